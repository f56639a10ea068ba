import { apiRoutes } from '@portal/domain';
import { registerRoute } from '../../http/register.ts';
import type { AppModule } from '../module.ts';
import { createNotificationsService } from './notifications.service.ts';
import { registerNotificationStream } from './stream.ts';

/** New-transaction notifications: polled (spec §7) and pushed over Server-Sent Events. */
export const notificationsModule: AppModule = {
  name: 'notifications',
  register(app, deps) {
    const notifications = createNotificationsService(deps);
    registerRoute(app, deps, apiRoutes.newTransactions, async ({ body }, ctx) => ({
      success: true as const,
      ...(await notifications.newTransactions(ctx.principal, {
        inbound: body.last_charge_date_inbound ?? null,
        outbound: body.last_operation_timestamp_outbound ?? null,
      })),
    }));
    registerRoute(app, deps, apiRoutes.markNotificationsSeen, async ({ body }, ctx) => ({
      success: true as const,
      unseen: await notifications.markSeen(ctx.principal, body.panel),
    }));
    registerNotificationStream(app, deps);
  },
};
