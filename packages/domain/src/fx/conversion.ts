import { type CurrencyCode, currencyExponent } from '../money/currencies.ts';
import { divCeil, divRoundHalfUp, parseRate, pow10, rateFromRatio } from './decimal-rate.ts';

/**
 * Conversion of money at a rate, exactly, with the rounding rule of docs/decisions.md "FX":
 * ALWAYS IN THE CLIENT'S FAVOUR.
 *
 * - The client rate is the provider's mid rate less the company's spread:
 *   clientRate = mid × (1 − spread/10 000), kept to the rate precision (half-up on the 10th
 *   significant digit, see decimal-rate.ts). The client rate is what is shown and confirmed.
 * - Sell side fixed (the user types what they sell): buy = sell × clientRate, ROUNDED UP to the buy
 *   currency's minor unit (the client receives the fraction).
 * - Buy side fixed (the user types what they get): sell = buy ÷ clientRate, ROUNDED DOWN to the sell
 *   currency's minor unit (the client pays less by the fraction).
 * - The spread booked as revenue, in the buy currency: midValue − buy, where midValue = sell × mid
 *   rounded half-up; never negative (a rounding gift to the client is not negative revenue).
 */
export type FixedSide = 'sell' | 'buy';

/** Spread in basis points (1 bp = 0.01 %). */
export const BPS = 10_000n;

/** The rate the client gets: mid less the spread. */
export function clientRate(mid: string, spreadBps: number): string {
  if (!Number.isInteger(spreadBps) || spreadBps < 0 || spreadBps >= 10_000)
    throw new Error(`bad spread ${spreadBps}`);
  const m = parseRate(mid);
  return rateFromRatio(m.units * (BPS - BigInt(spreadBps)), pow10(m.scale) * BPS);
}

/** sell (minor units of `from`) × rate → minor units of `to`, rounded up (client's favour). */
export function buyForSell(sellMinor: bigint, from: CurrencyCode, to: CurrencyCode, rate: string): bigint {
  const r = parseRate(rate);
  // value in `to` minor = sell / 10^ef × rate × 10^et
  const numerator = sellMinor * r.units * pow10(currencyExponent(to));
  const denominator = pow10(r.scale + currencyExponent(from));
  return divCeil(numerator, denominator);
}

/** buy (minor units of `to`) ÷ rate → minor units of `from`, rounded down (client's favour). */
export function sellForBuy(buyMinor: bigint, from: CurrencyCode, to: CurrencyCode, rate: string): bigint {
  const r = parseRate(rate);
  const numerator = buyMinor * pow10(r.scale + currencyExponent(from));
  const denominator = r.units * pow10(currencyExponent(to));
  return numerator / denominator;
}

/** sell × mid in `to` minor units, half-up: the market value of what the client sold. */
export function midValue(sellMinor: bigint, from: CurrencyCode, to: CurrencyCode, mid: string): bigint {
  const r = parseRate(mid);
  return divRoundHalfUp(
    sellMinor * r.units * pow10(currencyExponent(to)),
    pow10(r.scale + currencyExponent(from)),
  );
}

export interface Conversion {
  sellMinor: bigint;
  buyMinor: bigint;
  /** Client rate (mid less spread): one unit of the sell currency in the buy currency. */
  rate: string;
  mid: string;
  /** Revenue in buy-currency minor units (≥ 0). */
  spreadMinor: bigint;
}

/** Both amounts of an exchange from the side the user typed. */
export function convert(c: {
  from: CurrencyCode;
  to: CurrencyCode;
  fixed: FixedSide;
  amountMinor: bigint;
  mid: string;
  spreadBps: number;
}): Conversion {
  if (c.amountMinor <= 0n) throw new Error('amount must be positive');
  const rate = clientRate(c.mid, c.spreadBps);
  const sellMinor = c.fixed === 'sell' ? c.amountMinor : sellForBuy(c.amountMinor, c.from, c.to, rate);
  const buyMinor = c.fixed === 'buy' ? c.amountMinor : buyForSell(c.amountMinor, c.from, c.to, rate);
  const market = midValue(sellMinor, c.from, c.to, c.mid);
  const spreadMinor = market > buyMinor ? market - buyMinor : 0n;
  return { sellMinor, buyMinor, rate, mid: c.mid, spreadMinor };
}

export type FxLegRole = 'sellWallet' | 'sellPosition' | 'buyPosition' | 'buyWallet' | 'spreadRevenue';

/**
 * The journal of an exchange (design §5: balanced per currency): the sell wallet pays into the FX
 * position of its currency; the FX position of the buy currency pays the buy wallet and the spread
 * revenue. The server maps each role to a ledger account.
 */
export function fxJournal(d: {
  sellCurrency: string;
  sellMinor: bigint;
  buyCurrency: string;
  buyMinor: bigint;
  spreadMinor: bigint;
}): { role: FxLegRole; currency: string; amount: bigint }[] {
  const legs: { role: FxLegRole; currency: string; amount: bigint }[] = [
    { role: 'sellWallet', currency: d.sellCurrency, amount: -d.sellMinor },
    { role: 'sellPosition', currency: d.sellCurrency, amount: d.sellMinor },
    { role: 'buyPosition', currency: d.buyCurrency, amount: -(d.buyMinor + d.spreadMinor) },
    { role: 'buyWallet', currency: d.buyCurrency, amount: d.buyMinor },
  ];
  if (d.spreadMinor > 0n)
    legs.push({ role: 'spreadRevenue', currency: d.buyCurrency, amount: d.spreadMinor });
  return legs;
}
