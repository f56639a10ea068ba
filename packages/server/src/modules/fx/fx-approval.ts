import {
  type CurrencyCode,
  FX_CANCELABLE,
  type FxExchangeView,
  type FxSettlement,
  fxValueDate,
  RIGHT_ACTIONS,
} from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import type { ApprovalLine, ScaProof } from '../confirmations/confirmations.service.ts';
import { schedule } from './fx-booked-settlement.ts';
import { companyOf, type Ctx, type FxContext } from './fx-context.ts';
import { transition } from './fx-events.ts';
import { execute } from './fx-execute.ts';
import { checkDeal, price } from './fx-pricing.ts';
import { namesOf, viewOne } from './fx-views.ts';
import * as repo from './fx.repo.ts';

/** FX maker-checker: approval (repriced at the moment of approval), rejection and cancellation. */

/**
 * What an approver confirms (issue 17): the side the creator typed — it stays as typed while the
 * other side follows the rate of the moment of approval — the currencies and the two wallets.
 */
async function approvalLines(fx: FxContext, p: UserPrincipal, id: string): Promise<ApprovalLine[]> {
  if (!p.rights.has(RIGHT_ACTIONS.approve)) throw new DomainError('NO_RIGHTS_APPROVE');
  const e = await repo.findExchange(fx.db, id, companyOf(p));
  if (!e) throw new DomainError('FX_EXCHANGE_NOT_FOUND');
  const names = await namesOf(fx, e);
  const sellFixed = e.fixedSide === 'sell';
  return [
    {
      id: e.id,
      amount: sellFixed ? e.sellAmount : e.buyAmount,
      currency: sellFixed ? e.sellCurrency : e.buyCurrency,
      payee: `${e.sellCurrency} → ${e.buyCurrency}`,
      account: `${names.get(e.sellWalletId) ?? ''} → ${names.get(e.buyWalletId) ?? ''}`,
    },
  ];
}

async function approveOne(
  fx: FxContext,
  p: UserPrincipal,
  id: string,
  ctx?: Ctx,
  confirmed?: (tx: Tx) => Promise<void>,
): Promise<repo.ExchangeRow> {
  const merchantId = companyOf(p);
  if (!p.rights.has(RIGHT_ACTIONS.approve)) throw new DomainError('NO_RIGHTS_APPROVE');
  const current = await repo.findExchange(fx.db, id, merchantId);
  if (!current) throw new DomainError('FX_EXCHANGE_NOT_FOUND');
  if (current.status !== 'created')
    throw new DomainError('FX_ACTION_NOT_ALLOWED', { status: current.status, action: 'approved' });
  if (current.createdBy === p.userId && !p.rights.has(RIGHT_ACTIONS.approveOwn))
    throw new DomainError('NO_RIGHTS_APPROVE_OWN');
  const now = fx.clock.now();
  // Approval executes at the rate of the moment of approval (the creator's 30 s lock is long gone);
  // the side the creator typed stays as typed.
  const sell = current.sellCurrency as CurrencyCode;
  const buy = current.buyCurrency as CurrencyCode;
  const fixedAmount = current.fixedSide === 'sell' ? current.sellAmount : current.buyAmount;
  const deal = await price(fx, merchantId, sell, buy, current.fixedSide, fixedAmount, now);
  const vd = fxValueDate(current.settlement as FxSettlement, now);
  try {
    if (!vd.ok) throw new DomainError(vd.error);
    checkDeal(deal, sell, buy);
    const done = await inTransaction(fx.db, async (tx) => {
      const e = await repo.lockExchange(tx, id, merchantId);
      if (!e || e.status !== 'created')
        throw new DomainError('FX_ACTION_NOT_ALLOWED', {
          status: e?.status ?? 'unknown',
          action: 'approved',
        });
      const repriced = await repo.updateFrom(tx, e.id, 'created', {
        sellAmount: deal.sellMinor,
        buyAmount: deal.buyMinor,
        rate: deal.rate,
        midRate: deal.mid,
        spreadBps: deal.spreadBps,
        spreadAmount: deal.spreadMinor,
        valueDate: vd.valueDate,
        updatedAt: now,
      });
      if (!repriced) throw new DomainError('FX_ACTION_NOT_ALLOWED', { status: e.status, action: 'approved' });
      // The approver's confirmation is used up with the execution it authorised.
      await confirmed?.(tx);
      return execute(fx, tx, repriced, p.userId, now, ctx);
    });
    await schedule(fx, done);
    return done;
  } catch (err) {
    if (err instanceof DomainError && err.code !== 'FX_ACTION_NOT_ALLOWED') {
      await repo.setError(fx.db, id, err.message, now);
      throw new DomainError('FX_APPROVAL_ERROR', { error: err.message }, { extra: { exchange_id: id } });
    }
    throw err;
  }
}

