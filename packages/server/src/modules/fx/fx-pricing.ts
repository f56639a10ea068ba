import {
  CURRENCIES,
  type Conversion,
  type CurrencyCode,
  clientRate,
  convert,
  type FixedSide,
  fromMinor,
  fxLimitsMinor,
  defaultSpreadBps,
  invertRate,
  isCurrencyCode,
} from '@portal/domain';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { type FxContext, requireFx } from './fx-context.ts';
import * as repo from './fx.repo.ts';

/** FX pricing: the company's spread, the client rate, a deal's amounts and its limits. */

async function spreadFor(
  fx: FxContext,
  merchantId: string,
  sell: CurrencyCode,
  buy: CurrencyCode,
): Promise<number> {
  const terms = await repo.termsOf(fx.db, merchantId);
  if (!terms) return defaultSpreadBps(sell, buy);
  const crypto = CURRENCIES[sell].kind === 'crypto' || CURRENCIES[buy].kind === 'crypto';
  return crypto ? terms.cryptoSpreadBps : terms.spreadBps;
}

export function checkLimits(field: string, minor: bigint, currency: CurrencyCode): void {
  const l = fxLimitsMinor(currency);
  if (minor < l.min)
    throw new DomainError(
      'FX_BELOW_MIN',
      { min: fromMinor(l.min, currency), currency },
      { fields: { [field]: 'FX_BELOW_MIN' } },
    );
  if (minor > l.max)
    throw new DomainError(
      'FX_ABOVE_MAX',
      { max: fromMinor(l.max, currency), currency },
      { fields: { [field]: 'FX_ABOVE_MAX' } },
    );
}

/** Rate, amounts and spread of a deal at `now`; throws the §8 424 while the provider is down. */
export async function price(
  fx: FxContext,
  merchantId: string,
  sell: CurrencyCode,
  buy: CurrencyCode,
  fixed: FixedSide,
  amountMinor: bigint,
  now: Date,
): Promise<Conversion & { spreadBps: number }> {
  const mid = await fx.rates.midRate(sell, buy, now);
  const spreadBps = await spreadFor(fx, merchantId, sell, buy);
  return { ...convert({ from: sell, to: buy, fixed, amountMinor, mid, spreadBps }), spreadBps };
}

export function checkDeal(c: Conversion, sell: CurrencyCode, buy: CurrencyCode, available?: bigint) {
  checkLimits('sell_amount', c.sellMinor, sell);
  checkLimits('buy_amount', c.buyMinor, buy);
  if (available !== undefined && c.sellMinor > available) {
    throw new DomainError(
      'FX_ABOVE_BALANCE',
      { available: fromMinor(available < 0n ? 0n : available, sell), currency: sell },
      { fields: { sell_amount: 'FX_ABOVE_BALANCE' } },
    );
  }
}

/** The company's client rate of a pair now, and its inverse. */
export async function clientRateOf(fx: FxContext, p: UserPrincipal, sell: string, buy: string) {
  const merchantId = requireFx(p);
  if (!isCurrencyCode(sell) || !isCurrencyCode(buy))
    throw new DomainError('FX_PAIR_NOT_OFFERED', { pair: `${sell}/${buy}` });
  if (sell === buy) throw new DomainError('FX_SAME_CURRENCY');
  const now = fx.clock.now();
  const rate = clientRate(await fx.rates.midRate(sell, buy, now), await spreadFor(fx, merchantId, sell, buy));
  return { rate, inverse_rate: invertRate(rate), at: now.toISOString() };
}
