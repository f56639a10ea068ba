import { type PaymentRequestView, RIGHT_ACTIONS } from '@portal/domain';
import { inTransaction } from '../../db/tx.ts';
import { DomainError } from '../../http/errors.ts';
import {
  type Ctx,
  lockOwn,
  merchantOf,
  type PrContext,
  record,
  userActor,
} from './payment-requests-context.ts';
import { expire } from './payment-requests-expiry.ts';
import * as repo from './payment-requests.repo.ts';
import { viewOne } from './payment-requests-views.ts';

/** The company cancels an open request (one past its expiry is expired first, and refused). */
export async function cancelRequest(c: PrContext, ctx: Ctx, id: string): Promise<PaymentRequestView> {
  const merchantId = await merchantOf(c, ctx.principal);
  const updated = await inTransaction(c.db, async (tx) => {
    let r = await lockOwn(tx, merchantId, id);
    if (r.status === 'open' && r.expiresAt <= c.clock.now()) r = await expire(c, tx, r);
    if (r.status !== 'open')
      throw new DomainError('PAYMENT_REQUEST_ACTION_NOT_ALLOWED', {
        status: r.status,
        action: 'cancelled',
      });
    const now = c.clock.now();
    const u = await repo.updateRequest(tx, r.id, {
      status: 'cancelled',
      cancelledAt: now,
      updatedAt: now,
    });
    await record(c, tx, u, { event: 'cancelled', from: r.status, actor: userActor(ctx) });
    return u;
  });
  return viewOne(c, updated);
}

/**
 * Refunds every pay-in received on the request, each through the payments refund (full amount,
 * once, the refund right, the rail's availability), then marks the request refunded with its
 * `refund` postback and audit entry. A second call finds nothing left and is refused.
 */
export async function refundRequest(
  c: PrContext,
  ctx: Ctx,
  id: string,
  comments: string,
): Promise<PaymentRequestView> {
  const merchantId = await merchantOf(c, ctx.principal);
  if (!ctx.principal.rights.has(RIGHT_ACTIONS.refund)) throw new DomainError('NO_RIGHTS_REFUND');
  const r = await repo.findRequest(c.db, id, merchantId);
  if (!r) throw new DomainError('PAYMENT_REQUEST_NOT_FOUND');
  if (r.status === 'refunded') throw new DomainError('REFUND_ALREADY_DONE');
  if (r.paidAmount <= 0n) throw new DomainError('PAYMENT_REQUEST_NOTHING_TO_REFUND');
  const payins = await repo.payinsOf(c.db, r.id);
  const payments = c.payments();
  const refunds: string[] = [];
  for (const p of payins) {
    if (p.refunded || p.status !== 'settled') continue;
    const made = await payments.refund(
      ctx.principal,
      p.paymentId,
      comments || `Refund of payment request ${r.reference}`,
    );
    refunds.push(made.id);
  }
  const updated = await inTransaction(c.db, async (tx) => {
    const locked = await lockOwn(tx, merchantId, id);
    if (locked.status === 'refunded') throw new DomainError('REFUND_ALREADY_DONE');
    const u = await repo.updateRequest(tx, locked.id, { status: 'refunded', updatedAt: c.clock.now() });
    await record(c, tx, u, {
      event: 'refunded',
      from: locked.status,
      actor: userActor(ctx),
      type: 'refund',
      details: { refund_payment_ids: refunds },
    });
    return u;
  });
  return viewOne(c, updated);
}
