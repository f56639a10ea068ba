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
  services: Partial<ServiceRegistry>;
}

/**
 * Services one module offers to others. A module adds its entry by augmentation:
 * `declare module '../../deps.ts' { interface ServiceRegistry { sessions: SessionService } }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by module augmentation
export interface ServiceRegistry {}

/** A service registered by an earlier module; a wrong module order fails at start, loudly. */
export function service<K extends keyof ServiceRegistry>(deps: AppDeps, name: K): ServiceRegistry[K] {
  const s = deps.services[name];
  if (!s) throw new Error(`service ${String(name)} is not registered yet (check module order)`);
  return s as ServiceRegistry[K];
}
