import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, type CurrencyCode, currencyExponent } from '../money/currencies.ts';
import { buyForSell, clientRate, convert, fxJournal, sellForBuy } from './conversion.ts';
import { compareRates, parseRate, pow10, rateFromRatio } from './decimal-rate.ts';

const code = fc.constantFrom(...CURRENCY_CODES);
const pair = fc.tuple(code, code).filter(([a, b]) => a !== b);
/** A mid rate between 1e-9 and 1e9, as an exact decimal. */
const mid = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 18n }), fc.bigInt({ min: 1n, max: 10n ** 9n }))
  .map(([n, d]) => rateFromRatio(n, d * 10n ** 9n));
const amount = fc.bigInt({ min: 1n, max: 10n ** 20n });
const spread = fc.integer({ min: 0, max: 500 });
/** Any conversion request: a pair, a mid rate, an amount fixed on the sell or the buy side, a spread. */
const request = fc
  .tuple(pair, mid, amount, spread, fc.boolean())
  .map(([[from, to], m, amountMinor, spreadBps, sellSide]) => ({
    from,
    to,
    fixed: sellSide ? ('sell' as const) : ('buy' as const),
    amountMinor,
    mid: m,
    spreadBps,
  }));

/** Exact value sell × rate in buy minor units as a fraction num/den. */
function exact(sell: bigint, from: CurrencyCode, to: CurrencyCode, rate: string) {
  const r = parseRate(rate);
  return {
    num: sell * r.units * pow10(currencyExponent(to)),
    den: pow10(r.scale + currencyExponent(from)),
  };
}

describe('FX conversion rounds in the client favour', () => {
  it('sell fixed: the buy amount is the exact value rounded up, never more than one minor unit over', () => {
    fc.assert(
      fc.property(pair, mid, amount, ([from, to], rate, sell) => {
        const buy = buyForSell(sell, from, to, rate);
        const { num, den } = exact(sell, from, to, rate);
        expect(buy * den >= num).toBe(true); // client gets at least the exact value
        expect((buy - 1n) * den < num).toBe(true); // and by less than one minor unit
      }),
    );
  });

  it('buy fixed: the sell amount is the exact cost rounded down, never more than one minor unit under', () => {
    fc.assert(
      fc.property(pair, mid, amount, ([from, to], rate, buy) => {
        const sell = sellForBuy(buy, from, to, rate);
        // value of `sell` at rate ≤ buy (client pays no more than the exact cost)
        const { num, den } = exact(sell, from, to, rate);
        expect(num <= buy * den).toBe(true);
        const next = exact(sell + 1n, from, to, rate);
        expect(next.num > buy * den).toBe(true);
      }),
    );
  });

  it('the client rate is the mid less the spread, and the spread revenue is never negative', () => {
    fc.assert(
      fc.property(request, (r) => {
        const c = convert(r);
        expect(compareRates(c.rate, r.mid)).toBeLessThanOrEqual(0);
        expect(c.rate).toBe(clientRate(r.mid, r.spreadBps));
        expect(c.spreadMinor >= 0n).toBe(true);
        expect(c.sellMinor >= 0n && c.buyMinor > 0n).toBe(true);
      }),
    );
  });
});

describe('rates', () => {
  it('keep 10 significant digits even far below 1', () => {
    expect(rateFromRatio(1n, 15_000_000n)).toBe('0.00000006666666667');
    expect(rateFromRatio(3n, 2n)).toBe('1.5000000000');
  });
});

describe('every exchange journal balances per currency', () => {
  it('for random pairs, amounts, sides and spreads', () => {
    fc.assert(
      fc.property(request, (r) => {
        const c = convert(r);
        fc.pre(c.sellMinor > 0n);
        const legs = fxJournal({
          sellCurrency: r.from,
          sellMinor: c.sellMinor,
          buyCurrency: r.to,
          buyMinor: c.buyMinor,
          spreadMinor: c.spreadMinor,
        });
        const sums = new Map<string, bigint>();
        for (const l of legs) sums.set(l.currency, (sums.get(l.currency) ?? 0n) + l.amount);
        expect([...sums.values()].every((v) => v === 0n)).toBe(true);
        expect(legs.every((l) => l.amount !== 0n)).toBe(true);
        expect(legs.find((l) => l.role === 'sellWallet')?.amount).toBe(-c.sellMinor);
        expect(legs.find((l) => l.role === 'buyWallet')?.amount).toBe(c.buyMinor);
      }),
    );
  });
});
