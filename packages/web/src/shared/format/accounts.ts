import { sortCurrencies } from '@portal/domain';
import { formatIban } from './index.ts';

// Money, numbers, bytes and dates come from the one formatting module (shared/format, `useFormat`).

/** IBAN grouped by 4 for reading (spec §5); the value itself stays without spaces. */
export const displayIban = (iban: string): string => formatIban(iban);

/** Rows sorted by the spec's currency order (EUR, GBP, USD, RUB, then alphabetical). */
export function byCurrencyOrder<T extends { currency: string }>(rows: readonly T[]): T[] {
  const order = sortCurrencies(rows.map((row) => row.currency));
  return [...rows].sort((a, b) => order.indexOf(a.currency) - order.indexOf(b.currency));
}
