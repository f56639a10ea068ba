import { apiRoutes, PROVIDER_ENTITIES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';
import { healthReport } from './system.service.ts';

export function registerSystemRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, apiRoutes.health, async (_in, _ctx, _req, reply) => {
    const report = await healthReport(deps);
    if (report.status !== 'ok') reply.code(503);
    return report;
  });

  registerRoute(app, deps, apiRoutes.platform, async (_in, ctx) => ({
    success: true as const,
    platform: PROVIDER_ENTITIES[ctx.platform],
    maintenance: await deps.maintenance.state(),
  }));

  registerRoute(app, deps, apiRoutes.planMaintenance, async ({ body }, ctx) => ({
    success: true as const,
    maintenance: await deps.maintenance.plan(
      new Date(body.startsAt),
      body.message,
      ctx.principal.userId,
      body.messageRu,
    ),
  }));

  registerRoute(app, deps, apiRoutes.startMaintenance, async ({ body }, ctx) => ({
    success: true as const,
    maintenance: await deps.maintenance.start(body.message, ctx.principal.userId, body.messageRu),
  }));

  registerRoute(app, deps, apiRoutes.endMaintenance, async (_in, ctx) => ({
    success: true as const,
    maintenance: await deps.maintenance.end(ctx.principal.userId),
  }));
}
