import type { FormattedField } from '../formats/field-formats.ts';
import { PAYMENT_METHODS, type PaymentMethod, type PaymentMethodDirection } from '../enums/payments.ts';

/** Requisite fields of spec §3, as the payment form and `payment_details.requisites` name them. */
export const REQUISITE_FIELDS = [
  'iban',
  'bankSwiftCode',
  'payee',
  'payeeRequisite',
  'sortCode',
  'accountNumber',
  'bankCode',
  'bankAccountNumber',
  'bsb',
  'bic',
  'accountUuid',
  'cardNumber',
  'inn',
  'registrationNumber',
  'taxNumber',
] as const;
export type RequisiteField = (typeof REQUISITE_FIELDS)[number];

/**
 * How a field is checked: each kind has one validator in `requisites.ts`; `format` is the display
 * format of spec §5 the form applies while typing and pasting.
 */
export type FieldKind =
  | 'payee'
  | 'iban'
  | 'bic'
  | 'intermediaryBic'
  | 'sortCode'
  | 'ukAccount'
  | 'aba'
  | 'usAccount'
  | 'bsb'
  | 'auAccount'
  | 'ruAccount'
  | 'ruBik'
  | 'inn'
  | 'uaTaxNumber'
  | 'mdIdno'
  | 'walletUuid';

export interface RequisiteSpec {
  field: RequisiteField;
  kind: FieldKind;
  required: boolean;
  format?: FormattedField;
  maxLength: number;
}

const f = (
  field: RequisiteField,
  kind: FieldKind,
  required: boolean,
  maxLength: number,
  format?: FormattedField,
): RequisiteSpec => ({ field, kind, required, maxLength, ...(format ? { format } : {}) });

/** Longest payee name: the 70 characters of a SEPA/ISO 20022 creditor name. */
export const PAYEE_MAX_LENGTH = 70;

/**
 * A pay-out nobody approves within this many days expires (spec §4 status `expired`); the value
 * is ours (docs/decisions.md): long enough for holidays, short enough that stale payees do not pay.
 */
export const PAYOUT_APPROVAL_WINDOW_DAYS = 30;

const payee = f('payee', 'payee', true, PAYEE_MAX_LENGTH);
const ukAccount = [
  f('sortCode', 'sortCode', true, 8, 'sortCode'),
  f('accountNumber', 'ukAccount', true, 8, 'accountNumber'),
];
/** SEPA-area rails: an IBAN, the BIC optional. */
const euAccount = [f('iban', 'iban', true, 34, 'iban'), f('bic', 'bic', false, 11, 'swift')];
/** US domestic rails (Fedwire, ACH, SIGNET): an ABA routing number and an account number. */
const usAccount = [
  f('bankCode', 'aba', true, 11, 'abaRouting'),
  f('bankAccountNumber', 'usAccount', true, 17),
];

/** The requisite fields each payout method needs (spec §3, §5), in form order. */
export const METHOD_REQUISITES = {
  BANK_TRANSFER_EU: [payee, ...euAccount],
  BASE_TRANSFER: [
    payee,
    f('bankAccountNumber', 'ruAccount', true, 20),
    f('bankCode', 'ruBik', true, 9),
    f('inn', 'inn', true, 12, 'inn'),
  ],
  FPS: [payee, ...ukAccount],
  CHAPS: [payee, ...ukAccount, f('bankSwiftCode', 'intermediaryBic', false, 11, 'swift')],
  BACS: [payee, ...ukAccount],
  SEPA: [payee, ...euAccount],
  SEPA_INSTANT: [payee, ...euAccount],
  SWIFT: [
    payee,
    f('iban', 'iban', true, 34, 'iban'),
    f('bic', 'bic', true, 11, 'swift'),
    f('bankSwiftCode', 'intermediaryBic', false, 11, 'swift'),
  ],
  FEDWIRE: [payee, ...usAccount],
  ACH: [payee, ...usAccount],
  BECS: [payee, f('bsb', 'bsb', true, 7, 'bsb'), f('bankAccountNumber', 'auAccount', true, 9)],
  SIGNET: [payee, ...usAccount],
  UA_SYSTEM: [payee, f('iban', 'iban', true, 29, 'uaIban'), f('taxNumber', 'uaTaxNumber', true, 10)],
  MD_SYSTEM: [payee, f('iban', 'iban', true, 24, 'mdAccount'), f('registrationNumber', 'mdIdno', true, 13)],
  ESCROW_BLOCKCHAIN: [],
  INTERNAL: [payee, f('iban', 'iban', false, 34, 'iban'), f('accountUuid', 'walletUuid', false, 36)],
} as const satisfies Record<PaymentMethod, readonly RequisiteSpec[]>;

