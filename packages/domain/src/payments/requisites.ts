import { type PaymentMethod, PAYMENT_METHODS, methodSupportsCurrency } from '../enums/payments.ts';
import {
  validateAbaRouting,
  validateBic,
  validateBsb,
  validateSortCode,
  validateUkAccountNumber,
} from '../formats/bank-codes.ts';
import { stripSeparators } from '../formats/field-formats.ts';
import { ibanCountry, normalizeIban, validateIbanForMethod } from '../formats/iban.ts';
import { checkAmountLimits, fromMinor, parseAmountInput, tryToMinor } from '../money/amount.ts';
import { type CurrencyCode, isCurrencyCode } from '../money/currencies.ts';
import { expectedBicFor } from './bank-directory.ts';
import {
  type FieldKind,
  METHOD_LIMITS,
  METHOD_REQUISITES,
  type RequisiteField,
  type RequisiteSpec,
} from './methods.ts';

/** English messages of the field checks; the browser shows `errors.<code>` with the same params. */
export const FIELD_MESSAGES = {
  FIELD_REQUIRED: '{field} is required.',
  FIELD_TOO_LONG: '{field} may have at most {max} characters.',
  FIELD_NOT_USED: '{field} is not used by {method}.',
  PAYEE_INVALID: 'The payee name contains characters that cannot be sent.',
  IBAN_REQUIRED: 'IBAN is required.',
  IBAN_BAD_CHARACTERS: 'IBAN may contain only letters and digits.',
  IBAN_BAD_COUNTRY: 'The IBAN does not start with a known country code.',
  IBAN_WRONG_LENGTH: 'The IBAN has the wrong length for its country.',
  IBAN_BAD_FORMAT: "The IBAN does not match its country's format.",
  IBAN_BAD_CHECKSUM: 'The IBAN is not valid: its check digits are wrong.',
  IBAN_NOT_SEPA: '{method} reaches only IBANs of SEPA countries.',
  IBAN_COUNTRY_NOT_ALLOWED: '{method} cannot pay an IBAN of this country.',
  IBAN_NOT_INTERNAL: 'Internal payments go only to IBANs of accounts held with us.',
  IBAN_NOT_USED_BY_METHOD: '{method} does not use an IBAN.',
  BIC_REQUIRED: 'SWIFT/BIC is required.',
  BIC_INVALID: 'SWIFT/BIC must be 8 or 11 letters and digits (bank, country, location, branch).',
  BIC_MISMATCH: 'SWIFT/BIC does not match the IBAN. Expected value: {expected}.',
  BIC_COUNTRY_MISMATCH: 'SWIFT/BIC country {bicCountry} differs from the IBAN country {ibanCountry}.',
  SORT_CODE_REQUIRED: 'Sort code is required.',
  SORT_CODE_INVALID: 'Sort code must be 6 digits (12-34-56).',
  ACCOUNT_NUMBER_REQUIRED: 'Account number is required.',
  ACCOUNT_NUMBER_INVALID: 'Account number must be 8 digits.',
  ABA_REQUIRED: 'ABA routing number is required.',
  ABA_INVALID: 'ABA routing number must be 9 digits.',
  ABA_BAD_CHECKSUM: 'ABA routing number is not correct.',
  BSB_REQUIRED: 'BSB is required.',
  BSB_INVALID: 'BSB must be 6 digits (062-000).',
  US_ACCOUNT_INVALID: 'Account number must be 4 to 17 digits.',
  AU_ACCOUNT_INVALID: 'Account number must be 5 to 9 digits.',
  RU_ACCOUNT_INVALID: 'Account number must be 20 digits.',
  RU_BIK_INVALID: 'Bank code (BIK) must be 9 digits starting with 04.',
  INN_INVALID: 'INN must be 10 or 12 digits with valid check digits.',
  UA_TAX_INVALID: 'Tax number (EDRPOU) must be 8 or 10 digits.',
  MD_IDNO_INVALID: 'Registration number (IDNO) must be 13 digits.',
  WALLET_UUID_INVALID: 'Account id is not valid.',
  INTERNAL_ACCOUNT_REQUIRED: 'Enter the IBAN or the account of the payee.',
  CURRENCY_NOT_SUPPORTED: '{method} does not carry {currency}.',
  AMOUNT_REQUIRED: 'Amount is required.',
  AMOUNT_INVALID: 'Amount must be a number.',
  AMOUNT_TOO_MANY_DECIMALS: 'Amount may have at most two decimals.',
  AMOUNT_ZERO: 'Amount must not be 0.',
  AMOUNT_NEGATIVE: 'Amount must be above 0.',
  AMOUNT_BELOW_MIN: 'Amount must be at least {min} {currency}.',
  AMOUNT_ABOVE_MAX: 'Amount must not be above {max} {currency}.',
} as const;
export type FieldErrorCode = keyof typeof FIELD_MESSAGES;

