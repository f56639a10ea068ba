import { createFxRatesSimulator } from '../../adapters/fx-rates/fx-rates.ts';
import type { AppModule } from '../module.ts';
import { registerFxRoutes } from './fx.routes.ts';
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
    if (deps.config.jobs) {
      const timer = setInterval(() => {
        fx.runDue().catch((err: unknown) => app.log.warn({ err }, 'fx settlement sweep failed'));
      }, SWEEP_MS);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
    registerFxRoutes(app, deps);
  },
};
