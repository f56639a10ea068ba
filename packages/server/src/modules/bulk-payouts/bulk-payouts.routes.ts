import multipart from '@fastify/multipart';
import { apiRoutes, BULK_MAX_BYTES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, service } from '../../deps.ts';
import { proofOf } from '../../http/confirmation-proof.ts';
import { registerRoute } from '../../http/register.ts';
import { readSingleFile } from '../../http/uploads.ts';

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
      ...(await bulk().upload(
        ctx,
        await readSingleFile(req, { notMultipart: 'BULK_FILE_TYPE', noFile: 'BULK_FILE_EMPTY' }),
      )),
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
  registerRoute(app, deps, apiRoutes.bulkStatusReport, async ({ params }, ctx, _req, reply) => {
    const { fileName, xml } = await bulk().statusReport(ctx.principal, params.id);
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('x-content-type-options', 'nosniff');
    return xml;
  });
}