export interface FieldError {
  code: FieldErrorCode;
  params: Record<string, string>;
  message: string;
}

/** Human labels of requisite fields, used in messages ('IBAN is required'). */
export const REQUISITE_LABELS = {
  iban: 'IBAN',
  bankSwiftCode: 'Intermediary bank SWIFT code',
  payee: 'Payee name',
  payeeRequisite: 'Payee account',
  sortCode: 'Sort code',
  accountNumber: 'Account number',
  bankCode: 'Bank code',
  bankAccountNumber: 'Account number',
  bsb: 'BSB',
  bic: 'SWIFT/BIC',
  accountUuid: 'Account',
  cardNumber: 'Card number',
  inn: 'INN',
  registrationNumber: 'Registration number',
  taxNumber: 'Tax number',
} as const satisfies Record<RequisiteField, string>;

function fieldError(code: FieldErrorCode, params: Record<string, string> = {}): FieldError {
  const message = FIELD_MESSAGES[code].replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
  return { code, params, message };
}

const digits = (v: string) => stripSeparators(v);
const INN10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const innCheck = (value: string, weights: number[]) =>
  (weights.reduce((s, w, i) => s + w * Number(value.charAt(i)), 0) % 11) % 10;

/** Russian INN: 10 digits (company) or 12 (individual) with their check digits. */
export function isValidInn(value: string): boolean {
  if (/^\d{10}$/.test(value)) return innCheck(value, INN10) === Number(value.charAt(9));
  if (/^\d{12}$/.test(value))
    return (
      innCheck(value, INN11) === Number(value.charAt(10)) &&
      innCheck(value, INN12) === Number(value.charAt(11))
    );
  return false;
}

/** Checks one non-empty value of a field kind; returns the error or null. */
function checkKind(kind: FieldKind, raw: string, method: PaymentMethod): FieldError | null {
  const methodName = PAYMENT_METHODS[method].label;
  const code = (c: string | null, params: Record<string, string> = {}) =>
    c === null ? null : fieldError(c as FieldErrorCode, { method: methodName, ...params });
  switch (kind) {
    case 'payee':
      // Control characters cannot travel in any scheme's name field.
      return /[\p{Cc}\p{Cf}]/u.test(raw) ? fieldError('PAYEE_INVALID') : null;
    case 'iban':
      return code(validateIbanForMethod(raw, method));
    case 'bic':
    case 'intermediaryBic':
      return code(validateBic(raw));
    case 'sortCode':
      return code(validateSortCode(raw));
    case 'ukAccount':
      return code(validateUkAccountNumber(raw));
    case 'aba':
      return code(validateAbaRouting(raw));
    case 'usAccount':
      return /^\d{4,17}$/.test(digits(raw)) ? null : fieldError('US_ACCOUNT_INVALID');
    case 'bsb':
      return code(validateBsb(raw));
    case 'auAccount':
      return /^\d{5,9}$/.test(digits(raw)) ? null : fieldError('AU_ACCOUNT_INVALID');
    case 'ruAccount':
      return /^\d{20}$/.test(digits(raw)) ? null : fieldError('RU_ACCOUNT_INVALID');
    case 'ruBik':
      return /^04\d{7}$/.test(digits(raw)) ? null : fieldError('RU_BIK_INVALID');
    case 'inn':
      return isValidInn(digits(raw)) ? null : fieldError('INN_INVALID');
    case 'uaTaxNumber':
      return /^(\d{8}|\d{10})$/.test(digits(raw)) ? null : fieldError('UA_TAX_INVALID');
    case 'mdIdno':
      return /^\d{13}$/.test(digits(raw)) ? null : fieldError('MD_IDNO_INVALID');
    case 'walletUuid':
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw.trim())
        ? null
        : fieldError('WALLET_UUID_INVALID');
    default:
      return assertNever(kind);
  }
}

function assertNever(value: never): never {
  throw new Error(`unknown field kind ${String(value)}`);
}

/** Electronic form of a value: separators stripped, identifiers uppercased; names only trimmed. */
function normalizeValue(spec: RequisiteSpec, raw: string): string {
  if (spec.kind === 'payee') return raw.trim().replace(/\s+/g, ' ');
  if (spec.kind === 'iban') return normalizeIban(raw);
  if (spec.kind === 'walletUuid') return raw.trim().toLowerCase();
  return stripSeparators(raw).toUpperCase();
}