/**
 * Amount limits per method in minor units of the method's currency. Scheme limits where the rail
 * has one (FPS £1m, SEPA Instant €100k, same-day ACH $1m); otherwise a product ceiling.
 */
const CEILING = 99_999_999_999n; // 999,999,999.99
export const METHOD_LIMITS = {
  BANK_TRANSFER_EU: { min: 1n, max: CEILING },
  BASE_TRANSFER: { min: 100n, max: CEILING },
  FPS: { min: 1n, max: 100_000_000n },
  CHAPS: { min: 1n, max: CEILING },
  BACS: { min: 1n, max: 2_000_000_000n },
  SEPA: { min: 1n, max: CEILING },
  SEPA_INSTANT: { min: 1n, max: 10_000_000n },
  SWIFT: { min: 100n, max: CEILING },
  FEDWIRE: { min: 1n, max: CEILING },
  ACH: { min: 1n, max: 100_000_000n },
  BECS: { min: 1n, max: CEILING },
  SIGNET: { min: 1n, max: CEILING },
  UA_SYSTEM: { min: 100n, max: CEILING },
  MD_SYSTEM: { min: 100n, max: CEILING },
  ESCROW_BLOCKCHAIN: { min: 1n, max: CEILING },
  INTERNAL: { min: 1n, max: CEILING },
} as const satisfies Record<PaymentMethod, { min: bigint; max: bigint }>;

/** Methods listed per direction (spec §3); a company may switch single methods off. */
export const DIRECTION_METHODS = {
  payout: [
    'BANK_TRANSFER_EU',
    'BASE_TRANSFER',
    'FPS',
    'CHAPS',
    'BACS',
    'SEPA',
    'SEPA_INSTANT',
    'SWIFT',
    'FEDWIRE',
    'ACH',
    'BECS',
    'SIGNET',
    'UA_SYSTEM',
    'MD_SYSTEM',
    'INTERNAL',
  ],
  instantfx: ['INTERNAL'],
  onchaintransfer: ['ESCROW_BLOCKCHAIN'],
} as const satisfies Record<PaymentMethodDirection, readonly PaymentMethod[]>;

/** Instant rails settle in seconds: once sent, a payment on them cannot be stopped. */
const INSTANT_METHODS: readonly PaymentMethod[] = ['FPS', 'SEPA_INSTANT', 'INTERNAL'];

/**
 * Rails on which a pending payment can still be stopped free of charge (spec §4: "a pending payment
 * is first attempted to be stopped for free"): every pay-out rail but the instant ones.
 */
export const STOPPABLE_METHODS: readonly PaymentMethod[] = DIRECTION_METHODS.payout.filter(
  (method) => !INSTANT_METHODS.includes(method),
);

/** IBAN check rule codes (spec §4) and the methods each makes addressable (spec §9). */
export const CHECK_RULE_METHODS = {
  SEPA: ['SEPA'],
  SEPA_UK_ACCOUNT: ['SEPA', 'FPS', 'CHAPS', 'BACS'],
  SEPA_NO_UK_ACCOUNT: ['SEPA', 'SEPA_INSTANT', 'BANK_TRANSFER_EU'],
  BECS: ['BECS'],
  ACH: ['ACH', 'FEDWIRE'],
} as const satisfies Record<string, readonly PaymentMethod[]>;
export type CheckRuleCode = keyof typeof CHECK_RULE_METHODS;

/** Check rules under which a method is addressable. */
export function checkRulesFor(method: PaymentMethod): CheckRuleCode[] {
  return (Object.keys(CHECK_RULE_METHODS) as CheckRuleCode[]).filter((rule) => {
    const methods: readonly PaymentMethod[] = CHECK_RULE_METHODS[rule];
    return methods.includes(method);
  });
}

/** The label of a method (spec §9 wording). */
export const methodLabel = (method: PaymentMethod): string => PAYMENT_METHODS[method].label;

/** Rails whose reachability of the payee bank is checked (spec §5: warning, creation allowed). */
export const REACHABILITY_CHECKED: readonly PaymentMethod[] = ['SEPA', 'SEPA_INSTANT'];

/** Rails where Confirmation of Payee applies (UK account-number payments). */
export const COP_METHODS: readonly PaymentMethod[] = ['FPS', 'CHAPS', 'BACS'];

/** Most payments a mass action takes at once and most rows an export writes (spec §5: values not shown). */
export const MASS_ACTION_MAX = 100;
export const EXPORT_MAX_ROWS = 10_000;
/** Totals of lists are counted exactly up to this many rows, then reported as "more than". */
export const LIST_COUNT_CAP = 10_000;
