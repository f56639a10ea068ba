import type { AppModule } from '../module.ts';
import { registerTemplatesRoutes } from './templates.routes.ts';
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
    registerTemplatesRoutes(app, deps);
  },
};
