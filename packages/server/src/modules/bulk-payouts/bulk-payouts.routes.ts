import multipart from '@fastify/multipart';
import { apiRoutes, BULK_MAX_BYTES } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import { registerRoute } from '../../http/register.ts';
import type { IncomingFile } from './bulk-payouts.service.ts';

const proofOf = (b: { challenge_id: string; password: string; secret_code: string }) => ({
  challengeId: b.challenge_id,
  password: b.password,
  code: b.secret_code,
});

/** One `file` part; the size limit stops reading one byte past the maximum. */
async function readFile(req: FastifyRequest): Promise<IncomingFile> {
  if (!req.isMultipart()) throw new DomainError('BULK_FILE_TYPE');
  for await (const part of req.parts()) {
    if (part.type === 'field') continue;
    const bytes = await part.toBuffer().catch((err: { code?: string }) => {
      if (err.code === 'FST_REQ_FILE_TOO_LARGE') return null;
      throw err;
    });
    return {
      fileName: part.filename,
      bytes: bytes ?? Buffer.alloc(0),
      truncated: bytes === null || part.file.truncated,
    };
  }
  throw new DomainError('BULK_FILE_EMPTY');
}

/** The pay-out terminal (issue 14): parse, call one service function, answer. */
export async function registerBulkPayoutRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const bulk = () => service(deps, 'bulkPayouts');
  const ok = true as const;

  // Multipart only in this scope: the batch upload.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: BULK_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 200 },
      throwFileSizeLimit: true,
    });
    registerRoute(scope, deps, apiRoutes.bulkUpload, async (_i, ctx, req) => ({
      success: ok,
      ...(await bulk().upload(ctx, await readFile(req))),
    }));
  });

  registerRoute(app, deps, apiRoutes.bulkList, async (_i, ctx) => ({
    success: ok,
    batches: await bulk().list(ctx.principal),
  }));
  registerRoute(app, deps, apiRoutes.bulkGet, async ({ params }, ctx) => ({
    success: ok,
    batch: await bulk().get(ctx.principal, params.id),
  }));
  registerRoute(app, deps, apiRoutes.bulkIssues, async ({ params }, ctx) => ({
    success: ok,
    ...(await bulk().issues(ctx.principal, params.id)),
  }));
  registerRoute(app, deps, apiRoutes.bulkChallenge, async ({ params, body }, ctx) => ({
    success: ok,
    confirmation: await bulk().challenge(ctx.principal, params.id, body.action),
  }));
  registerRoute(app, deps, apiRoutes.bulkConfirm, async ({ params, body }, ctx) => ({
    success: ok,
    batch: await bulk().confirm(ctx, params.id, proofOf(body)),
  }));
  registerRoute(app, deps, apiRoutes.bulkApprove, async ({ params, body }, ctx) => ({
    success: ok,
    batch: await bulk().approve(ctx, params.id, proofOf(body)),
  }));
  registerRoute(app, deps, apiRoutes.bulkDiscard, async ({ params }, ctx) => ({
    success: ok,
    batch: await bulk().discard(ctx, params.id),
  }));
  registerRoute(app, deps, apiRoutes.bulkReport, async ({ params }, ctx, _req, reply) => {
    const { fileName, csv } = await bulk().report(ctx.principal, params.id);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('x-content-type-options', 'nosniff');
    return csv;
  });
}
