import { merchantRoutes } from '../merchants/merchants.api.ts';
import { directoryRoutes } from '../directory/directory.api.ts';
import { referenceRoutes } from '../references/references.api.ts';
import { surveyRoutes } from '../survey/survey.api.ts';
import { systemRoutes } from '../system/system.api.ts';
import { paymentAreaRoutes } from '../payments/index.ts';
import { allBoardingRoutes } from '../boarding/index.ts';
import { identityRoutes } from '../identity/identity.api.ts';
import { dashboardRoutes } from '../wallets/dashboard.api.ts';
import { walletRoutes } from '../wallets/wallets.api.ts';
import { walletTransferRoutes } from '../wallets/wallet-transfer.ts';
import { fxRoutes } from '../fx/fx.api.ts';
import { virtualAccountRoutes } from '../virtual-accounts/va.api.ts';
import { settingsRoutes } from '../settings/settings.api.ts';
import { messageRoutes, supportConsoleRoutes } from '../messages/messages.api.ts';
import { noticeRoutes } from '../notices/notices.api.ts';
import { onchainRoutes } from '../onchain/onchain.api.ts';
import { bulkPayoutRoutes } from '../bulk-payouts/bulk.api.ts';
import { operatorToolsRoutes } from '../operator-tools/operator-tools.api.ts';
import { paymentRequestRoutes } from '../payment-requests/payment-requests.api.ts';
import { companyInfoRoutes } from '../company-info/company-info.api.ts';
import type { ErrorCode } from '../errors/index.ts';

/**
 * The one route table of the API (design §2): server registers every entry, the browser calls them
 * by name and the OpenAPI document is generated from it. Each area spreads its own record in here.
 */
export const apiRoutes = {
  ...systemRoutes,
  ...merchantRoutes,
  ...directoryRoutes,
  ...referenceRoutes,
  ...surveyRoutes,
  ...paymentAreaRoutes,
  ...allBoardingRoutes,
  ...identityRoutes,
  ...walletRoutes,
  ...walletTransferRoutes,
  ...dashboardRoutes,
  ...fxRoutes,
  ...virtualAccountRoutes,
  ...messageRoutes,
  ...supportConsoleRoutes,
  ...noticeRoutes,
  ...settingsRoutes,
  ...onchainRoutes,
  ...bulkPayoutRoutes,
  ...operatorToolsRoutes,
  ...paymentRequestRoutes,
  ...companyInfoRoutes,
  // A route's own refusals must be codes of the catalogue (route.ts cannot import their type).
} as const satisfies Record<string, { errors?: readonly ErrorCode[] }>;

export type ApiRoutes = typeof apiRoutes;
export type RouteName = keyof ApiRoutes;
