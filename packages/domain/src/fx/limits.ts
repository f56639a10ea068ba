import { CURRENCIES, type CurrencyCode, currencyExponent } from '../money/currencies.ts';

/**
 * Pair rules (spec §5: at least min, not above max). Each leg of an exchange must lie inside its
 * currency's limits, in that currency: the sell amount inside the sell currency's limits and the
 * buy amount inside the buy currency's. Limits are about 1 USD to 1 000 000 USD per exchange
 * (crypto: about 10 USD to 1 000 000 USD), written as decimal strings of each currency.
 */
export const FX_LIMITS: Record<CurrencyCode, { min: string; max: string }> = {
  EUR: { min: '1.00', max: '1000000.00' },
  GBP: { min: '1.00', max: '1000000.00' },
  USD: { min: '1.00', max: '1000000.00' },
  RUB: { min: '100.00', max: '90000000.00' },
  AED: { min: '5.00', max: '3500000.00' },
  AUD: { min: '2.00', max: '1500000.00' },
  BGN: { min: '2.00', max: '1800000.00' },
  BHD: { min: '0.500', max: '380000.000' },
  CAD: { min: '2.00', max: '1350000.00' },
  CHF: { min: '1.00', max: '900000.00' },
  CNY: { min: '10.00', max: '7000000.00' },
  CZK: { min: '25.00', max: '23000000.00' },
  DKK: { min: '10.00', max: '7000000.00' },
  GEL: { min: '3.00', max: '2700000.00' },
  HKD: { min: '10.00', max: '7800000.00' },
  HUF: { min: '400.00', max: '360000000.00' },
  ILS: { min: '4.00', max: '3700000.00' },
  JPY: { min: '150', max: '150000000' },
  KWD: { min: '0.500', max: '300000.000' },
  KZT: { min: '500.00', max: '480000000.00' },
  MDL: { min: '20.00', max: '17000000.00' },
  MXN: { min: '20.00', max: '17000000.00' },
  NOK: { min: '10.00', max: '10000000.00' },
  NZD: { min: '2.00', max: '1600000.00' },
  PLN: { min: '4.00', max: '4000000.00' },
  RON: { min: '5.00', max: '4500000.00' },
  SEK: { min: '10.00', max: '10000000.00' },
  SGD: { min: '2.00', max: '1300000.00' },
  TRY: { min: '35.00', max: '34000000.00' },
  UAH: { min: '40.00', max: '41000000.00' },
  ZAR: { min: '20.00', max: '18000000.00' },
  BTC: { min: '0.0002', max: '15' },
  ETH: { min: '0.003', max: '300' },
  USDT: { min: '10', max: '1000000' },
  USDC: { min: '10', max: '1000000' },
};

/** Limits in minor units. */
export function fxLimitsMinor(currency: CurrencyCode): { min: bigint; max: bigint } {
  const e = currencyExponent(currency);
  const toMinor = (text: string) => {
    const [whole = '0', frac = ''] = text.split('.');
    return BigInt(whole + frac.padEnd(e, '0').slice(0, e));
  };
  const l = FX_LIMITS[currency];
  return { min: toMinor(l.min), max: toMinor(l.max) };
}

/** Spread defaults in basis points when the company's terms set none (docs/decisions.md "FX"). */
export const DEFAULT_SPREAD_BPS = { fiat: 50, crypto: 150 } as const;

/** The default spread of a pair: crypto on either side costs the crypto spread. */
export function defaultSpreadBps(sell: CurrencyCode, buy: CurrencyCode): number {
  return CURRENCIES[sell].kind === 'crypto' || CURRENCIES[buy].kind === 'crypto'
    ? DEFAULT_SPREAD_BPS.crypto
    : DEFAULT_SPREAD_BPS.fiat;
}

/** Seconds a quote's rate stays locked (spec §4 countdown). */
export const FX_QUOTE_TTL_SECONDS = 30;

export const FX_SETTLEMENTS = ['instant', 'sbd', 'nbd'] as const;
export type FxSettlement = (typeof FX_SETTLEMENTS)[number];

export const FX_STATUSES = [
  'created',
  'completed',
  'booked',
  'settled',
  'canceled',
  'rejected',
  'failed',
] as const;
export type FxStatus = (typeof FX_STATUSES)[number];

/** Who may act on an exchange in which status. */
export const FX_CANCELABLE: readonly FxStatus[] = ['created', 'booked'];
