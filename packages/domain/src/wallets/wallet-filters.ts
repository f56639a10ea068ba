import { normalizeFilter } from '../formats/filters.ts';
import { validateIban } from '../formats/iban.ts';

/** Wallet list filter fields (spec §7 filter_code / filter_param). */
export const WALLET_FILTER_PARAMS = ['ui_name', 'iban_number', 'uuid', 'currency'] as const;
export type WalletFilterParam = (typeof WALLET_FILTER_PARAMS)[number];

/** Wallet list sort fields (a whitelist: the value reaches ORDER BY). */
export const WALLET_SORT_PARAMS = ['created', 'ui_name', 'id', 'status'] as const;
export type WalletSortParam = (typeof WALLET_SORT_PARAMS)[number];

export const IBAN_FILTER_PARAMS = ['iban_number'] as const;
export const IBAN_SORT_PARAMS = ['created', 'iban_number'] as const;

export type FilterCheck =
  | { ok: true; value: string; forcePageOne: boolean }
  | { ok: false; error: 'IBAN_FILTER_INVALID' };

/**
 * Spec §5 filter input: `*` → `%`, spaces out of IBAN filters, a full GB/LT IBAN forces page 1.
 * An IBAN filter with other characters, or a full-length one with wrong check digits, is refused
 * rather than silently matching nothing.
 */
export function checkListFilter(param: string, value: string): FilterCheck {
  const normalized = normalizeFilter(param, value);
  if (param !== 'iban_number') return { ok: true, ...normalized };
  if (!/^[A-Z0-9%]{1,34}$/.test(normalized.value)) return { ok: false, error: 'IBAN_FILTER_INVALID' };
  if (normalized.forcePageOne && validateIban(normalized.value) !== null) {
    return { ok: false, error: 'IBAN_FILTER_INVALID' };
  }
  return { ok: true, ...normalized };
}

/** A LIKE pattern: the user's `%` wildcards stay, a value without any matches as a substring. */
export function likePattern(value: string): string {
  const escaped = value.replace(/[\\_]/g, (c) => `\\${c}`);
  return escaped.includes('%') ? escaped : `%${escaped}%`;
}
