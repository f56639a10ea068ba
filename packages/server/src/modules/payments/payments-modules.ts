import { checksModule } from '../checks/checks.module.ts';
import type { AppModule } from '../module.ts';
import { notificationsModule } from '../notifications/notifications.module.ts';
import { paymentTemplatesModule } from '../payment-templates/templates.module.ts';
import { paymentsModule } from './payments.module.ts';

/** The payments area's modules; templates register before payments' seed uses them (seeds run after all). */
export const paymentAreaModules: AppModule[] = [
  paymentTemplatesModule,
  paymentsModule,
  checksModule,
  notificationsModule,
];
