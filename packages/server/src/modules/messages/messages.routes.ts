import multipart from '@fastify/multipart';
import { apiRoutes, caseAnswerSchema, MESSAGE_ATTACHMENT_LIMITS, newMessageSchema } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { DomainError, validationError } from '../../http/errors.ts';
import { registerRoute, zodFields } from '../../http/register.ts';
import { filePartBytes } from '../../http/uploads.ts';
import { meta, sendDocument } from '../boarding/http.ts';
import type { IncomingFile } from './attachments.ts';
import type { MessagesService } from './messages.service.ts';

const { maxFileBytes, maxFileMb, maxFiles } = MESSAGE_ATTACHMENT_LIMITS;

/** JSON body, or multipart form data: text fields plus `files` parts. */
async function readMessageBody(req: FastifyRequest): Promise<{ fields: unknown; files: IncomingFile[] }> {
  if (!req.isMultipart()) return { fields: req.body ?? {}, files: [] };
  const fields: Record<string, string> = {};
  const files: IncomingFile[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const bytes = await filePartBytes(part);
      if (bytes === null || part.file.truncated)
        throw new DomainError('ATTACHMENT_SIZE_EXCEEDED', { maxMb: maxFileMb });
      files.push({ fileName: part.filename, bytes, truncated: false });
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT')
      throw new DomainError('ATTACHMENT_COUNT_EXCEEDED', { max: maxFiles });
    throw err;
  }
  return { fields, files };
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw validationError(zodFields(r.error));
  return r.data;
}

export async function registerMessagesRoutes(app: FastifyInstance, deps: AppDeps, s: MessagesService) {
  const r = apiRoutes;
  // Multipart only in this scope (new message, reply, staff answer).
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // Keep the name as sent, so a path in it is refused instead of silently cut off.
      preservePath: true,
      limits: {
        fileSize: maxFileBytes,
        files: maxFiles,
        fields: 10,
        parts: maxFiles + 10,
        fieldSize: 20_000,
      },
      throwFileSizeLimit: true,
    });
    registerRoute(scope, deps, r.messagesAdd, async (_i, ctx, req) => {
      const { fields, files } = await readMessageBody(req);
      return {
        success: true as const,
        message: await s.add(ctx.principal, parse(newMessageSchema, fields), files),
      };
    });
    registerRoute(scope, deps, r.opCaseAnswer, async ({ params }, ctx, req) => {
      const { fields, files } = await readMessageBody(req);
      return {
        success: true as const,
        ...(await s.answer(ctx.principal, params.id, parse(caseAnswerSchema, fields), files, meta(ctx))),
      };
    });
  });

  registerRoute(app, deps, r.messageTypes, async () => ({
    success: true as const,
    message_types: s.types(),
  }));
  registerRoute(app, deps, r.messagesList, async ({ params, body }, ctx) => ({
    success: true as const,
    ...(await s.list(ctx.principal, params.folder, params.page, params.rows, params.order, body)),
  }));
  registerRoute(app, deps, r.messagesLinkedList, async ({ params }, ctx) => ({
    success: true as const,
    ...(await s.thread(ctx.principal, params.id)),
  }));
  registerRoute(app, deps, r.messagesDelete, async ({ body }, ctx) => ({
    success: true as const,
    deleted: await s.deleteMessages(ctx.principal, body.messages),
  }));
  registerRoute(app, deps, r.messagesDeleteSequence, async ({ body }, ctx) => ({
    success: true as const,
    deleted: await s.deleteThreads(ctx.principal, body.root_uuids),
  }));
  registerRoute(app, deps, r.messagesReadStatus, async ({ body }, ctx) => ({
    success: true as const,
    message: await s.markRead(ctx.principal, body.messages),
  }));
  registerRoute(app, deps, r.messagesUnreadQuantity, async (_i, ctx) => ({
    success: true as const,
    merchant_unreads: await s.unreadQuantity(ctx.principal),
  }));
  registerRoute(app, deps, r.messageAttachmentGet, async ({ params, body }, ctx, _req, reply) => {
    const file = await s.attachment(ctx.principal, params.a, body.file_link);
    return sendDocument(reply, file.bytes, file.name, file.ext === 'pdf' ? 'application/pdf' : 'text/csv');
  });

  registerRoute(app, deps, r.opCasesList, async ({ params, body }, ctx) => ({
    success: true as const,
    ...(await s.listCases(ctx.principal.userId, params.page, params.rows, body)),
  }));
  registerRoute(app, deps, r.opCaseGet, async ({ params }) => ({
    success: true as const,
    ...(await s.getCase(params.id)),
  }));
  registerRoute(app, deps, r.opCaseStatus, async ({ params, body }, ctx) => ({
    success: true as const,
    case: await s.setStatus(ctx.principal, params.id, body.crm_status, meta(ctx)),
  }));
  registerRoute(app, deps, r.opCaseAssign, async ({ params, body }) => ({
    success: true as const,
    case: await s.assign(params.id, body.user_id),
  }));
  registerRoute(app, deps, r.opStaffList, async () => ({ success: true as const, staff: await s.staff() }));
}
