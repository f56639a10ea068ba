import { fxSettlesAt } from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { proofOf } from '../../http/confirmation-proof.ts';
import { DomainError } from '../../http/errors.ts';
import type { FxExchangeView } from '@portal/domain';
import { schedule } from './fx-booked-settlement.ts';
import { type Ctx, type FxContext, requireFx, selfApproves } from './fx-context.ts';
import { recordEvent, transition } from './fx-events.ts';
import { exchangePostings, paymentLegs } from './fx-postings.ts';
import { subjectOf } from './fx-quote.ts';
import { viewOne } from './fx-views.ts';
import * as repo from './fx.repo.ts';

/** FX execution: a confirmed quote becomes an exchange, executed at once when its creator may. */

/** Executes a created exchange: instant → ledger now; NBD/SBD → hold until value date. */
export async function execute(
  fx: FxContext,
  tx: Tx,
  e: repo.ExchangeRow,
  actorId: string | null,
  now: Date,
  ctx?: Ctx,
) {
  if (e.settlement === 'instant') {
    const entry = await fx.ledger().postEntry(tx, await exchangePostings(fx, tx, e));
    await paymentLegs(fx, tx, e, entry.id, actorId, now);
    return transition(tx, e, 'completed', {
      actorId,
      at: now,
      action: 'executed',
      patch: { entryId: entry.id, executedAt: now, settledAt: now, approvedBy: actorId, error: null },
      ...(ctx ? { ctx } : {}),
    });
  }
  const holdId = await fx.ledger().placeHold(tx, {
    walletId: e.sellWalletId,
    currency: e.sellCurrency,
    amount: e.sellAmount,
    reference: `fx:${e.id}`,
    kind: 'pending',
  });
  return transition(tx, e, 'booked', {
    actorId,
    at: now,
    action: 'booked',
    patch: {
      holdId,
      executedAt: now,
      approvedBy: actorId,
      settleAfter: fxSettlesAt(e.valueDate),
      error: null,
    },
    ...(ctx ? { ctx } : {}),
  });
}

export async function confirm(
  fx: FxContext,
  ctx: Ctx,
  body: {
    quote_id: string;
    challenge_id: string;
    sell_amount: string;
    buy_amount: string;
    rate: string;
    password: string;
    secret_code: string;
  },
): Promise<FxExchangeView> {
  const p = ctx.principal;
  const merchantId = requireFx(p);
  const q = await repo.findQuote(fx.db, body.quote_id, merchantId, p.userId);
  if (!q) throw new DomainError('FX_QUOTE_NOT_FOUND');
  if (q.usedAt) throw new DomainError('FX_QUOTE_USED');
  const now = fx.clock.now();
  if (now >= q.expiresAt) throw new DomainError('FX_QUOTE_EXPIRED');
  // What the browser says the user saw; a changed amount or rate fails the challenge's hash.
  const subject = subjectOf({
    id: q.id,
    merchantId,
    sellWalletId: q.sellWalletId,
    sellCurrency: q.sellCurrency,
    sellAmount: body.sell_amount,
    buyWalletId: q.buyWalletId,
    buyCurrency: q.buyCurrency,
    buyAmount: body.buy_amount,
    rate: body.rate,
    expiresAt: q.expiresAt,
    settlement: q.settlement,
    valueDate: q.valueDate,
  });
  const { step } = await fx.confirmations().verify(fx.db, {
    userId: p.userId,
    merchantId,
    kind: 'fx',
    subject,
    proof: proofOf(body),
    meta: { ip: ctx.ip, userAgent: ctx.userAgent, sessionId: p.sessionId },
  });
  const created = await inTransaction(fx.db, async (tx) => {
    if (!(await repo.claimQuote(tx, q.id, now))) throw new DomainError('FX_QUOTE_USED');
    const e = await repo.insertExchange(tx, {
      merchantId,
      quoteId: q.id,
      status: 'created',
      settlement: q.settlement,
      valueDate: q.valueDate,
      fixedSide: q.fixedSide,
      sellWalletId: q.sellWalletId,
      sellCurrency: q.sellCurrency,
      sellAmount: q.sellAmount,
      buyWalletId: q.buyWalletId,
      buyCurrency: q.buyCurrency,
      buyAmount: q.buyAmount,
      rate: q.rate,
      midRate: q.midRate,
      spreadBps: q.spreadBps,
      spreadAmount: q.spreadAmount,
      createdBy: p.userId,
      createdAt: now,
      updatedAt: now,
    });
    await fx.confirmations().consume(tx, {
      userId: p.userId,
      challengeId: body.challenge_id,
      step,
      subjectRef: e.id,
    });
    await recordEvent(tx, e, { event: 'created', from: null, actorId: p.userId, at: now, ctx });
    return e;
  });
  if (!selfApproves(p)) return viewOne(fx, created, p);
  try {
    const done = await inTransaction(fx.db, async (tx) => {
      const e = await repo.lockExchange(tx, created.id, merchantId);
      if (!e) throw new DomainError('FX_EXCHANGE_NOT_FOUND');
      return execute(fx, tx, e, p.userId, now, ctx);
    });
    await schedule(fx, done);
    return viewOne(fx, done, p);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    // Spec §8: the exchange exists, its execution failed; it ends failed and says why.
    await inTransaction(fx.db, async (tx) => {
      const e = await repo.lockExchange(tx, created.id, merchantId);
      if (e?.status === 'created')
        await transition(tx, e, 'failed', {
          actorId: p.userId,
          at: now,
          action: 'failed',
          note: err.message,
          patch: { error: err.message },
          ctx,
        });
    });
    throw new DomainError(
      'FX_APPROVAL_ERROR',
      { error: err.message },
      { extra: { exchange_id: created.id } },
    );
  }
}
