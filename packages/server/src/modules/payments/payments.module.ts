import { createProcessingSimulator } from '../../adapters/processing/processing.ts';
import { startSweep } from '../../jobs/sweep.ts';
import type { AppModule } from '../module.ts';
import { createPaymentsReadService } from './payments-read.service.ts';
import { statusCounts } from './payments.repo.ts';
import { registerPaymentRoutes } from './payments.routes.ts';
import { seedDemoPayments } from './payments.seed.ts';
import { createPaymentsService, PROCESS_JOB, type PaymentsService } from './payments.service.ts';
import { createProcessingService, type ProcessingService } from './processing.service.ts';

declare module '../../deps.ts' {
  interface ServiceRegistry {
    payments: PaymentsService;
    paymentsRead: ReturnType<typeof createPaymentsReadService>;
    /** The rail: settlement jobs, pay-ins (demo, operator), outage switch. */
    processing: ProcessingService;
  }
}

/** How often each server process sweeps for due payments whose job was lost (restart, outage). */
const SWEEP_MS = 30_000;

export const paymentsModule: AppModule = {
  name: 'payments',
  register(app, deps) {
    const rail = createProcessingSimulator();
    const processing = createProcessingService(deps, rail);
    deps.services.processing = processing;
    deps.services.payments = createPaymentsService(deps, rail);
    deps.services.paymentsRead = createPaymentsReadService(deps);
    deps.jobs.work<{ paymentId: string }>(PROCESS_JOB, async ({ paymentId }) => {
      await processing.processDue(paymentId);
    });
    startSweep(app, deps, { name: 'payments sweep', everyMs: SWEEP_MS, run: () => processing.runDue() });
    startSweep(app, deps, {
      name: 'payments expiry',
      everyMs: SWEEP_MS,
      run: () => processing.expireStale(),
    });
    // The dashboard's status chart counts real payments (it falls back to ledger entries without us).
    deps.services.dashboard?.usePaymentSource(async (merchantId, since) =>
      (await statusCounts(deps.db, merchantId, since)).map((c) => ({
        ...c,
        status: c.status,
      })),
    );
    registerPaymentRoutes(app, deps);
  },
  seed: seedDemoPayments,
};
