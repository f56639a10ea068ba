import { type CurrencyCode, currencyExponent } from './currencies.ts';

/** Error codes of amount parsing and checks; the browser shows `errors.<code>`. */
export type AmountError =
  | 'AMOUNT_REQUIRED'
  | 'AMOUNT_INVALID'
  | 'AMOUNT_TOO_MANY_DECIMALS'
  | 'AMOUNT_ZERO'
  | 'AMOUNT_NEGATIVE'
  | 'AMOUNT_BELOW_MIN'
  | 'AMOUNT_ABOVE_MAX';

export type AmountResult<T> = { ok: true; value: T } | { ok: false; error: AmountError };

/** Canonical decimal text: optional minus, digits, optional point with digits. */
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Decimal string → minor units, exactly, as a result. Rejects more fraction digits than the
 * currency's exponent even when they are zeros ('1.230' EUR), so a value is never silently cut.
 */
export function tryToMinor(decimal: string, currency: CurrencyCode): AmountResult<bigint> {
  if (decimal.trim() === '') return { ok: false, error: 'AMOUNT_REQUIRED' };
  const match = DECIMAL.exec(decimal);
  if (match === null) return { ok: false, error: 'AMOUNT_INVALID' };
  const [, sign = '', whole = '0', fraction = ''] = match;
  const exponent = currencyExponent(currency);
  if (fraction.length > exponent) return { ok: false, error: 'AMOUNT_TOO_MANY_DECIMALS' };
  const magnitude = BigInt(whole + fraction.padEnd(exponent, '0'));
  return { ok: true, value: sign === '-' ? -magnitude : magnitude };
}

/** Thrown by {@link toMinor}; `code` is the {@link AmountError}. */
export class AmountFormatError extends Error {
  constructor(
    readonly code: AmountError,
    readonly input: string,
  ) {
    super(`${code}: ${JSON.stringify(input)}`);
    this.name = 'AmountFormatError';
  }
}

/**
 * Decimal string ('1234.5', '-0.01') → bigint minor units. Throws {@link AmountFormatError} on
 * garbage or excess decimals: for trusted data (JSON already validated by a schema); forms use
 * {@link parseAmountInput} or {@link tryToMinor}.
 */
export function toMinor(decimal: string, currency: CurrencyCode): bigint {
  const result = tryToMinor(decimal, currency);
  if (!result.ok) throw new AmountFormatError(result.error, decimal);
  return result.value;
}

/**
 * Minor units → decimal string with exactly the currency's exponent digits ('1.50', '-0.01',
 * '100' for JPY). Pure string arithmetic: no float is ever made.
 */
export function fromMinor(minor: bigint, currency: CurrencyCode): string {
  const exponent = currencyExponent(currency);
  const sign = minor < 0n ? '-' : '';
  const digits = (minor < 0n ? -minor : minor).toString().padStart(exponent + 1, '0');
  if (exponent === 0) return sign + digits;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** Characters accepted as thousands separators: comma, spaces (incl. no-break ones), apostrophes. */
const THOUSANDS_SEPARATORS = /[,\s\u00a0\u202f'\u2019]/g;

/**
 * Amount input rule of spec §5: digits with an optional minus, at most two decimals (or
 * `maxDecimals`, e.g. 8 for an escrow crypto amount), thousands separators ignored. The decimal
 * mark is always '.', because ',' is a thousands separator. Separators are ignored only in the
 * whole part; one inside the decimals is a typo, not formatting, and is rejected.
 * Returns a normalized decimal string: no separators, no leading zeros, '-0' → '0',
 * '.5' → '0.5', '12.' → '12'.
 */
export function parseAmountInput(text: string, options: { maxDecimals?: number } = {}): AmountResult<string> {
  const maxDecimals = options.maxDecimals ?? 2;
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'AMOUNT_REQUIRED' };
  const pointAt = trimmed.indexOf('.');
  const wholeRaw = pointAt === -1 ? trimmed : trimmed.slice(0, pointAt);
  const fraction = pointAt === -1 ? '' : trimmed.slice(pointAt + 1);
  const whole = wholeRaw.replace(THOUSANDS_SEPARATORS, '');
  const match = /^(-?)(\d*)$/.exec(whole);
  if (match === null || !/^\d*$/.test(fraction)) return { ok: false, error: 'AMOUNT_INVALID' };
  const [, sign = '', wholeDigits = ''] = match;
  if (wholeDigits === '' && fraction === '') return { ok: false, error: 'AMOUNT_INVALID' };
  if (fraction.length > maxDecimals) return { ok: false, error: 'AMOUNT_TOO_MANY_DECIMALS' };
  const normalizedWhole = wholeDigits.replace(/^0+(?=\d)/, '') || '0';
  const body = fraction === '' ? normalizedWhole : `${normalizedWhole}.${fraction}`;
  const isZero = /^[0.]*$/.test(body);
  return { ok: true, value: sign === '-' && !isZero ? `-${body}` : body };
}

/** Limits of an amount check, in minor units; either bound may be absent. */
export interface AmountLimits {
  min?: bigint;
  max?: bigint;
  /** Negative amounts are refused unless allowed (refund and correction forms). */
  allowNegative?: boolean;
}

/**
 * Spec §5: amount not 0, not below the method's minimum, not above its maximum (or the refund
 * maximum). Returns null when the amount passes.
 */
export function checkAmountLimits(minor: bigint, limits: AmountLimits = {}): AmountError | null {
  if (minor === 0n) return 'AMOUNT_ZERO';
  if (minor < 0n && limits.allowNegative !== true) return 'AMOUNT_NEGATIVE';
  if (limits.min !== undefined && minor < limits.min) return 'AMOUNT_BELOW_MIN';
  if (limits.max !== undefined && minor > limits.max) return 'AMOUNT_ABOVE_MAX';
  return null;
}
