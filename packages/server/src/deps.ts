import type { Mailer } from './adapters/mail/mailer.ts';
import type { Clock } from './clock.ts';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { AuthRegistry } from './http/principal.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { MaintenanceService } from './modules/system/maintenance.service.ts';

/**
 * What every module gets when it registers. Modules export `register(app, deps)` and may add
 * their own services to `deps.services` so other modules call them (never their repos).
 */
export interface AppDeps {
  config: AppConfig;
  database: Database;
  db: Db;
  clock: Clock;
  mail: Mailer;
  jobs: JobQueue;
  auth: AuthRegistry;
  maintenance: MaintenanceService;
  /** Cross-module services, filled in by modules in registration order. */
  services: Record<string, unknown>;
}
