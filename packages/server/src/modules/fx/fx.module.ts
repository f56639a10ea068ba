import { createFxRatesSimulator } from '../../adapters/fx-rates/fx-rates.ts';
import { startSweep } from '../../jobs/sweep.ts';
import type { AppModule } from '../module.ts';
import { registerFxRoutes } from './fx.routes.ts';
import { seedFx } from './fx.seed.ts';
import { createFxService, FX_SETTLE_JOB, type FxService } from './fx.service.ts';

declare module '../../deps.ts' {
  interface ServiceRegistry {
    /** Quotes, exchanges, NBD/SBD settlement; `indicativeRate` for other areas (on-chain). */
    fx: FxService;
  }
}

/** How often each server process sweeps for booked exchanges whose settlement job was lost. */
const SWEEP_MS = 30_000;

export const fxModule: AppModule = {
  name: 'fx',
  register(app, deps) {
    const fx = createFxService(deps, createFxRatesSimulator());
    deps.services.fx = fx;
    deps.jobs.work<{ exchangeId: string }>(FX_SETTLE_JOB, async ({ exchangeId }) => {
      await fx.settleDue(exchangeId);
    });
    startSweep(app, deps, { name: 'fx settlement sweep', everyMs: SWEEP_MS, run: () => fx.runDue() });
    registerFxRoutes(app, deps);
  },
  seed: seedFx,
};
