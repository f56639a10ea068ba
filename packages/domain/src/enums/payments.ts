import { keysOf } from './enum-helpers.ts';

/** Payments, methods, FX, postbacks and Confirmation of Payee (spec §3, §4, §8, §9). */

/** Payment statuses (spec §4). `authorized` is technical: never shown as a final state. */
export const PAYMENT_STATUSES = [
  'initializing',
  'created',
  'pending',
  'expired',
  'settled',
  'declined',
  'canceled',
  'captured',
  'authorized',
  'rejected',
  'returned',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Payment actions (spec §4); `declineDeal` / `confirmDeal` act on escrow deals. */
export const PAYMENT_ACTIONS = [
  'approve',
  'cancel',
  'dispute',
  'refund',
  'recall',
  'declineDeal',
  'confirmDeal',
] as const;
export type PaymentAction = (typeof PAYMENT_ACTIONS)[number];

/** Directions for which payment methods are listed per merchant (spec §3). */
export const PAYMENT_METHOD_DIRECTIONS = ['payout', 'instantfx', 'onchaintransfer'] as const;
export type PaymentMethodDirection = (typeof PAYMENT_METHOD_DIRECTIONS)[number];

/** Transaction sign of the status chart widget (spec §2: inbound, outbound, any). */
export const TRANSACTION_SIGNS = ['inbound', 'outbound', 'any'] as const;
export type TransactionSign = (typeof TRANSACTION_SIGNS)[number];

/** Chart grouping of the dashboard status widget (spec §2). */
export const CHART_GROUP_BY = ['quantity', 'amount'] as const;
export type ChartGroupBy = (typeof CHART_GROUP_BY)[number];

/**
 * Payment methods (rails) with their currencies (spec §9). `internal` moves money between wallets
 * of the provider, so it takes any currency a wallet holds (empty list = not restricted).
 * The spec names Ukrainian and Moldovan systems and SIGNET without currencies; UAH, MDL and USD
 * are the natural readings (docs/decisions.md).
 */
export const PAYMENT_METHODS = {
  BANK_TRANSFER_EU: { label: 'Bank transfer EU', currencies: ['EUR'] },
  BASE_TRANSFER: { label: 'Base transfer', currencies: ['RUB'] },
  FPS: { label: 'FPS', currencies: ['GBP'] },
  CHAPS: { label: 'CHAPS', currencies: ['GBP'] },
  BACS: { label: 'BACS', currencies: ['GBP'] },
  SEPA: { label: 'SEPA', currencies: ['EUR'] },
  SEPA_INSTANT: { label: 'SEPA Instant', currencies: ['EUR'] },
  SWIFT: { label: 'SWIFT', currencies: ['USD', 'EUR'] },
  FEDWIRE: { label: 'Fedwire', currencies: ['USD'] },
  ACH: { label: 'ACH', currencies: ['USD'] },
  BECS: { label: 'BECS', currencies: ['AUD'] },
  SIGNET: { label: 'SIGNET', currencies: ['USD'] },
  UA_SYSTEM: { label: 'Ukrainian payment system', currencies: ['UAH'] },
  MD_SYSTEM: { label: 'Moldovan payment system', currencies: ['MDL'] },
  ESCROW_BLOCKCHAIN: { label: 'Escrow blockchain', currencies: ['EUR', 'GBP', 'USD'] },
  INTERNAL: { label: 'Internal', currencies: [] },
} as const satisfies Record<string, { label: string; currencies: readonly string[] }>;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;
/** Method codes in table order. */
export const PAYMENT_METHOD_CODES: readonly PaymentMethod[] = keysOf(PAYMENT_METHODS);

/** Whether a method can carry a currency (internal carries any). */
export function methodSupportsCurrency(method: PaymentMethod, currency: string): boolean {
  const currencies: readonly string[] = PAYMENT_METHODS[method].currencies;
  return currencies.length === 0 || currencies.includes(currency);
}

/** Methods that can carry a currency, in table order. */
export function methodsForCurrency(currency: string): PaymentMethod[] {
  return PAYMENT_METHOD_CODES.filter((method) => methodSupportsCurrency(method, currency));
}

/** FX value date (spec §9): next business day or same business day. */
export const FX_TIMES = ['NBD', 'SBD'] as const;
export type FxTime = (typeof FX_TIMES)[number];

/** Person roles in a payment (spec §3 "other enums"). */
export const PAYMENT_PERSON_ROLES = ['sender', 'receiver'] as const;
export type PaymentPersonRole = (typeof PAYMENT_PERSON_ROLES)[number];

/** Payment template ownership categories (spec §3). */
export const TEMPLATE_OWNERSHIPS = ['own', 'ownShared', 'ownNotShared', 'others'] as const;
export type TemplateOwnership = (typeof TEMPLATE_OWNERSHIPS)[number];

/**
 * Postback (webhook) types, exactly the spec §9 list: a client's receiver is built to it. On-chain
 * transfers go out as `payout` and escrow deals as `payin`; their body's `kind` tells them apart.
 */
export const POSTBACK_TYPES = [
  'payin',
  'payout',
  'walletFundTransfer',
  'fx',
  'payoutReturn',
  'refund',
  'virtualAccountAction',
  'ibanAllocation',
] as const;
export type PostbackType = (typeof POSTBACK_TYPES)[number];

/**
 * Confirmation of Payee result codes (spec §8) with an English description each. Every code is a
 * warning: the user may proceed or dismiss. Wording follows the UK Pay.UK CoP reason codes.
 */
export const COP_RESULTS = {
  ANNM: 'Account name does not match the account details.',
  MBAM: 'The account name is a close match to the name provided.',
  BANM: 'The name provided is a business name, but the account is a personal account.',
  PANM: 'The name provided is a personal name, but the account is a business account.',
  BAMM: 'The name is a close match and the account is a business account.',
  PAMM: 'The name is a close match and the account is a personal account.',
  IVCR: 'The secondary reference data (roll number) is invalid.',
  ACNS: 'The account type is not supported for Confirmation of Payee.',
  OPTO: 'The account holder has opted out of Confirmation of Payee.',
  SCNS: 'The sort code is not supported for Confirmation of Payee.',
  SCNF: 'The sort code was not found.',
  CASS: 'The account has been switched to another bank (Current Account Switch Service).',
  AC01: 'The account number is incorrect or does not exist.',
  TECH_ERROR: 'The payee check could not be completed because of a technical error.',
  UNKNOWN: 'The payee check returned an unknown result.',
} as const;
export type CopResultCode = keyof typeof COP_RESULTS;
