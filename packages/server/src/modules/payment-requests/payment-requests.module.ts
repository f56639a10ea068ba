import { service } from '../../deps.ts';
import { startSweep } from '../../jobs/sweep.ts';
import type { AppModule } from '../module.ts';
import { registerPaymentRequestRoutes } from './payment-requests.routes.ts';
import { seedNorthwindPayments } from './payment-requests.seed.ts';
import { createPaymentRequestsService, type PaymentRequestsService } from './payment-requests.service.ts';

declare module '../../deps.ts' {
  interface ServiceRegistry {
    /** MerchantService pay-in terminal: payment requests, hosted page, matching of pay-ins. */
    paymentRequests: PaymentRequestsService;
  }
}

/** How often each server process expires requests past their expiry. */
const SWEEP_MS = 30_000;

export const paymentRequestsModule: AppModule = {
  name: 'payment-requests',
  register(app, deps) {
    const requests = createPaymentRequestsService(deps);
    deps.services.paymentRequests = requests;
    // Matching runs inside the transaction that credits the pay-in.
    service(deps, 'processing').onPayIn((tx, payment, remittance) =>
      requests.matchIncoming(tx, payment, remittance),
    );
    startSweep(app, deps, {
      name: 'payment request expiry',
      everyMs: SWEEP_MS,
      run: () => requests.expireDue(),
    });
    registerPaymentRequestRoutes(app, deps);
  },
  seed: seedNorthwindPayments,
};