export type Requisites = Partial<Record<RequisiteField, string>>;

export interface PayoutInput {
  method: PaymentMethod;
  currency: string;
  amount: string;
  requisites: Requisites;
}

export interface ValidPayout {
  method: PaymentMethod;
  currency: CurrencyCode;
  amountMinor: bigint;
  /** Normalized requisites of the method only (fields the method does not use are dropped). */
  requisites: Requisites;
}

export type PayoutCheck =
  | { ok: true; value: ValidPayout }
  | { ok: false; errors: Record<string, FieldError> };

/**
 * The server's and the form's one check of a payout (spec §5): requisites of the method, IBAN valid
 * for the method, BIC matching the IBAN (with the expected value), ABA checksum, amount not 0, at most
 * two decimals, within the method's limits. Keys of `errors` are `amount`, `currency` and
 * `requisites.<field>`.
 */
export function validatePayout(input: PayoutInput): PayoutCheck {
  const errors: Record<string, FieldError> = {};
  const { method } = input;
  const methodName = PAYMENT_METHODS[method].label;
  const currency = input.currency.trim().toUpperCase();
  if (!isCurrencyCode(currency) || !methodSupportsCurrency(method, currency)) {
    errors.currency = fieldError('CURRENCY_NOT_SUPPORTED', { method: methodName, currency });
  }

  const requisites: Requisites = {};
  const specs: readonly RequisiteSpec[] = METHOD_REQUISITES[method];
  for (const spec of specs) {
    const raw = input.requisites[spec.field] ?? '';
    const label = REQUISITE_LABELS[spec.field];
    const key = `requisites.${spec.field}`;
    if (raw.trim() === '') {
      if (spec.required) errors[key] = fieldError('FIELD_REQUIRED', { field: label });
      continue;
    }
    const value = normalizeValue(spec, raw);
    if (value.length > spec.maxLength) {
      errors[key] = fieldError('FIELD_TOO_LONG', { field: label, max: String(spec.maxLength) });
      continue;
    }
    const error = checkKind(spec.kind, raw, method);
    if (error) errors[key] = error;
    else requisites[spec.field] = value;
  }

  // BIC beside an IBAN: same country, and the bank the directory knows for that IBAN.
  const { iban, bic } = requisites;
  if (iban !== undefined && bic !== undefined) {
    const ibanCc = ibanCountry(iban);
    const bicCc = bic.slice(4, 6);
    const expected = expectedBicFor(iban, bic);
    if (expected !== null) errors['requisites.bic'] = fieldError('BIC_MISMATCH', { expected });
    else if (bicCc !== ibanCc)
      errors['requisites.bic'] = fieldError('BIC_COUNTRY_MISMATCH', {
        bicCountry: bicCc,
        ibanCountry: ibanCc,
      });
  }
  if (method === 'INTERNAL' && iban === undefined && requisites.accountUuid === undefined) {
    if (!errors['requisites.iban']) errors['requisites.iban'] = fieldError('INTERNAL_ACCOUNT_REQUIRED');
  }

  const amountMinor = checkAmount(input.amount, currency, method, errors);
  if (Object.keys(errors).length > 0 || amountMinor === null || !isCurrencyCode(currency))
    return { ok: false, errors };
  return { ok: true, value: { method, currency, amountMinor, requisites } };
}

function checkAmount(
  text: string,
  currency: string,
  method: PaymentMethod,
  errors: Record<string, FieldError>,
): bigint | null {
  const parsed = parseAmountInput(text);
  if (!parsed.ok) {
    errors.amount = fieldError(parsed.error);
    return null;
  }
  if (!isCurrencyCode(currency)) return null;
  const minor = tryToMinor(parsed.value, currency);
  if (!minor.ok) {
    errors.amount = fieldError(minor.error);
    return null;
  }
  const limits = METHOD_LIMITS[method];
  const error = checkAmountLimits(minor.value, limits);
  if (error) {
    errors.amount = fieldError(error, {
      min: fromMinor(limits.min, currency),
      max: fromMinor(limits.max, currency),
      currency,
    });
    return null;
  }
  return minor.value;
}

/** `errors` as the 417 body's `fields` (one message per field, under a prefix such as `payment_details`). */
export function errorFields(errors: Record<string, FieldError>, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([key, e]) => [prefix ? `${prefix}.${key}` : key, e.message]),
  );
}
