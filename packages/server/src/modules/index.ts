import type { AppModule } from './module.ts';
import { boardingModule } from './boarding/boarding.module.ts';
import { authModule } from './auth/auth.module.ts';
import { confirmationsModule } from './confirmations/confirmations.module.ts';
import { directoryModule } from './directory/directory.module.ts';
import { referencesModule } from './references/references.module.ts';
import { surveyModule } from './survey/survey.module.ts';
import { merchantsModule } from './merchants/merchants.module.ts';
import { postbacksModule } from './postbacks/postbacks.module.ts';
import { settingsModule } from './settings/settings.module.ts';
import { systemModule } from './system/system.module.ts';
import { securityModule } from './security/security.module.ts';
import { usersModule } from './users/users.module.ts';
import { accountsModules } from './wallets/accounts-modules.ts';
import { paymentAreaModules } from './payments/payments-modules.ts';
import { virtualAccountsModule } from './virtual-accounts/va.module.ts';
import { messagesModule } from './messages/messages.module.ts';
import { noticesModule } from './notices/notices.module.ts';
import { fxModule } from './fx/fx.module.ts';
import { onchainModule } from './onchain/onchain.module.ts';
import { bulkPayoutsModule } from './bulk-payouts/bulk-payouts.module.ts';
import { operatorToolsModule } from './operator-tools/operator-tools.module.ts';
import { paymentRequestsModule } from './payment-requests/payment-requests.module.ts';
import { companyInfoModule } from './company-info/company-info.module.ts';

/**
 * Every area of the server, in registration (and seeding) order: an area may call the services
 * of the areas before it. Add new areas here.
 */
export const appModules: AppModule[] = [
  systemModule,
  authModule,
  confirmationsModule,
  referencesModule,
  securityModule,
  // merchants before users: users' createCompany inserts the company through merchants (issue 33).
  merchantsModule,
  usersModule,
  postbacksModule,
  settingsModule,
  boardingModule,
  directoryModule,
  surveyModule,
  ...accountsModules,
  ...paymentAreaModules,
  virtualAccountsModule,
  messagesModule,
  noticesModule,
  fxModule,
  onchainModule,
  bulkPayoutsModule,
  operatorToolsModule,
  paymentRequestsModule,
  companyInfoModule,
];
