import { ADMIN_GROUPS, type AdminGroup, type ClientUserRight } from '../enums/users.ts';
import type { ErrorCode } from '../errors/index.ts';

/** Actions every active member of a client company may call (spec §6 names). */
export const BASE_CLIENT_ACTIONS = [
  'merchants/view',
  'notices/getPaginatedNotices',
  'notices/getNotice',
  'notices/markAsRead',
  'messages/unreadQuantity',
  'notifications/getNewTransactionsNotification',
  'references/getValuesByCode',
  'references/getValuesByRefId',
  'wallets/accGetWalletsByMerchant',
  'wallets/accGetWalletsQuantityByMerchant',
  'walletIbans/accGetWalletIbansByWallet',
  'walletIbans/accGetWalletIbansQuantityByWallet',
] as const;

/** The action each client user right (spec §3 invitation rights) opens. */
export const RIGHT_ACTIONS = {
  create: 'payments/createPayout',
  approve: 'payments/approve',
  approveOwn: 'payments/approveOwn',
  cancel: 'payments/cancel',
  refund: 'payments/refund',
  instantFx: 'fx/instant',
  vaIndividual: 'virtualAccounts/requestIndividual',
  vaCorporate: 'virtualAccounts/requestCorporate',
  onchainTransfer: 'onchain/transfer',
} as const satisfies Record<ClientUserRight, string>;

/**
 * The message a route's missing right answers with (spec §6 wording, e.g. 'No rights to approve
 * payments'); a right not listed answers the generic FORBIDDEN.
 */
export const RIGHT_REFUSALS: Readonly<Record<string, ErrorCode>> = {
  [RIGHT_ACTIONS.create]: 'NO_RIGHTS_CREATE_PAYOUT',
  [RIGHT_ACTIONS.approve]: 'NO_RIGHTS_APPROVE',
  [RIGHT_ACTIONS.cancel]: 'NO_RIGHTS_CANCEL',
  [RIGHT_ACTIONS.refund]: 'NO_RIGHTS_REFUND',
  [RIGHT_ACTIONS.instantFx]: 'FX_NOT_PERMITTED',
  [RIGHT_ACTIONS.vaIndividual]: 'NO_RIGHTS_VA_INDIVIDUAL',
  [RIGHT_ACTIONS.vaCorporate]: 'NO_RIGHTS_VA_CORPORATE',
  [RIGHT_ACTIONS.onchainTransfer]: 'ONCHAIN_NO_RIGHTS',
  'users/manage': 'ONLY_MASTER_USER',
};

/** What only the Master User of a company may do (spec §6). */
export const MASTER_ACTIONS = ['users/manage', 'directory/manage'] as const;

/** What the provider's staff may do in addition (spec §6: users/getHash, impersonation; the console). */
export const ADMIN_ACTIONS = ['users/getHash', 'users/impersonate', 'operator/console'] as const;

export const isAdminGroup = (group: string | null | undefined): group is AdminGroup =>
  !!group && (ADMIN_GROUPS as readonly string[]).includes(group);

/** The action rights of a caller, as `GET /frusrs/rights` lists them and the server checks them. */
export function actionRightsFor(input: {
  rights: readonly ClientUserRight[];
  isMaster: boolean;
  isAdmin: boolean;
  hasCompany: boolean;
}): string[] {
  const out = new Set<string>();
  if (input.hasCompany) {
    for (const a of BASE_CLIENT_ACTIONS) out.add(a);
    for (const r of input.rights) out.add(RIGHT_ACTIONS[r]);
    if (input.isMaster) for (const a of MASTER_ACTIONS) out.add(a);
  }
  if (input.isAdmin) for (const a of ADMIN_ACTIONS) out.add(a);
  return [...out].sort();
}
