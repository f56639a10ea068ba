import type { AppModule } from './module.ts';
import { boardingModule } from './boarding/boarding.module.ts';
import { authModule } from './auth/auth.module.ts';
import { merchantsModule } from './merchants/merchants.module.ts';
import { systemModule } from './system/system.module.ts';
import { securityModule } from './security/security.module.ts';
import { usersModule } from './users/users.module.ts';
import { accountsModules } from './wallets/accounts-modules.ts';
import { paymentAreaModules } from './payments/payments-modules.ts';

/**
 * Every area of the server, in registration (and seeding) order: an area may call the services
 * of the areas before it. Add new areas here.
 */
export const appModules: AppModule[] = [
  systemModule,
  authModule,
  securityModule,
  usersModule,
  merchantsModule,
  boardingModule,
  ...accountsModules,
  ...paymentAreaModules,
];
