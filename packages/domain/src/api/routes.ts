import { merchantRoutes } from '../merchants/merchants.api.ts';
import { systemRoutes } from '../system/system.api.ts';
import { paymentAreaRoutes } from '../payments/index.ts';
import { allBoardingRoutes } from '../boarding/index.ts';
import { identityRoutes } from '../identity/identity.api.ts';
import { dashboardRoutes } from '../wallets/dashboard.api.ts';
import { walletRoutes } from '../wallets/wallets.api.ts';

/**
 * The one route table of the API (design §2): server registers every entry, the browser calls them
 * by name and the OpenAPI document is generated from it. Each area spreads its own record in here.
 */
export const apiRoutes = {
  ...systemRoutes,
  ...merchantRoutes,
  ...paymentAreaRoutes,
  ...allBoardingRoutes,
  ...identityRoutes,
  ...walletRoutes,
  ...dashboardRoutes,
} as const;

export type ApiRoutes = typeof apiRoutes;
export type RouteName = keyof ApiRoutes;
