import { createCopSimulator } from '../../adapters/cop/cop.ts';
import type { AppModule } from '../module.ts';
import { registerChecksRoutes } from './checks.routes.ts';
import { createChecksService } from './checks.service.ts';

/** Requisite checks of the new-payment form: IBAN reachability, intermediary BIC, Confirmation of Payee. */
export const checksModule: AppModule = {
  name: 'checks',
  register(app, deps) {
    registerChecksRoutes(app, deps, createChecksService(createCopSimulator()));
  },
};
