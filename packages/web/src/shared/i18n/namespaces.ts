/**
 * i18n namespaces: one per translation file the spec lists (§2), plus `common` and `errors`.
 * To add one: append its name here and create `src/locales/{en-gb,ru}/<name>.json`; the locales
 * test then requires both files to have the same keys.
 */
export const NAMESPACES = [
  'common',
  'errors',
  'login',
  'menu',
  'settings',
  'users',
  'security',
  'securityHistory',
  'survey',
  'wizard',
  'wallets',
  'ibans',
  'payments',
  'onchainTransfer',
  'ecosystem',
  'files',
  'inactivity',
  'email',
  'dates',
  'tableColumns',
  /** Dashboard widgets (not a spec translation file: the spec lists none for the dashboard). */
  'dashboard',
  /** The operator console of the admin groups (boarding records). */
  'operator',
  /** Messages with support, system notices and the notification centre (issue 11). */
  'messages',
  /** Instant FX and currency exchange NBD/SBD (not a spec translation file). */
  'fx',
  /** Virtual accounts: groups, requests, forms, actions (issue 12). */
  'virtualAccounts',
  /** MerchantService pay-in terminal and the public hosted payment page (issue 14). */
  'paymentRequests',
  /** List of Contacts, provider contacts, Features and Alerts (issue 18). */
  'companyInfo',
  /** Operator console tools: maintenance, wallet status, memberships, invitation codes (issue 18). */
  'operatorTools',
  /** MerchantService pay-out terminal: bulk pay-outs from CSV or pain.001 (issue 14). */
  'bulkPayouts',
] as const;

export type Namespace = (typeof NAMESPACES)[number];

/**
 * Namespaces the first screen (login, header, side menu, error messages) needs: one small chunk per
 * language fetched before the first render; the others load with the first screen beyond the login.
 */
export const START_NAMESPACES: readonly Namespace[] = [
  'common',
  'errors',
  'login',
  'menu',
  'inactivity',
  'email',
  'dates',
];

export const isStartNamespace = (namespace: string): boolean =>
  (START_NAMESPACES as readonly string[]).includes(namespace);
