/**
 * Menu items of the portal (spec §2 menu) and the action right each needs; `null` means every
 * logged-in user sees it. `GET /menu_items` answers the ones the caller may see, in this order.
 */
export const MENU_ITEMS = [
  { key: 'dashboard', right: null },
  { key: 'accounts', right: 'wallets/accGetWalletsByMerchant' },
  { key: 'payments', right: 'wallets/accGetWalletsByMerchant' },
  { key: 'makePayment', right: 'payments/createPayout' },
  { key: 'makeOnchainTransfer', right: 'onchain/transfer' },
  { key: 'currencyExchangeInstantFx', right: 'fx/instant' },
  { key: 'currencyExchangeNbdSbd', right: 'fx/instant' },
  { key: 'payinPayoutBalance', right: 'wallets/accGetWalletsByMerchant' },
  { key: 'directory', right: 'merchants/view' },
  { key: 'messages', right: 'messages/unreadQuantity' },
  { key: 'notifications', right: 'notices/getPaginatedNotices' },
  { key: 'contacts', right: 'merchants/view' },
  { key: 'users', right: 'users/manage' },
  { key: 'userSettings', right: null },
  { key: 'companySettings', right: 'users/manage' },
  { key: 'security', right: null },
  { key: 'securityHistory', right: null },
  { key: 'operatorConsole', right: 'operator/console' },
  { key: 'logout', right: null },
] as const satisfies readonly { key: string; right: string | null }[];
export type MenuItemKey = (typeof MENU_ITEMS)[number]['key'];

/** The menu items a holder of `rights` may see. */
export function menuItemsFor(rights: ReadonlySet<string> | readonly string[]): MenuItemKey[] {
  const has = (r: string) =>
    rights instanceof Set ? rights.has(r) : (rights as readonly string[]).includes(r);
  return MENU_ITEMS.filter((i) => i.right === null || has(i.right)).map((i) => i.key);
}
