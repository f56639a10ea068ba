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
] as const;

export type Namespace = (typeof NAMESPACES)[number];
