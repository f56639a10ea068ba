import { apiRoutes } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, service } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';

export function registerTemplatesRoutes(app: FastifyInstance, deps: AppDeps) {
  const templates = () => service(deps, 'paymentTemplates');
  registerRoute(app, deps, apiRoutes.selectTemplates, async ({ params, body }, ctx) => ({
    success: true as const,
    ...(await templates().select(ctx.principal, params.page, params.rows, body)),
  }));
  registerRoute(app, deps, apiRoutes.saveTemplate, async ({ params, body }, ctx) => ({
    success: true as const,
    template: await templates().save(ctx.principal, params.id, body),
  }));
}
