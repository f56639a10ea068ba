import type { AppModule } from '../module.ts';
import { registerSecurityRoutes } from './security.routes.ts';
import { createSecurityHistoryService, type SecurityHistoryService } from './security.service.ts';

declare module '../../deps.ts' {
  interface ServiceRegistry {
    securityHistory: SecurityHistoryService;
  }
}

/** Security history (spec §3): every login, logout, refusal, credential change, impersonation, block. */
export const securityModule: AppModule = {
  name: 'security',
  register(app, deps) {
    deps.services.securityHistory = createSecurityHistoryService({ db: deps.db, clock: deps.clock });
    registerSecurityRoutes(app, deps);
  },
};
