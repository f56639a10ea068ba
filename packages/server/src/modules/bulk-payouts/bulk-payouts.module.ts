import { startSweep } from '../../jobs/sweep.ts';
import type { AppModule } from '../module.ts';
import { registerBulkPayoutRoutes } from './bulk-payouts.routes.ts';
import { BULK_RUN_JOB, type BulkPayoutsService, createBulkPayoutsService } from './bulk-payouts.service.ts';

declare module '../../deps.ts' {
  interface ServiceRegistry {
    /** The pay-out terminal: bulk pay-out batches from CSV or pain.001 files. */
    bulkPayouts: BulkPayoutsService;
  }
}

/** How often each server process looks for batch runs lost to a restart. */
const SWEEP_MS = 60_000;

export const bulkPayoutsModule: AppModule = {
  name: 'bulk-payouts',
  async register(app, deps) {
    const bulk = createBulkPayoutsService(deps);
    deps.services.bulkPayouts = bulk;
    deps.jobs.work<{ batchId: string }>(BULK_RUN_JOB, async ({ batchId }) => {
      await bulk.run(batchId);
    });
    startSweep(app, deps, { name: 'bulk pay-out sweep', everyMs: SWEEP_MS, run: () => bulk.runStalled() });
    await registerBulkPayoutRoutes(app, deps);
  },
};
