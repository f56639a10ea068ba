import type { AppModule } from '../module.ts';
import { registerDashboardRoutes } from './dashboard.routes.ts';
import { createDashboardService, type DashboardService } from './dashboard.service.ts';

declare module '../../deps.ts' {
  interface ServiceRegistry {
    /** Payments plug their rows into the status chart with `usePaymentSource`. */
    dashboard: DashboardService;
  }
}

export const dashboardModule: AppModule = {
  name: 'dashboard',
  register(app, deps) {
    deps.services.dashboard = createDashboardService(deps);
    registerDashboardRoutes(app, deps);
  },
};
