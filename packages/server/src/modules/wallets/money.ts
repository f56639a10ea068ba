import { fromMinor, isCurrencyCode } from '@portal/domain';

/** Minor units → the JSON decimal string of the currency (design §5: never a float). */
export function money(minor: bigint, currency: string): string {
  if (!isCurrencyCode(currency)) throw new Error(`unknown currency ${currency}`);
  return fromMinor(minor, currency);
}
