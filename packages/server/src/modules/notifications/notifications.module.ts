import type { AppModule } from '../module.ts';
import { registerNotificationsRoutes } from './notifications.routes.ts';
import { createNotificationsService } from './notifications.service.ts';

/** New-transaction notifications: polled (spec §7) and pushed over Server-Sent Events. */
export const notificationsModule: AppModule = {
  name: 'notifications',
  register(app, deps) {
    registerNotificationsRoutes(app, deps, createNotificationsService(deps));
  },
};
