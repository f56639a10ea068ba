import { formatField, formatMoney, isCurrencyCode, sortCurrencies, tryToMinor } from '@portal/domain';
import { useFormatters } from '../../../shared/i18n/index.ts';

/** Exact minor units of a decimal string, or null when the currency or text is unknown. */
export function minorOf(decimal: string, currency: string): bigint | null {
  if (!isCurrencyCode(currency)) return null;
  const result = tryToMinor(decimal, currency);
  return result.ok ? result.value : null;
}

/** A decimal string from the API shown in the locale, through the domain money functions only. */
export function formatAmount(decimal: string, currency: string, locale: string): string {
  const minor = minorOf(decimal, currency);
  if (minor === null || !isCurrencyCode(currency)) return `${decimal} ${currency}`;
  return formatMoney(minor, currency, locale);
}

export const isNegativeAmount = (decimal: string, currency: string): boolean =>
  (minorOf(decimal, currency) ?? 0n) < 0n;

export const isZeroAmount = (decimal: string, currency: string): boolean =>
  (minorOf(decimal, currency) ?? 0n) === 0n;

/** IBAN grouped by 4 for reading (spec §5); the value itself stays without spaces. */
export const displayIban = (iban: string): string => formatField('iban', iban);

/** Rows sorted by the spec's currency order (EUR, GBP, USD, RUB, then alphabetical). */
export function byCurrencyOrder<T extends { currency: string }>(rows: readonly T[]): T[] {
  const order = sortCurrencies(rows.map((row) => row.currency));
  return [...rows].sort((a, b) => order.indexOf(a.currency) - order.indexOf(b.currency));
}

/** Money and byte formatting in the user's language. */
export function useAccountFormat() {
  const formatters = useFormatters();
  const { locale } = formatters;
  return {
    ...formatters,
    money: (decimal: string, currency: string) => formatAmount(decimal, currency, locale),
    bytes: (bytes: number) => {
      const [value, unit] =
        bytes >= 1_048_576
          ? [bytes / 1_048_576, 'megabyte']
          : bytes >= 1024
            ? [bytes / 1024, 'kilobyte']
            : [bytes, 'byte'];
      return new Intl.NumberFormat(locale, {
        style: 'unit',
        unit,
        unitDisplay: 'short',
        maximumFractionDigits: unit === 'byte' ? 0 : 1,
      }).format(value);
    },
  };
}
