import { apiRoutes } from '@portal/domain';
import { service } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';
import type { AppModule } from '../module.ts';
import { createTemplatesService } from './templates.service.ts';

declare module '../../deps.ts' {
  interface ServiceRegistry {
    paymentTemplates: ReturnType<typeof createTemplatesService>;
  }
}

export const paymentTemplatesModule: AppModule = {
  name: 'payment-templates',
  register(app, deps) {
    deps.services.paymentTemplates = createTemplatesService(deps);
    const templates = () => service(deps, 'paymentTemplates');
    registerRoute(app, deps, apiRoutes.selectTemplates, async ({ params, body }, ctx) => ({
      success: true as const,
      ...(await templates().select(ctx.principal, params.page, params.rows, body)),
    }));
    registerRoute(app, deps, apiRoutes.saveTemplate, async ({ params, body }, ctx) => ({
      success: true as const,
      template: await templates().save(ctx.principal, params.id, body),
    }));
  },
};
