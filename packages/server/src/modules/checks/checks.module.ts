import { apiRoutes } from '@portal/domain';
import { createCopSimulator } from '../../adapters/cop/cop.ts';
import { registerRoute } from '../../http/register.ts';
import type { AppModule } from '../module.ts';
import { createChecksService } from './checks.service.ts';

/** Requisite checks of the new-payment form: IBAN reachability, intermediary BIC, Confirmation of Payee. */
export const checksModule: AppModule = {
  name: 'checks',
  register(app, deps) {
    const checks = createChecksService(createCopSimulator());
    registerRoute(app, deps, apiRoutes.checkRequisite, async ({ params, body }) => ({
      success: true as const,
      ...checks.checkRequisite(params.method, params.currency, body.iban),
    }));
    registerRoute(app, deps, apiRoutes.checkIntermediary, async ({ body }) => ({
      success: true as const,
      bank: checks.checkIntermediary(body.bankSwiftCode),
    }));
    registerRoute(app, deps, apiRoutes.checkCop, async ({ params, body }) => ({
      success: true as const,
      ...(await checks.checkCop(params.method, body.payee, body.payeeRequisite, body.payee_type)),
    }));
  },
};
