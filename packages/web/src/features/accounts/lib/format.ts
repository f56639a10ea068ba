import { sortCurrencies } from '@portal/domain';
import {
  formatAmount,
  formatIban,
  isNegativeAmount,
  isZeroAmount,
  minorOf,
} from '../../../shared/format/index.ts';
import { useFormatters } from '../../../shared/i18n/index.ts';

// Money and account numbers come from the one formatting module (shared/format).
export { formatAmount, isNegativeAmount, isZeroAmount, minorOf };

/** IBAN grouped by 4 for reading (spec §5); the value itself stays without spaces. */
export const displayIban = (iban: string): string => formatIban(iban);

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
