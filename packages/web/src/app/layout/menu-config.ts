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
  IconShieldLock,
  IconSpy,
  IconUserCog,
  IconUsers,
  IconUsersGroup,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import { href } from '../router/route-names.ts';

export type MenuSection = 'overview' | 'payments' | 'directory' | 'boarding' | 'communication' | 'settings';

export interface MenuItem {
  id: string;
  /** i18n key, in the `menu` namespace. */
  labelKey: string;
  icon: Icon;
  section: MenuSection;
  /** Target URL (build it with `href`). An item without `to` or `action` is not shown: its area has not landed. */
  to?: string;
  /** Non-navigation entries. */
  action?: 'logout';
  /** Action right (spec §6) the user must hold to see the item. */
  right?: string;
}

/**
 * The side menu, in the spec §2 order. To switch an entry on, give it `to` (and `right` if it needs one).
 * To add one, append an item with a `menu:items.<id>` key in both locales.
 */
/** Every member of a client company holds it; staff without a company do not (spec §6 action names). */
const COMPANY_MEMBER = 'merchants/view';

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
    right: COMPANY_MEMBER,
    to: href('mi_accounts'),
  },
  {
    id: 'paymentsList',
    labelKey: 'menu:items.paymentsList',
    icon: IconListDetails,
    section: 'payments',
    right: COMPANY_MEMBER,
    to: href('mi_acc_payments', { workMode: 'list' }),
  },
  { id: 'fx', labelKey: 'menu:items.fx', icon: IconChartDonut, section: 'payments' },
  {
    id: 'makePayment',
    labelKey: 'menu:items.makePayment',
    icon: IconSend,
    section: 'payments',
    // No `right`: without "create payments" the screen says so (spec §6 'No rights to create Pay-out payments').
    right: COMPANY_MEMBER,
    to: href('mi_acc_payments', { workMode: 'new' }),
  },
  {
    id: 'onchainTransfer',
    labelKey: 'menu:items.onchainTransfer',
    icon: IconCurrencyBitcoin,
    section: 'payments',
  },
  {
    id: 'exchangeNbdSbd',
    labelKey: 'menu:items.exchangeNbdSbd',
    icon: IconArrowsExchange,
    section: 'payments',
  },
  {
    id: 'exchangeInstantFx',
    labelKey: 'menu:items.exchangeInstantFx',
    icon: IconArrowsExchange,
    section: 'payments',
  },
  {
    id: 'payBalance',
    labelKey: 'menu:items.payBalance',
    icon: IconReceipt,
    section: 'payments',
    right: COMPANY_MEMBER,
    to: href('mi_paybalance', { workMode: 'balance' }),
  },
  {
    id: 'payinPending',
    labelKey: 'menu:items.payinPending',
    icon: IconReceipt,
    section: 'payments',
    right: COMPANY_MEMBER,
    to: href('mi_paybalance', { workMode: 'payin-pending' }),
  },
  {
    id: 'payinSettled',
    labelKey: 'menu:items.payinSettled',
    icon: IconReceipt,
    section: 'payments',
    right: COMPANY_MEMBER,
    to: href('mi_paybalance', { workMode: 'payin-settled' }),
  },
  {
    id: 'payoutPending',
    labelKey: 'menu:items.payoutPending',
    icon: IconReceipt,
    section: 'payments',
    right: COMPANY_MEMBER,
    to: href('mi_paybalance', { workMode: 'payout-pending' }),
  },
  {
    id: 'payoutSettled',
    labelKey: 'menu:items.payoutSettled',
    icon: IconReceipt,
    section: 'payments',
    right: COMPANY_MEMBER,
    to: href('mi_paybalance', { workMode: 'payout-settled' }),
  },
  { id: 'payinTerminal', labelKey: 'menu:items.payinTerminal', icon: IconReceipt, section: 'payments' },
  { id: 'payoutTerminal', labelKey: 'menu:items.payoutTerminal', icon: IconReceipt, section: 'payments' },
  {
    id: 'directoryView',
    labelKey: 'menu:items.directoryView',
    icon: IconWorld,
    section: 'directory',
    // The directory area has not landed: its route shows an empty state, the menu waits for it.
  },
  { id: 'directoryChange', labelKey: 'menu:items.directoryChange', icon: IconWorld, section: 'directory' },
  { id: 'directoryJoin', labelKey: 'menu:items.directoryJoin', icon: IconWorld, section: 'directory' },
  { id: 'directoryLeave', labelKey: 'menu:items.directoryLeave', icon: IconWorld, section: 'directory' },
  { id: 'appForms', labelKey: 'menu:items.appForms', icon: IconForms, section: 'boarding' },
  { id: 'appFiles', labelKey: 'menu:items.appFiles', icon: IconFiles, section: 'boarding' },
  { id: 'offers', labelKey: 'menu:items.offers', icon: IconFileCertificate, section: 'boarding' },
  { id: 'contracts', labelKey: 'menu:items.contracts', icon: IconFileCertificate, section: 'boarding' },
  { id: 'verifications', labelKey: 'menu:items.verifications', icon: IconId, section: 'boarding' },
  { id: 'messages', labelKey: 'menu:items.messages', icon: IconMail, section: 'communication' },
  { id: 'notifications', labelKey: 'menu:items.notifications', icon: IconBell, section: 'communication' },
  { id: 'contacts', labelKey: 'menu:items.contacts', icon: IconAddressBook, section: 'communication' },
  {
    id: 'users',
    labelKey: 'menu:items.users',
    icon: IconUsers,
    section: 'settings',
    to: href('users'),
    right: 'users/manage',
  },
  {
    id: 'userSettings',
    labelKey: 'menu:items.userSettings',
    icon: IconUserCog,
    section: 'settings',
    to: href('userSettings'),
  },
  { id: 'companySettings', labelKey: 'menu:items.companySettings', icon: IconSettings, section: 'settings' },
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
  { id: 'featuresAlerts', labelKey: 'menu:items.featuresAlerts', icon: IconBell, section: 'settings' },
  { id: 'providerContacts', labelKey: 'menu:items.providerContacts', icon: IconUsers, section: 'settings' },
  {
    id: 'impersonation',
    labelKey: 'menu:items.impersonation',
    icon: IconSpy,
    section: 'settings',
    to: href('impersonation'),
    right: 'users/getHash',
  },
  {
    id: 'accountManagers',
    labelKey: 'menu:items.accountManagers',
    icon: IconUsersGroup,
    section: 'settings',
    to: href('users', undefined, { tab: 'managers' }),
    right: 'users/getHash',
  },
  {
    id: 'operatorConsole',
    labelKey: 'menu:items.operatorConsole',
    icon: IconBuildingCommunity,
    section: 'settings',
    to: href('operator'),
    right: 'operator/console',
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

/** Items shown to a user: their area exists and the user holds the right. */
export const visibleMenuItems = (has: (right: string) => boolean): MenuItem[] =>
  MENU_ITEMS.filter(
    (item) => (item.to !== undefined || item.action !== undefined) && (!item.right || has(item.right)),
  );
