import { apiRoutes } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';
import type { DirectoryService } from './directory.service.ts';

export function registerDirectoryRoutes(app: FastifyInstance, deps: AppDeps, directory: DirectoryService) {
  registerRoute(app, deps, apiRoutes.directoryList, async ({ params, body }, ctx) => ({
    success: true as const,
    ...(await directory.list(ctx.principal, body, params.page, params.rows)),
  }));
  registerRoute(app, deps, apiRoutes.directoryOwn, async (_req, ctx) => ({
    success: true as const,
    ...(await directory.own(ctx.principal)),
  }));
  registerRoute(app, deps, apiRoutes.directoryJoin, async ({ body }, ctx) => ({
    success: true as const,
    entry: await directory.join(ctx, body),
  }));
  registerRoute(app, deps, apiRoutes.directoryChange, async ({ body }, ctx) => ({
    success: true as const,
    entry: await directory.change(ctx, body),
  }));
  registerRoute(app, deps, apiRoutes.directoryLeave, async (_req, ctx) => {
    await directory.leave(ctx);
    return { success: true as const };
  });
  registerRoute(app, deps, apiRoutes.operatorDirectoryList, async ({ params, body }) => ({
    success: true as const,
    ...(await directory.operatorList(body, params.page, params.rows)),
  }));
  registerRoute(app, deps, apiRoutes.operatorDirectoryModerate, async ({ params, body }, ctx) => ({
    success: true as const,
    entry: await directory.moderate(ctx, params.merchantId, body.status, body.note),
  }));
}
