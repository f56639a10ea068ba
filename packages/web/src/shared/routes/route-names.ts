import { buildPath } from '@portal/domain';

/**
 * Route names and paths exactly as spec §2. Paths use the router's syntax (`:param`, `:param?`).
 * Other areas link by name: `href('mi_accounts')`, `href('mi_acc_payments', { workMode: 'list' })`.
 */
export const routeNames = {
  main: '',
  mi_accounts: '/acclst',
  mi_acc_payments: '/payments/:workMode',
  mi_paybalance: '/transactions/:workMode',
  mi_ecosystem: '/cjclique',
  login: '/frlgn',
  slfrgn: '/frusrs/slfrgn/:code',
  renewp: '/frusrs/renewp/:code',
  'email-confirmation': '/user/email-confirmation/:token',
  err: '/err',
  /** Not in the spec's route table: the menu's Security entry needs a screen (see the report / docs/decisions.md). */
  security: '/security',
  /** Not in the spec's route table: security actions history, user settings and user management (menu entries). */
  securityHistory: '/security-history',
  userSettings: '/settings/user',
  /** Not in the spec's route table: Company settings (menu entry; issue 9). */
  companySettings: '/settings/company',
  users: '/users',
  /** Not in the spec's route table: details of one account (wallet) of mi_accounts, bookmarkable. */
  mi_account: '/acclst/:uuid',
  /** Not in the spec's route table: the closing daily balances screen (spec §2 screens by area). */
  mi_daily_balances: '/acclst/daily-balances',
  /** Not in the spec's route table: the operator console of the admin groups (boarding records). */
  operator: '/operator',
  /** Not in the spec's route table: staff moderation of the crypto-sector directory. */
  operatorDirectory: '/operator/directory',
  /** Not in the spec's route table: staff define client surveys and read the answers. */
  operatorSurveys: '/operator/surveys',
  /** Not in the spec's route table: staff tools (maintenance, wallet status, memberships, invitation codes). */
  operatorTools: '/operator/tools',
  operatorRecord: '/operator/:uuid',
  /** Not in the spec's route table: virtual accounts of a wallet, their requests and forms (spec §2 Virtual Accounts). */
  mi_virtual_accounts: '/acclst/:uuid/virtual-accounts',
  mi_va_requests: '/acclst/:uuid/virtual-accounts/requests',
  mi_va_request: '/acclst/:uuid/virtual-accounts/requests/:requestUuid',
  mi_va_new: '/acclst/:uuid/virtual-accounts/new/:type',
  /** Not in the spec's route table: VA groups and request review in the operator console. */
  operatorVirtualAccounts: '/operator/virtual-accounts',
  /** Not in the spec's route table: provider staff act as a client user (spec §6 users/getHash). */
  impersonation: '/impersonate',
  /** Not in the spec's route table: FX history and the exchange dialogs (menu FX, Currency Exchange …). */
  fx: '/fx',
  onchain: '/onchain',
  /** Not in the spec's route table: Messages and Notifications menu entries (spec §2), issue 11. */
  messages: '/messages/:folder',
  messageThread: '/messages/thread/:id',
  notifications: '/notifications',
  operatorCases: '/operator/cases',
  operatorCase: '/operator/cases/:id',
  operatorNotices: '/operator/notices',
  /** Not in the spec's route table: MerchantService pay-in terminal (spec §2 menu) and its public hosted page (issue 14). */
  payinTerminal: '/payin-terminal',
  hostedPayment: '/pay/:token',
  /** MerchantService pay-out terminal (bulk pay-outs, issue 14); its screen is the bulk pay-outs area's. */
  bulkPayouts: '/payout-terminal',
  /** Not in the spec's route table: List of Contacts, provider contacts, Features and Alerts (issue 18). */
  companyContacts: '/company/contacts',
  providerContacts: '/company/provider-contacts',
  featuresAlerts: '/company/features-alerts',
} as const;

/** Boarding mode (spec §2). `main` children are relative to `/:uuid/:role`. */
export const boardingRouteNames = {
  err: '/err/:uuid?/:role?',
  login: '/brd/:uuid/:role',
  main: '/:uuid/:role',
  appforms: '/:uuid/:role/appforms',
  appfiles: '/:uuid/:role/appfiles',
  offers: '/:uuid/:role/offers',
  contracts: '/:uuid/:role/contracts',
  verification: '/verifications/:uuid/:role/:contactUuid',
  meetings: '/meetings',
} as const;

export type RouteName = keyof typeof routeNames;
export type BoardingRouteName = keyof typeof boardingRouteNames;
type Params = Record<string, string | number | undefined>;

const withQuery = (path: string, query?: Record<string, string | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

/** URL of a normal-mode route by name. */
export const href = (name: RouteName, params?: Params, query?: Record<string, string | undefined>): string =>
  withQuery(buildPath(routeNames[name], params) || '/', query);

/** URL of a boarding-mode route by name. */
export const boardingHref = (
  name: BoardingRouteName,
  params?: Params,
  query?: Record<string, string | undefined>,
): string => withQuery(buildPath(boardingRouteNames[name], params) || '/', query);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string | undefined): boolean => !!value && UUID.test(value);

/** A path is in boarding mode when its first segment is a UUID or one of the boarding-only prefixes. */
export function isBoardingPath(pathname: string): boolean {
  const first = pathname.split('/').filter(Boolean)[0];
  return isUuid(first) || first === 'brd' || first === 'verifications';
}

/** Only same-site paths are accepted as a post-login target (no `//evil.example`, no scheme). */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  return target;
}