export async function approvalChallenge(fx: FxContext, p: UserPrincipal, id: string) {
  return fx.confirmations().approvalChallenge(fx.db, {
    kind: 'fx_approval',
    userId: p.userId,
    merchantId: companyOf(p),
    lines: await approvalLines(fx, p, id),
  });
}

export async function approve(fx: FxContext, ctx: Ctx, id: string, proof: ScaProof): Promise<FxExchangeView> {
  const p = ctx.principal;
  const { step } = await fx.confirmations().verifyApproval(fx.db, {
    kind: 'fx_approval',
    userId: p.userId,
    merchantId: companyOf(p),
    lines: await approvalLines(fx, p, id),
    proof,
    meta: { ip: ctx.ip, userAgent: ctx.userAgent, sessionId: p.sessionId },
  });
  const done = await approveOne(fx, p, id, ctx, (tx) =>
    fx.confirmations().consume(tx, {
      userId: p.userId,
      challengeId: proof.challengeId,
      step,
      subjectRef: id,
    }),
  );
  return viewOne(fx, done, p);
}

export async function reject(fx: FxContext, ctx: Ctx, id: string): Promise<FxExchangeView> {
  const p = ctx.principal;
  const merchantId = companyOf(p);
  if (!p.rights.has(RIGHT_ACTIONS.approve)) throw new DomainError('NO_RIGHTS_APPROVE');
  const now = fx.clock.now();
  const done = await inTransaction(fx.db, async (tx) => {
    const e = await repo.lockExchange(tx, id, merchantId);
    if (!e) throw new DomainError('FX_EXCHANGE_NOT_FOUND');
    if (e.status !== 'created')
      throw new DomainError('FX_ACTION_NOT_ALLOWED', { status: e.status, action: 'rejected' });
    return transition(tx, e, 'rejected', { actorId: p.userId, at: now, action: 'rejected', ctx });
  });
  return viewOne(fx, done, p);
}

export async function cancel(fx: FxContext, ctx: Ctx, id: string): Promise<FxExchangeView> {
  const p = ctx.principal;
  const merchantId = companyOf(p);
  const now = fx.clock.now();
  const done = await inTransaction(fx.db, async (tx) => {
    const e = await repo.lockExchange(tx, id, merchantId);
    if (!e) throw new DomainError('FX_EXCHANGE_NOT_FOUND');
    if (e.createdBy !== p.userId && !p.rights.has(RIGHT_ACTIONS.cancel))
      throw new DomainError('NO_RIGHTS_CANCEL');
    if (!FX_CANCELABLE.includes(e.status))
      throw new DomainError('FX_ACTION_NOT_ALLOWED', { status: e.status, action: 'canceled' });
    if (e.status === 'booked' && e.holdId !== null) await fx.ledger().releaseHold(tx, e.holdId);
    return transition(tx, e, 'canceled', {
      actorId: p.userId,
      at: now,
      action: 'canceled',
      patch: { settleAfter: null },
      ctx,
    });
  });
  return viewOne(fx, done, p);
}
