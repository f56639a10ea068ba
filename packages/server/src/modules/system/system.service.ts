import type { AppDeps } from '../../deps.ts';
import * as repo from './system.repo.ts';

export const APP_VERSION = '0.1.0';

export async function healthReport(deps: Pick<AppDeps, 'database' | 'jobs'>) {
  const started = performance.now();
  let dbOk = true;
  try {
    await repo.ping(deps.database);
  } catch {
    dbOk = false;
  }
  const latencyMs = Math.round((performance.now() - started) * 100) / 100;
  let queued = 0;
  let jobsOk = deps.jobs.running;
  try {
    queued = await deps.jobs.pending();
  } catch {
    jobsOk = false;
  }
  return {
    status: dbOk && jobsOk ? ('ok' as const) : ('degraded' as const),
    database: { ok: dbOk, driver: deps.database.driver, latencyMs },
    jobs: { ok: jobsOk, queued },
    version: APP_VERSION,
  };
}
