import { isCurrencyCode } from '../money/currencies.ts';
import { tryToMinor } from '../money/amount.ts';
import { formatMoney } from '../money/format-money.ts';
import { formatField, stripSeparators } from './field-formats.ts';

/**
 * The one display format of figures (issue 19), shared by the browser app (lists, details, forms,
 * dialogs) and the server (mails, PDFs): money exact from minor units with the locale's grouping
 * and the currency's exponent, dates and times in a locale and an IANA time zone, sort codes
 * `20-20-15`, IBANs and IBAN-shaped account numbers grouped by 4. Pure: no clock, no browser.
 */

/** Exact minor units of a decimal string, or null when the currency or the text is unknown. */
export function minorOf(decimal: string, currency: string): bigint | null {
  if (!isCurrencyCode(currency)) return null;
  const result = tryToMinor(decimal, currency);
  return result.ok ? result.value : null;
}

/** Minor units as money text ('£1,234.50', '1 234,50 €', '0.12345678 BTC'); an unknown code as 'minor CODE'. */
export function formatMinorAmount(minor: bigint, currency: string, locale: string): string {
  return isCurrencyCode(currency) ? formatMoney(minor, currency, locale) : `${minor} ${currency}`;
}

/** A decimal string (as the API sends amounts) as money text, exact; '—' for no amount. */
export function formatAmount(amount: string | null | undefined, currency: string, locale: string): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  const minor = minorOf(amount, currency);
  if (minor === null || !isCurrencyCode(currency)) return `${amount} ${currency}`;
  return formatMoney(minor, currency, locale);
}

/** Whether a decimal string is below zero, without turning it into a float. */
export const isNegativeAmount = (amount: string | null | undefined, currency?: string): boolean => {
  if (!amount) return false;
  if (currency) {
    const minor = minorOf(amount, currency);
    if (minor !== null) return minor < 0n;
  }
  return amount.trim().startsWith('-') && !/^-0*(\.0*)?$/.test(amount.trim());
};

export const isZeroAmount = (amount: string, currency: string): boolean =>
  (minorOf(amount, currency) ?? 0n) === 0n;

/** IBAN grouped by 4 (`GB82 WEST 1234 5698 7654 32`); the value itself is kept without spaces. */
export const formatIban = (iban: string | null | undefined): string =>
  iban ? formatField('iban', iban) : '';

/** UK sort code `20-20-15`. */
export const formatSortCode = (sortCode: string | null | undefined): string =>
  sortCode ? formatField('sortCode', sortCode) : '';

/** A bank code as banks print it: a 6-digit UK sort code `20-20-15`, others as given. */
export function formatBankCode(code: string | null | undefined): string {
  if (!code) return '';
  const bare = stripSeparators(code);
  return /^\d{6}$/.test(bare) ? formatSortCode(bare) : code.trim();
}

/**
 * Account numbers: an IBAN-shaped value is grouped by 4, an 8-digit UK number is kept whole
 * (banks print it so), anything else is shown as given.
 */
export function formatAccountNumber(account: string | null | undefined): string {
  if (!account) return '';
  const bare = stripSeparators(account).toUpperCase();
  if (/^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(bare)) return formatIban(bare);
  return account.trim();
}

export type DateInput = string | number | Date;

const cache = new Map<string, Intl.DateTimeFormat>();
function dateFormat(
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, ...options });
    cache.set(key, format);
  }
  return format;
}

const validDate = (value: DateInput | null | undefined): Date | null => {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** Date and time, medium, in `timeZone` (IANA): `23 Nov 2026, 14:05`; '—' for none. */
export function formatDateTime(
  value: DateInput | null | undefined,
  locale: string,
  timeZone = 'UTC',
): string {
  const date = validDate(value);
  return date ? dateFormat(locale, timeZone, { dateStyle: 'medium', timeStyle: 'short' }).format(date) : '—';
}

/**
 * A date. A plain calendar date (`2026-11-23`, no time) is a day, not an instant: it is shown as
 * that day whatever the time zone; an instant is shown as its day in `timeZone`.
 */
export function formatDate(value: DateInput | null | undefined, locale: string, timeZone = 'UTC'): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return dateFormat(locale, 'UTC', { dateStyle: 'medium' }).format(new Date(`${value}T00:00:00Z`));
  const date = validDate(value);
  return date ? dateFormat(locale, timeZone, { dateStyle: 'medium' }).format(date) : '—';
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Built once per locale and options, as the date formats above: building one costs far more than using it. */
export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  const key = `${locale}|${options ? JSON.stringify(options) : ''}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format.format(value);
}
