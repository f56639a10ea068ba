import multipart from '@fastify/multipart';
import { APP_FILE_LIMITS, apiRoutes } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';
import { readSingleFile } from '../../http/uploads.ts';
import { sendDocument } from '../boarding/http.ts';
import type { FilesService, UploadInput } from './files.service.ts';

/** Reads `file_type` and one `file` part. */
async function readUpload(req: FastifyRequest): Promise<UploadInput> {
  let fileType: string | undefined;
  const file = await readSingleFile(
    req,
    { notMultipart: 'FILE_UPLOAD_ERROR', noFile: 'FILE_UPLOAD_ERROR' },
    (name, value) => {
      if (name === 'file_type') fileType = value;
    },
  );
  return { fileType, ...file };
}

export async function registerFilesRoutes(app: FastifyInstance, deps: AppDeps, files: FilesService) {
  const r = apiRoutes;
  // Multipart only in this scope: no other route accepts form-data.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: APP_FILE_LIMITS.maxFileBytes, files: 1, fields: 4, parts: 5, fieldSize: 200 },
      throwFileSizeLimit: true,
    });
    registerRoute(scope, deps, r.fileUpload, async (_i, ctx, req) => ({
      success: true as const,
      file: await files.upload(ctx.principal.accountUuid, ctx.principal.contactId, await readUpload(req)),
    }));
  });
  registerRoute(app, deps, r.filesList, async ({ params, body }, ctx) => {
    const out = await files.list(ctx.principal.accountUuid, params.page, params.rows, body.file_type);
    return { success: true as const, files: out.files, total: out.total, missing_types: out.missingTypes };
  });
  registerRoute(app, deps, r.fileDownload, async ({ params }, ctx, _req, reply) => {
    const { row, bytes } = await files.content(ctx.principal.accountUuid, params.id);
    return sendDocument(reply, bytes, row.fileName, row.ext === 'pdf' ? 'application/pdf' : 'text/csv');
  });
  registerRoute(app, deps, r.fileRunVerification, async ({ params }, ctx) => ({
    success: true as const,
    file: await files.runVerification(ctx.principal.accountUuid, params.id),
  }));
  registerRoute(app, deps, r.fileResult, async ({ params }, ctx) => ({
    success: true as const,
    file: await files.view(ctx.principal.accountUuid, params.id),
  }));
  registerRoute(app, deps, r.fileComment, async ({ params, body }, ctx) => ({
    success: true as const,
    file: await files.comment(
      ctx.principal.accountUuid,
      params.id,
      `applicant (${ctx.principal.role})`,
      body.text,
    ),
  }));
}
