/**
 * Menu items of the portal (spec §2 menu) and who sees each: the action right it needs (`null`:
 * every logged-in user), the company service type it belongs to (spec §1: the terminals and the
 * pay-in/pay-out pending and settled lists exist only for MerchantService companies), and whether
 * only staff (an admin group) see it. `GET /menu_items` answers the ones the caller may see, in
 * this order; the web menu renders exactly those keys (one rule for both, here).
 */

/** Every member of a client company holds it; staff without a company do not (spec §6 action names). */
const COMPANY_MEMBER = 'merchants/view';

export type MenuServiceCode = 'AccountService' | 'MerchantService';

interface MenuItemRule {
  key: string;
  right: string | null;
  service?: MenuServiceCode;
  staff?: true;
}

export const MENU_ITEMS = [
  { key: 'dashboard', right: null },
  { key: 'accounts', right: COMPANY_MEMBER },
  { key: 'paymentsList', right: COMPANY_MEMBER },
  { key: 'fx', right: 'fx/instant' },
  { key: 'makePayment', right: 'payments/createPayout' },
  { key: 'onchainTransfer', right: 'onchain/transfer' },
  { key: 'exchangeNbdSbd', right: 'fx/instant' },
  { key: 'exchangeInstantFx', right: 'fx/instant' },
  { key: 'payBalance', right: COMPANY_MEMBER },
  { key: 'payinPending', right: COMPANY_MEMBER, service: 'MerchantService' },
  { key: 'payinSettled', right: COMPANY_MEMBER, service: 'MerchantService' },
  { key: 'payoutPending', right: COMPANY_MEMBER, service: 'MerchantService' },
  { key: 'payoutSettled', right: COMPANY_MEMBER, service: 'MerchantService' },
  { key: 'payinTerminal', right: COMPANY_MEMBER, service: 'MerchantService' },
  { key: 'payoutTerminal', right: COMPANY_MEMBER, service: 'MerchantService' },
  // Every member reads the directory; only the Master User may join, change or leave (spec §1, §6),
  // so only the Master User is offered those entries (issue 36). A link opened by others is told so.
  { key: 'directoryView', right: COMPANY_MEMBER },
  { key: 'directoryChange', right: 'directory/manage' },
  { key: 'directoryJoin', right: 'directory/manage' },
  { key: 'directoryLeave', right: 'directory/manage' },
  { key: 'messages', right: 'messages/unreadQuantity' },
  { key: 'notifications', right: 'notices/getPaginatedNotices' },
  { key: 'contacts', right: COMPANY_MEMBER },
  { key: 'users', right: 'users/manage' },
  { key: 'userSettings', right: null },
  { key: 'companySettings', right: 'users/manage' },
  { key: 'security', right: null },
  { key: 'securityHistory', right: null },
  { key: 'featuresAlerts', right: COMPANY_MEMBER },
  { key: 'providerContacts', right: COMPANY_MEMBER },
  { key: 'impersonation', right: 'users/getHash', staff: true },
  { key: 'accountManagers', right: 'users/getHash', staff: true },
  { key: 'operatorConsole', right: 'operator/console', staff: true },
  { key: 'supportCases', right: 'operator/console', staff: true },
  { key: 'systemNotices', right: 'operator/console', staff: true },
  { key: 'operatorVirtualAccounts', right: 'operator/console', staff: true },
  { key: 'operatorSurveys', right: 'operator/console', staff: true },
  { key: 'operatorDirectory', right: 'operator/console', staff: true },
  { key: 'operatorTools', right: 'operator/console', staff: true },
  { key: 'logout', right: null },
] as const satisfies readonly MenuItemRule[];
export type MenuItemKey = (typeof MENU_ITEMS)[number]['key'];

/** What decides a user's menu: their rights, the current company's service type, staff state. */
export interface MenuViewer {
  rights: ReadonlySet<string> | readonly string[];
  /** The current company's service type; null without a company (service-bound items withheld). */
  serviceCode: MenuServiceCode | null;
  /** The user acts in an admin (staff) group. */
  isStaff: boolean;
}

/** The menu items `viewer` may see, in menu order. */
export function menuItemsFor(viewer: MenuViewer): MenuItemKey[] {
  const { rights } = viewer;
  const has = (r: string) =>
    rights instanceof Set ? rights.has(r) : (rights as readonly string[]).includes(r);
  return (MENU_ITEMS as readonly MenuItemRule[])
    .filter(
      (i) =>
        (i.right === null || has(i.right)) &&
        (!i.service || i.service === viewer.serviceCode) &&
        (!i.staff || viewer.isStaff),
    )
    .map((i) => i.key as MenuItemKey);
}
