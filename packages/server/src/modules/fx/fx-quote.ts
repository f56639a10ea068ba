import { randomUUID } from 'node:crypto';
import {
  type CurrencyCode,
  type FixedSide,
  FX_QUOTE_TTL_SECONDS,
  type FxQuote,
  type FxQuoteRequest,
  type FxSettlement,
  fromMinor,
  fxBookingWindow,
  fxValueDate,
  invertRate,
  isCurrencyCode,
  tryToMinor,
} from '@portal/domain';
import { DomainError, validationError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { type Ctx, type FxContext, requireFx, selfApproves } from './fx-context.ts';
import { checkDeal, checkLimits, price } from './fx-pricing.ts';
import * as repo from './fx.repo.ts';

/** FX quotes: a rate locked for 30 s with the confirmation challenge bound to what was shown. */

/** Amount text → minor units, or the field error code the browser translates. */
function parseAmount(field: string, text: string, currency: CurrencyCode): bigint {
  const r = tryToMinor(text.trim(), currency);
  if (!r.ok) throw validationError({ [field]: r.error });
  if (r.value === 0n) throw validationError({ [field]: 'AMOUNT_ZERO' });
  if (r.value < 0n) throw validationError({ [field]: 'AMOUNT_NEGATIVE' });
  return r.value;
}

/** Wallet of the caller's company holding `currency` (another company's wallet → 404). */
async function walletFor(
  fx: FxContext,
  merchantId: string,
  ref: string,
  currency: CurrencyCode,
  pair: string,
) {
  const wallet = await fx
    .wallets()
    .getWalletForMerchant(fx.db, merchantId, /^\d+$/.test(ref) ? Number(ref) : ref);
  const balances = await fx.ledger().balances(fx.db, wallet.id);
  const account = balances.find((b) => b.currency === currency);
  if (!account) throw new DomainError('FX_PAIR_NOT_OFFERED', { pair });
  fx.wallets().assertOutgoingAllowed(wallet);
  return { wallet, available: account.available };
}

/** What the user confirms: pair, wallets, both amounts, rate, expiry, settlement. */
export function subjectOf(q: {
  id: string;
  merchantId: string;
  sellWalletId: number;
  sellCurrency: string;
  sellAmount: string;
  buyWalletId: number;
  buyCurrency: string;
  buyAmount: string;
  rate: string;
  expiresAt: Date;
  settlement: string;
  valueDate: string;
}) {
  return {
    quoteId: q.id,
    merchantId: q.merchantId,
    sellWalletId: q.sellWalletId,
    sellCurrency: q.sellCurrency,
    sellAmount: q.sellAmount,
    buyWalletId: q.buyWalletId,
    buyCurrency: q.buyCurrency,
    buyAmount: q.buyAmount,
    rate: q.rate,
    expiresAt: q.expiresAt.toISOString(),
    settlement: q.settlement,
    valueDate: q.valueDate,
  };
}

export function bookingWindow(fx: FxContext, p: UserPrincipal) {
  requireFx(p);
  const w = fxBookingWindow(fx.clock.now());
  return { working_time: w.workingTime, sbd_value_date: w.sbd, nbd_value_date: w.nbd };
}

export async function quote(
  fx: FxContext,
  ctx: Ctx,
  body: FxQuoteRequest & { settlement: FxSettlement },
): Promise<FxQuote> {
  const p = ctx.principal;
  const merchantId = requireFx(p);
  const pair = `${body.sell_currency}/${body.buy_currency}`;
  if (body.sell_currency === body.buy_currency)
    throw new DomainError('FX_SAME_CURRENCY', {}, { fields: { buy_currency: 'FX_SAME_CURRENCY' } });
  const sell = body.sell_currency;
  const buy = body.buy_currency;
  if (!isCurrencyCode(sell) || !isCurrencyCode(buy)) throw new DomainError('FX_PAIR_NOT_OFFERED', { pair });
  const sellText = body.sell_amount?.trim() ?? '';
  const buyText = body.buy_amount?.trim() ?? '';
  if ((sellText === '') === (buyText === '')) throw new DomainError('FX_AMOUNT_REQUIRED');
  const fixed: FixedSide = sellText !== '' ? 'sell' : 'buy';
  const amountMinor =
    fixed === 'sell' ? parseAmount('sell_amount', sellText, sell) : parseAmount('buy_amount', buyText, buy);
  const from = await walletFor(fx, merchantId, body.sell_wallet_id, sell, pair);
  const to = await walletFor(fx, merchantId, body.buy_wallet_id, buy, pair);
  const now = fx.clock.now();
  const vd = fxValueDate(body.settlement, now);
  if (!vd.ok) throw new DomainError(vd.error);
  // The typed side first, so "above max" is about what the user typed, before the rate is asked.
  checkLimits(fixed === 'sell' ? 'sell_amount' : 'buy_amount', amountMinor, fixed === 'sell' ? sell : buy);
  const deal = await price(fx, merchantId, sell, buy, fixed, amountMinor, now);
  checkDeal(deal, sell, buy, from.available);

  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + FX_QUOTE_TTL_SECONDS * 1000);
  const shown = {
    id,
    merchantId,
    sellWalletId: from.wallet.id,
    sellCurrency: sell,
    sellAmount: fromMinor(deal.sellMinor, sell),
    buyWalletId: to.wallet.id,
    buyCurrency: buy,
    buyAmount: fromMinor(deal.buyMinor, buy),
    rate: deal.rate,
    expiresAt,
    settlement: body.settlement,
    valueDate: vd.valueDate,
  };
  const challenge = await fx.confirmations().challenge(fx.db, {
    userId: p.userId,
    merchantId,
    kind: 'fx',
    subject: subjectOf(shown),
  });
  await repo.insertQuote(fx.db, {
    id,
    merchantId,
    userId: p.userId,
    settlement: body.settlement,
    valueDate: vd.valueDate,
    fixedSide: fixed,
    sellWalletId: from.wallet.id,
    sellCurrency: sell,
    sellAmount: deal.sellMinor,
    buyWalletId: to.wallet.id,
    buyCurrency: buy,
    buyAmount: deal.buyMinor,
    rate: deal.rate,
    midRate: deal.mid,
    spreadBps: deal.spreadBps,
    spreadAmount: deal.spreadMinor,
    challengeId: challenge.id,
    expiresAt,
    createdAt: now,
  });
  return {
    quote_id: id,
    challenge_id: challenge.id,
    expires_at: expiresAt.toISOString(),
    ttl_seconds: FX_QUOTE_TTL_SECONDS,
    settlement: body.settlement,
    value_date: vd.valueDate,
    fixed_side: fixed,
    sell_wallet_id: String(from.wallet.id),
    sell_currency: sell,
    sell_amount: shown.sellAmount,
    buy_wallet_id: String(to.wallet.id),
    buy_currency: buy,
    buy_amount: shown.buyAmount,
    rate: deal.rate,
    inverse_rate: invertRate(deal.rate),
    needs_approval: !selfApproves(p),
  };
}
