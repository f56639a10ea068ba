import { startSweep } from '../../jobs/sweep.ts';
import type { AppModule } from '../module.ts';
import { service } from '../../deps.ts';
import { createIpGuard, type IpGuard } from './ip-guard.ts';
import {
  createNotificationDelivery,
  NOTIFY_JOB,
  type NotificationDelivery,
} from './notification-delivery.ts';
import { createNotificationJobs } from './notification-jobs.ts';
import { enqueueSecurityNotification } from './notification-outbox.ts';
import { registerSettingsRoutes } from './settings.routes.ts';
import { createSettingsService, type SettingsService } from './settings.service.ts';

declare module '../../deps.ts' {
  interface ServiceRegistry {
    settings: SettingsService;
    notificationDelivery: NotificationDelivery;
    ipGuard: IpGuard;
  }
}

/** How often reminders and statement mails are looked for (per server process; runs are recorded, never repeated). */
const NOTIFICATION_SWEEP_MS = 5 * 60_000;
/** How often new-payment and security notifications are looked for (new ones and retries). */
const DELIVERY_SWEEP_MS = 2_000;
/** A delivery job keeps working newly due notifications for up to this long before it ends. */
const NOTIFY_DRAIN_BUDGET_MS = 20_000;

/** Company settings (IP white list, postback and notification URLs, messengers) and their enforcement. */
export const settingsModule: AppModule = {
  name: 'settings',
  register(app, deps) {
    const guard = createIpGuard(deps);
    // Login checks the white list too (issue 34), before it issues any token.
    deps.services.ipGuard = guard;
    // Every call of a logged-in client user passes the white list of the company they act for.
    const resolveUser = deps.auth.get('user');
    if (!resolveUser) throw new Error('settings must register after the auth module');
    deps.auth.set('user', async (req, route) => {
      const principal = await resolveUser(req, route);
      await guard.check(principal, req);
      return principal;
    });
    const settings = createSettingsService(deps, guard);
    deps.services.settings = settings;
    registerSettingsRoutes(app, deps, settings);

    // New-payment and security notifications: queued in the transaction of the change (payments
    // call notification-outbox.ts; security records through this listener), sent by a worker.
    service(deps, 'securityHistory').listen((db, e, at) => enqueueSecurityNotification(db, e, at));
    const delivery = createNotificationDelivery(deps);
    deps.services.notificationDelivery = delivery;
    deps.jobs.work<{ ids: number[] }>(NOTIFY_JOB, async ({ ids }) => {
      await delivery.deliver(ids);
      await delivery.drainDue(NOTIFY_DRAIN_BUDGET_MS);
    });
    startSweep(app, deps, {
      name: 'notification dispatch',
      everyMs: DELIVERY_SWEEP_MS,
      run: () => delivery.dispatch(),
      exclusive: true,
    });
    if (deps.config.jobs) {
      const jobs = createNotificationJobs(deps);
      startSweep(app, deps, {
        name: 'notification jobs',
        everyMs: NOTIFICATION_SWEEP_MS,
        run: () => jobs.run(),
        exclusive: true,
      });
    }
  },
};
