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
 * Intl formatters are costly to build (a table of thousands of amounts built them three times per
 * cell, most of a dashboard's first render on a slow phone), so each is built once per locale and
 * per currency pattern. The keys are few (the app's languages × currencies); the bound only guards
 * against a caller passing arbitrary locales.
 */
const CACHE_LIMIT = 512;
const localeFormats = new Map<string, { numberFormat: Intl.NumberFormat; decimalMark: string }>();
const templates = new Map<string, string>();

function remember<V>(cache: Map<string, V>, key: string, build: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    value = build();
    cache.set(key, value);
  }
  return value;
}

function localeFormat(locale: string) {
  return remember(localeFormats, locale, () => ({
    numberFormat: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
    decimalMark:
      new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.',
  }));
}

/** The locale's text of a signed one-unit amount, with PLACEHOLDER where the number goes. */
function signedTemplate(locale: string, currency: CurrencyCode, isCrypto: boolean, isNegative: boolean) {
  return remember(templates, `${locale}|${currency}|${isNegative ? '-' : '+'}`, () => {
    // The pattern of a signed one-unit amount tells where the sign and symbol go in this locale.
    const pattern = isCrypto
      ? localeFormat(locale).numberFormat.formatToParts(isNegative ? -1n : 1n)
      : new Intl.NumberFormat(locale, {
          style: 'currency',
          currency,
          maximumFractionDigits: 0,
          minimumFractionDigits: 0,
        }).formatToParts(isNegative ? -1n : 1n);
    return pattern.map((part) => (part.type === 'integer' ? PLACEHOLDER : part.value)).join('');
  });
}

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

  const { numberFormat, decimalMark } = localeFormat(locale);
  const digits = numberFormat
    .formatToParts(whole)
    .filter((part) => part.type === 'integer' || part.type === 'group')
    .map((part) => part.value)
    .join('');
  const number = fraction === '' ? digits : `${digits}${decimalMark}${fraction}`;
  const template = signedTemplate(locale, currency, isCrypto, isNegative);
  const text = template.replace(PLACEHOLDER, number);
  return isCrypto ? `${text} ${currency}` : text;
}
