import { apiRoutes } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';
import type { NotificationsService } from './notifications.service.ts';
import { registerNotificationStream } from './stream.ts';

export function registerNotificationsRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  notifications: NotificationsService,
) {
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
}
