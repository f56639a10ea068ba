import { keysOf } from '../enums/enum-helpers.ts';

/**
 * Currency table: ISO 4217 fiat currencies the product meets, and the crypto tickers of on-chain
 * transfers and escrow deals, each with its exponent (digits after the decimal point of one minor
 * unit). Amounts are bigint minor units everywhere (design §5).
 *
 * Crypto exponents follow the chains' own base units so any on-chain amount is exact:
 * BTC 8 (satoshi), ETH 18 (wei), USDT 6 and USDC 6 (the issuers' ERC-20/TRC-20 decimals).
 */
export const CURRENCIES = {
  EUR: { exponent: 2, kind: 'fiat' },
  GBP: { exponent: 2, kind: 'fiat' },
  USD: { exponent: 2, kind: 'fiat' },
  RUB: { exponent: 2, kind: 'fiat' },
  AED: { exponent: 2, kind: 'fiat' },
  AUD: { exponent: 2, kind: 'fiat' },
  BGN: { exponent: 2, kind: 'fiat' },
  BHD: { exponent: 3, kind: 'fiat' },
  CAD: { exponent: 2, kind: 'fiat' },
  CHF: { exponent: 2, kind: 'fiat' },
  CNY: { exponent: 2, kind: 'fiat' },
  CZK: { exponent: 2, kind: 'fiat' },
  DKK: { exponent: 2, kind: 'fiat' },
  GEL: { exponent: 2, kind: 'fiat' },
  HKD: { exponent: 2, kind: 'fiat' },
  HUF: { exponent: 2, kind: 'fiat' },
  ILS: { exponent: 2, kind: 'fiat' },
  JPY: { exponent: 0, kind: 'fiat' },
  KWD: { exponent: 3, kind: 'fiat' },
  KZT: { exponent: 2, kind: 'fiat' },
  MDL: { exponent: 2, kind: 'fiat' },
  MXN: { exponent: 2, kind: 'fiat' },
  NOK: { exponent: 2, kind: 'fiat' },
  NZD: { exponent: 2, kind: 'fiat' },
  PLN: { exponent: 2, kind: 'fiat' },
  RON: { exponent: 2, kind: 'fiat' },
  SEK: { exponent: 2, kind: 'fiat' },
  SGD: { exponent: 2, kind: 'fiat' },
  TRY: { exponent: 2, kind: 'fiat' },
  UAH: { exponent: 2, kind: 'fiat' },
  ZAR: { exponent: 2, kind: 'fiat' },
  BTC: { exponent: 8, kind: 'crypto' },
  ETH: { exponent: 18, kind: 'crypto' },
  USDT: { exponent: 6, kind: 'crypto' },
  USDC: { exponent: 6, kind: 'crypto' },
} as const satisfies Record<string, { exponent: number; kind: 'fiat' | 'crypto' }>;

export type CurrencyCode = keyof typeof CURRENCIES;
export type CurrencyKind = (typeof CURRENCIES)[CurrencyCode]['kind'];

/** All known codes in table order. */
export const CURRENCY_CODES: readonly CurrencyCode[] = keysOf(CURRENCIES);

/** Narrows a string to a known currency code (exact, uppercase). */
export function isCurrencyCode(code: string): code is CurrencyCode {
  return Object.hasOwn(CURRENCIES, code);
}

/** Digits after the decimal point of one minor unit. */
export function currencyExponent(currency: CurrencyCode): number {
  return CURRENCIES[currency].exponent;
}

/** Currencies shown first, in this order (spec §9); the rest follow alphabetically. */
export const PRIORITY_CURRENCIES = ['EUR', 'GBP', 'USD', 'RUB'] as const;

function priorityOf(code: string): number {
  const priority: readonly string[] = PRIORITY_CURRENCIES;
  const index = priority.indexOf(code);
  return index === -1 ? PRIORITY_CURRENCIES.length : index;
}

/**
 * Comparator for the spec's currency order: EUR, GBP, USD, RUB, then alphabetical. Takes any
 * string because currency lists come from the server and may hold codes this table lacks.
 */
export function compareCurrencies(a: string, b: string): number {
  const byPriority = priorityOf(a) - priorityOf(b);
  if (byPriority !== 0) return byPriority;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A sorted copy (the input is left alone). */
export function sortCurrencies<T extends string>(codes: readonly T[]): T[] {
  return [...codes].sort(compareCurrencies);
}
