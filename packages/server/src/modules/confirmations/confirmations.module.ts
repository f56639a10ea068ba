import type { AppModule } from '../module.ts';
import { type ConfirmationService, createConfirmationService } from './confirmations.service.ts';

declare module '../../deps.ts' {
  interface ServiceRegistry {
    /** Strong customer authentication of money movements and approvals, for every area. */
    confirmations: ConfirmationService;
  }
}

/** No routes of its own: each area asks for a challenge and executes through its own calls. */
export const confirmationsModule: AppModule = {
  name: 'confirmations',
  register(_app, deps) {
    deps.services.confirmations = createConfirmationService(deps);
  },
};
