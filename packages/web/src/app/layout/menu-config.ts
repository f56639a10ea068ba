import {
  IconAddressBook,
  IconArrowsExchange,
  IconBell,
  IconBuildingBank,
  IconBuildingCommunity,
  IconChartDonut,
  IconCurrencyBitcoin,
  IconFileCertificate,
  IconFiles,
  IconForms,
  IconId,
  IconLayoutDashboard,
  IconListDetails,
  IconLogout,
  IconMail,
  IconReceipt,
  IconSend,
  IconSettings,
  IconTool,
  IconShieldLock,
  IconSpy,
  IconUserCog,
  IconUsers,
  IconUsersGroup,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import type { MenuItemKey } from '@portal/domain';
import { href } from '../../shared/routes/route-names.ts';

/** Boarding-mode entries (spec §2 boarding routes): not part of the portal menu yet. */
type BoardingMenuId = 'appForms' | 'appFiles' | 'offers' | 'contracts' | 'verifications';

export type MenuSection = 'overview' | 'payments' | 'directory' | 'boarding' | 'communication' | 'settings';

export interface MenuItem {
  /** The key `GET /menu_items` answers (domain `MENU_ITEMS`), or a boarding entry the server never answers. */
  id: MenuItemKey | BoardingMenuId;
  /** i18n key, in the `menu` namespace. */
  labelKey: string;
  icon: Icon;
  section: MenuSection;
  /** Target URL (build it with `href`). An item without `to` or `action` is not shown: its area has not landed. */
  to?: string;
  /** Non-navigation entries. */
  action?: 'logout';
  /** A live counter shown beside the label. */
  badge?: 'unreadMessages';
}

/**
 * How each menu entry looks and where it leads, in the spec §2 order. Who sees it is the server's
 * decision (`GET /menu_items`, domain `menuItemsFor`: rights, service type, staff state). To add an
 * entry, add its key to the domain `MENU_ITEMS` and an item here with a `menu:items.<id>` key in both locales.
 */
export const MENU_ITEMS: readonly MenuItem[] = [
  {
    id: 'dashboard',
    labelKey: 'menu:items.dashboard',
    icon: IconLayoutDashboard,
    section: 'overview',
    to: href('main'),
  },
  {
    id: 'accounts',
    labelKey: 'menu:items.accounts',
    icon: IconBuildingBank,
    section: 'overview',
    to: href('mi_accounts'),
  },
  {
    id: 'paymentsList',
    labelKey: 'menu:items.paymentsList',
    icon: IconListDetails,
    section: 'payments',
    to: href('mi_acc_payments', { workMode: 'list' }),
  },
  {
    id: 'fx',
    labelKey: 'menu:items.fx',
    icon: IconChartDonut,
    section: 'payments',
    to: href('fx'),
  },
  {
    id: 'makePayment',
    labelKey: 'menu:items.makePayment',
    icon: IconSend,
    section: 'payments',
    to: href('mi_acc_payments', { workMode: 'new' }),
  },
  {
    id: 'onchainTransfer',
    labelKey: 'menu:items.onchainTransfer',
    icon: IconCurrencyBitcoin,
    section: 'payments',
    to: href('onchain', undefined, { dialog: 'transfer' }),
  },
  {
    id: 'exchangeNbdSbd',
    labelKey: 'menu:items.exchangeNbdSbd',
    icon: IconArrowsExchange,
    section: 'payments',
    to: href('fx', undefined, { dialog: 'booked' }),
  },
  {
    id: 'exchangeInstantFx',
    labelKey: 'menu:items.exchangeInstantFx',
    icon: IconArrowsExchange,
    section: 'payments',
    to: href('fx', undefined, { dialog: 'instant' }),
  },
  {
    id: 'payBalance',
    labelKey: 'menu:items.payBalance',
    icon: IconReceipt,
    section: 'payments',
    to: href('mi_paybalance', { workMode: 'balance' }),
  },
  {
    id: 'payinPending',
    labelKey: 'menu:items.payinPending',
    icon: IconReceipt,
    section: 'payments',
    to: href('mi_paybalance', { workMode: 'payin-pending' }),
  },
  {
    id: 'payinSettled',
    labelKey: 'menu:items.payinSettled',
    icon: IconReceipt,
    section: 'payments',
    to: href('mi_paybalance', { workMode: 'payin-settled' }),
  },
  {
    id: 'payoutPending',
    labelKey: 'menu:items.payoutPending',
    icon: IconReceipt,
    section: 'payments',
    to: href('mi_paybalance', { workMode: 'payout-pending' }),
  },
  {
    id: 'payoutSettled',
    labelKey: 'menu:items.payoutSettled',
    icon: IconReceipt,
    section: 'payments',
    to: href('mi_paybalance', { workMode: 'payout-settled' }),
  },
  {
    id: 'payinTerminal',
    labelKey: 'menu:items.payinTerminal',
    icon: IconReceipt,
    section: 'payments',
    to: href('payinTerminal'),
  },
  {
    id: 'payoutTerminal',
    labelKey: 'menu:items.payoutTerminal',
    icon: IconReceipt,
    section: 'payments',
    to: href('bulkPayouts'),
  },
  {
    id: 'directoryView',
    labelKey: 'menu:items.directoryView',
    icon: IconWorld,
    section: 'directory',
    to: href('mi_ecosystem'),
  },
  {
    id: 'directoryChange',
    labelKey: 'menu:items.directoryChange',
    icon: IconWorld,
    section: 'directory',
    to: href('mi_ecosystem', undefined, { dialog: 'change' }),
  },
  {
    id: 'directoryJoin',
    labelKey: 'menu:items.directoryJoin',
    icon: IconWorld,
    section: 'directory',
    to: href('mi_ecosystem', undefined, { dialog: 'join' }),
  },
  {
    id: 'directoryLeave',
    labelKey: 'menu:items.directoryLeave',
    icon: IconWorld,
    section: 'directory',
    to: href('mi_ecosystem', undefined, { dialog: 'leave' }),
  },
  { id: 'appForms', labelKey: 'menu:items.appForms', icon: IconForms, section: 'boarding' },
  { id: 'appFiles', labelKey: 'menu:items.appFiles', icon: IconFiles, section: 'boarding' },
  { id: 'offers', labelKey: 'menu:items.offers', icon: IconFileCertificate, section: 'boarding' },
  { id: 'contracts', labelKey: 'menu:items.contracts', icon: IconFileCertificate, section: 'boarding' },
  { id: 'verifications', labelKey: 'menu:items.verifications', icon: IconId, section: 'boarding' },
  {
    id: 'messages',
    labelKey: 'menu:items.messages',
    icon: IconMail,
    section: 'communication',
    to: href('messages', { folder: 'inbox' }),
    badge: 'unreadMessages',
  },
  {
    id: 'notifications',
    labelKey: 'menu:items.notifications',
    icon: IconBell,
    section: 'communication',
    to: href('notifications'),
  },
  {
    id: 'contacts',
    labelKey: 'menu:items.contacts',
    icon: IconAddressBook,
    section: 'communication',
    to: href('companyContacts'),
  },
  {
    id: 'users',
    labelKey: 'menu:items.users',
    icon: IconUsers,
    section: 'settings',
    to: href('users'),
  },
  {
    id: 'userSettings',
    labelKey: 'menu:items.userSettings',
    icon: IconUserCog,
    section: 'settings',
    to: href('userSettings'),
  },
  {
    id: 'companySettings',
    labelKey: 'menu:items.companySettings',
    icon: IconSettings,
    section: 'settings',
    to: href('companySettings'),
  },
  {
    id: 'security',
    labelKey: 'menu:items.security',
    icon: IconShieldLock,
    section: 'settings',
    to: href('security'),
  },
  {
    id: 'securityHistory',
    labelKey: 'menu:items.securityHistory',
    icon: IconShieldLock,
    section: 'settings',
    to: href('securityHistory'),
  },
  {
    id: 'featuresAlerts',
    labelKey: 'menu:items.featuresAlerts',
    icon: IconBell,
    section: 'settings',
    to: href('featuresAlerts'),
  },
  {
    id: 'providerContacts',
    labelKey: 'menu:items.providerContacts',
    icon: IconUsers,
    section: 'settings',
    to: href('providerContacts'),
  },
  {
    id: 'impersonation',
    labelKey: 'menu:items.impersonation',
    icon: IconSpy,
    section: 'settings',
    to: href('impersonation'),
  },
  {
    id: 'accountManagers',
    labelKey: 'menu:items.accountManagers',
    icon: IconUsersGroup,
    section: 'settings',
    to: href('users', undefined, { tab: 'managers' }),
  },
  {
    id: 'operatorConsole',
    labelKey: 'menu:items.operatorConsole',
    icon: IconBuildingCommunity,
    section: 'settings',
    to: href('operator'),
  },
  {
    id: 'supportCases',
    labelKey: 'menu:items.supportCases',
    icon: IconMail,
    section: 'settings',
    to: href('operatorCases'),
  },
  {
    id: 'systemNotices',
    labelKey: 'menu:items.systemNotices',
    icon: IconBell,
    section: 'settings',
    to: href('operatorNotices'),
  },
  {
    id: 'operatorVirtualAccounts',
    labelKey: 'menu:items.operatorVirtualAccounts',
    icon: IconBuildingBank,
    section: 'settings',
    to: href('operatorVirtualAccounts'),
  },
  {
    id: 'operatorSurveys',
    labelKey: 'menu:items.operatorSurveys',
    icon: IconListDetails,
    section: 'settings',
    to: href('operatorSurveys'),
  },
  {
    id: 'operatorDirectory',
    labelKey: 'menu:items.operatorDirectory',
    icon: IconWorld,
    section: 'settings',
    to: href('operatorDirectory'),
  },
  {
    id: 'operatorTools',
    labelKey: 'menu:items.operatorTools',
    icon: IconTool,
    section: 'settings',
    to: href('operatorTools'),
  },

  { id: 'logout', labelKey: 'menu:items.logout', icon: IconLogout, section: 'settings', action: 'logout' },
];

export const MENU_SECTIONS: readonly MenuSection[] = [
  'overview',
  'payments',
  'directory',
  'boarding',
  'communication',
  'settings',
];

/**
 * Items shown to a user: exactly the keys the server answered (in menu order), among those whose
 * screen exists here. Nothing is shown before the server has answered.
 */
export const visibleMenuItems = (keys: readonly string[] | undefined): MenuItem[] => {
  const allowed = new Set(keys ?? []);
  return MENU_ITEMS.filter(
    (item) => allowed.has(item.id) && (item.to !== undefined || item.action !== undefined),
  );
};

const matches = (pathname: string, to: string): boolean =>
  to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);

/**
 * The one menu target to highlight for `pathname`: the longest that matches, so /operator/cases
 * lights "Support cases" alone, not the operator console at /operator as well (issue 36).
 */
export function activeMenuTarget(pathname: string, targets: readonly string[]): string | null {
  let best: string | null = null;
  for (const to of targets)
    if (matches(pathname, to) && (best === null || to.length > best.length)) best = to;
  return best;
}
