import { startSweep } from '../../jobs/sweep.ts';
import type { AppModule } from '../module.ts';
import { registerPostbackRoutes } from './postbacks.routes.ts';
import { createPostbacksService, DELIVER_JOB, type PostbacksService } from './postbacks.service.ts';

declare module '../../deps.ts' {
  interface ServiceRegistry {
    postbacks: PostbacksService;
  }
}

/** How often each server process looks for due postback events (new ones and retries). */
const SWEEP_MS = 500;
/** A worker job keeps delivering newly due events for up to this long before it ends. */
const DRAIN_BUDGET_MS = 20_000;

/** Postback delivery from the transactional outbox (design §7): worker, retries, log, secrets. */
export const postbacksModule: AppModule = {
  name: 'postbacks',
  register(app, deps) {
    const postbacks = createPostbacksService(deps);
    deps.services.postbacks = postbacks;
    deps.jobs.work<{ ids: number[] }>(DELIVER_JOB, async ({ ids }) => {
      await postbacks.deliver(ids);
      await postbacks.drainDue(DRAIN_BUDGET_MS);
    });
    startSweep(app, deps, {
      name: 'postback dispatch',
      everyMs: SWEEP_MS,
      run: () => postbacks.dispatch(),
      exclusive: true,
    });
    registerPostbackRoutes(app, deps);
  },
};
