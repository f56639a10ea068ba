import { type CurrencyCode, CURRENCIES, currencyExponent } from './currencies.ts';

export interface FormatMoneyOptions {
  /**
   * Fewest fraction digits to show; trailing zeros beyond it are dropped. Defaults to the full
   * exponent for fiat ('1.50') and to 2 for crypto, whose 8–18 digits would drown the value.
   */
  minimumFractionDigits?: number;
}

/** A placeholder that no locale writes inside a number, used to find where the integer goes. */
const PLACEHOLDER = '\u0000';

/**
 * Formats minor units for display with the locale's symbols, grouping and sign placement,
 * without turning the amount into a float: the whole part is formatted as a bigint (which Intl
 * does exactly at any size), the fraction digits are appended as text with the locale's decimal
 * mark, and the result is placed into the locale's pattern for a signed amount of this currency.
 * Crypto tickers are not ISO codes (Intl rejects USDT), so they are shown as 'number TICKER'.
 */
export function formatMoney(
  minor: bigint,
  currency: CurrencyCode,
  locale: string,
  options: FormatMoneyOptions = {},
): string {
  const exponent = currencyExponent(currency);
  const isCrypto = CURRENCIES[currency].kind === 'crypto';
  const isNegative = minor < 0n;
  const magnitude = isNegative ? -minor : minor;
  const scale = 10n ** BigInt(exponent);
  const whole = magnitude / scale;
  const minDigits = Math.min(exponent, options.minimumFractionDigits ?? (isCrypto ? 2 : exponent));
  let fraction = (magnitude % scale).toString().padStart(exponent, '0');
  while (fraction.length > minDigits && fraction.endsWith('0')) fraction = fraction.slice(0, -1);

  const numberFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const decimalMark = new Intl.NumberFormat(locale)
    .formatToParts(1.5)
    .find((part) => part.type === 'decimal');
  const digits = numberFormat
    .formatToParts(whole)
    .filter((part) => part.type === 'integer' || part.type === 'group')
    .map((part) => part.value)
    .join('');
  const number = fraction === '' ? digits : `${digits}${decimalMark?.value ?? '.'}${fraction}`;

  // The pattern of a signed one-unit amount tells where the sign and symbol go in this locale.
  const pattern = isCrypto
    ? numberFormat.formatToParts(isNegative ? -1n : 1n)
    : new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        maximumFractionDigits: 0,
        minimumFractionDigits: 0,
      }).formatToParts(isNegative ? -1n : 1n);
  const template = pattern.map((part) => (part.type === 'integer' ? PLACEHOLDER : part.value)).join('');
  const text = template.replace(PLACEHOLDER, number);
  return isCrypto ? `${text} ${currency}` : text;
}
