import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';

interface Sweep {
  /** What the warning says failed, e.g. 'fx settlement sweep'. */
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  /** Skip a tick while the previous run is still going (runs that can outlast the interval). */
  exclusive?: boolean;
}

/**
 * Runs `sweep.run` every `everyMs` in this process while background jobs are on (JOBS=on): the
 * safety net for work whose job was lost or that falls due by time. A failure is logged as a
 * warning and the next tick tries again; the timer never keeps the process alive and stops when
 * the server closes.
 */
export function startSweep(app: FastifyInstance, deps: AppDeps, sweep: Sweep): void {
  if (!deps.config.jobs) return;
  let running = false;
  const timer = setInterval(() => {
    // Not before the queue runs (its tables exist then): seeding and the cluster's supervisor never sweep.
    if (!deps.jobs.running || (sweep.exclusive && running)) return;
    running = true;
    sweep
      .run()
      .catch((err: unknown) => app.log.warn({ err }, `${sweep.name} failed`))
      .finally(() => {
        running = false;
      });
  }, sweep.everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
