/** Wallets, balances, IBANs and virtual accounts (spec §3, §4). */

/** Wallet status codes (spec §3): closed 0, active 1, disabled 2. */
export const WALLET_STATUS = { closed: 0, active: 1, disabled: 2 } as const;
export type WalletStatus = keyof typeof WALLET_STATUS;
export type WalletStatusCode = (typeof WALLET_STATUS)[WalletStatus];

/** The second wallet status list of spec §3 (inactive 0, active 1), used by some wallet filters. */
export const WALLET_ACTIVITY_STATUS = { inactive: 0, active: 1 } as const;
export type WalletActivityStatus = keyof typeof WALLET_ACTIVITY_STATUS;

/**
 * Balance kinds (spec §3). Only opening, suspended and blocked have numbers in the spec;
 * the others are named kinds derived from postings and holds (design §5).
 */
export const BALANCE_TYPES = [
  'opening',
  'suspended',
  'blocked',
  'pending',
  'todayIn',
  'todayOut',
  'recentIn',
  'recentOut',
] as const;
export type BalanceType = (typeof BALANCE_TYPES)[number];

/** Numeric balance type codes the spec gives. */
export const BALANCE_TYPE_CODE = { opening: 0, suspended: 1, blocked: 2 } as const;

/** Generic entity status (spec §3 "other enums"): deleted 0, active 1. */
export const ENTITY_STATUS = { deleted: 0, active: 1 } as const;
export type EntityStatus = keyof typeof ENTITY_STATUS;
export type EntityStatusCode = (typeof ENTITY_STATUS)[EntityStatus];

/** IBAN check rule codes (spec §4): which rails an allocated IBAN is addressable by. */
export const IBAN_CHECK_RULE_CODES = [
  'SEPA_NO_UK_ACCOUNT',
  'SEPA_UK_ACCOUNT',
  'SEPA',
  'BECS',
  'ACH',
] as const;
export type IbanCheckRuleCode = (typeof IBAN_CHECK_RULE_CODES)[number];

/** Check rule groups (spec §4): the UK-only group and the mixed group. */
export const IBAN_CHECK_RULE_GROUPS = {
  ukOnly: ['SEPA_UK_ACCOUNT'],
  mixed: ['SEPA_NO_UK_ACCOUNT', 'SEPA_UK_ACCOUNT', 'SEPA'],
} as const satisfies Record<string, readonly IbanCheckRuleCode[]>;
export type IbanCheckRuleGroup = keyof typeof IBAN_CHECK_RULE_GROUPS;

/**
 * Payment methods an IBAN with a given check rule can receive through (spec §9 "addressable by
 * check rule"). SEPA_NO_UK_ACCOUNT reads as plain SEPA: the spec lists no UK rails for it.
 */
export const IBAN_CHECK_RULE_METHODS = {
  SEPA: ['SEPA'],
  SEPA_NO_UK_ACCOUNT: ['SEPA'],
  SEPA_UK_ACCOUNT: ['SEPA', 'FPS', 'CHAPS', 'BACS'],
  BECS: ['BECS'],
  ACH: ['ACH'],
} as const satisfies Record<IbanCheckRuleCode, readonly string[]>;

/** Virtual account status (spec §4). Closing is irreversible: no transition leaves `closed`. */
export const VA_STATUSES = ['active', 'disabled', 'closed'] as const;
export type VaStatus = (typeof VA_STATUSES)[number];

/** Virtual account request status (spec §4). */
export const VA_REQUEST_STATUSES = [
  'created',
  'approved',
  'declined',
  'canceled',
  'allocated',
  'pending',
  'accepted',
] as const;
export type VaRequestStatus = (typeof VA_REQUEST_STATUSES)[number];

/** VA closure and disabling reason codes with their descriptions (spec §3). */
export const VA_CLOSURE_REASONS = {
  VAAC010: 'Closed by client',
  VAAC020: 'Disabled per external request',
  VAAC021: 'Disabled per internal risk policies',
  VAAC029: 'Disabled after client account closure',
  VAAC030: 'Closed per external request',
  VAAC031: 'Closed per internal risk policies',
  VAAC032: 'Closed due to expired disabled status',
  VAAC039: 'Client is closed',
} as const;
export type VaClosureReasonCode = keyof typeof VA_CLOSURE_REASONS;

/**
 * The VA status a reason code leads to. The code families say it: VAAC02x disable,
 * VAAC01x and VAAC03x close.
 */
export const VA_REASON_TARGET_STATUS = {
  VAAC010: 'closed',
  VAAC020: 'disabled',
  VAAC021: 'disabled',
  VAAC029: 'disabled',
  VAAC030: 'closed',
  VAAC031: 'closed',
  VAAC032: 'closed',
  VAAC039: 'closed',
} as const satisfies Record<VaClosureReasonCode, Exclude<VaStatus, 'active'>>;

/** Allowed VA status transitions (spec §4): a closed VA can never be reopened. */
export const VA_STATUS_TRANSITIONS = {
  active: ['disabled', 'closed'],
  disabled: ['active', 'closed'],
  closed: [],
} as const satisfies Record<VaStatus, readonly VaStatus[]>;

/** Whether a VA may move from one status to another. */
export function canChangeVaStatus(from: VaStatus, to: VaStatus): boolean {
  const allowed: readonly VaStatus[] = VA_STATUS_TRANSITIONS[from];
  return allowed.includes(to);
}

/** Client types of VA holders and requests (spec §3). */
export const CLIENT_TYPES = ['individual', 'corporate'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

/** Statement frequency setting (spec §9). */
export const STATEMENT_FREQUENCIES = ['none', 'daily', 'weekly', 'monthly'] as const;
export type StatementFrequency = (typeof STATEMENT_FREQUENCIES)[number];
