import {
  findPaymentReference,
  fromMinor,
  isCurrencyCode,
  PAYABLE_REQUEST_STATUSES,
  type PaymentRequestPayin,
  type PaymentRequestView,
  statusAfterPayment,
} from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import {
  type Actor,
  type Ctx,
  lockOwn,
  merchantOf,
  type PaymentRow,
  type PrContext,
  record,
  userActor,
} from './payment-requests-context.ts';
import { expire } from './payment-requests-expiry.ts';
import * as repo from './payment-requests.repo.ts';
import { viewOne } from './payment-requests-views.ts';

/**
 * Adds a settled pay-in to a locked request: the amount received grows; the status follows the
 * rule of `statusAfterPayment` (a closed request keeps its status and is flagged late).
 */
async function applyPayin(
  c: PrContext,
  tx: Tx,
  r: repo.RequestRow,
  p: PaymentRow,
  how: PaymentRequestPayin['matched_by'],
  actor: Actor,
): Promise<repo.RequestRow> {
  const now = c.clock.now();
  const expired = PAYABLE_REQUEST_STATUSES.includes(r.status) && r.expiresAt <= now;
  const before = expired ? await expire(c, tx, r) : r;
  const received = before.paidAmount + p.amount;
  const next = statusAfterPayment(before.status, before.amount, received);
  const match = await repo.insertMatch(tx, {
    paymentId: p.id,
    requestId: before.id,
    amount: p.amount,
    matchedBy: how,
    matchedByUser: actor.type === 'user' ? actor.id : null,
    late: next.late,
    matchedAt: now,
  });
  if (!match) throw new DomainError('PAYMENT_REQUEST_PAYIN_NOT_MATCHABLE');
  const updated = await repo.updateRequest(tx, before.id, {
    paidAmount: received,
    status: next.status,
    latePayment: before.latePayment || next.late,
    paidAt: before.paidAt ?? now,
    updatedAt: now,
  });
  await record(c, tx, updated, {
    event: next.late ? 'late_payment' : how === 'manual' ? 'matched_by_hand' : 'paid',
    from: before.status,
    actor,
    paymentId: p.id,
    details: { amount: p.amount.toString(), matched_by: how, late: next.late },
  });
  return updated;
}

/** Unmatched, unrefunded pay-ins of the company in the request's currency: what a person may match. */
export async function candidates(c: PrContext, principal: UserPrincipal, id: string) {
  const merchantId = await merchantOf(c, principal);
  const r = await repo.findRequest(c.db, id, merchantId);
  if (!r) throw new DomainError('PAYMENT_REQUEST_NOT_FOUND');
  const rows = await repo.unmatchedPayins(c.db, merchantId, r.currency);
  return rows
    .filter((p) => !p.refunded)
    .map((p) => ({
      payment_id: p.paymentId,
      amount: isCurrencyCode(p.currency) ? fromMinor(p.amount, p.currency) : p.amount.toString(),
      currency: p.currency,
      payer_name: p.payerName,
      payer_iban: p.payerIban,
      refunded: false,
    }));
}

/** Matching by hand: an unmatched settled pay-in of the company, same currency, to a payable request. */
export async function matchByHand(
  c: PrContext,
  ctx: Ctx,
  id: string,
  paymentId: string,
): Promise<PaymentRequestView> {
  const merchantId = await merchantOf(c, ctx.principal);
  const updated = await inTransaction(c.db, async (tx) => {
    const r = await lockOwn(tx, merchantId, id);
    if (!PAYABLE_REQUEST_STATUSES.includes(r.status))
      throw new DomainError('PAYMENT_REQUEST_ACTION_NOT_ALLOWED', {
        status: r.status,
        action: 'matched',
      });
    const p = await repo.lockPayin(tx, paymentId, merchantId);
    if (!p) throw new DomainError('PAYMENT_NOT_FOUND');
    if (
      p.direction !== 'inbound' ||
      p.transactionType !== 'payin' ||
      p.status !== 'settled' ||
      p.currency !== r.currency
    )
      throw new DomainError('PAYMENT_REQUEST_PAYIN_NOT_MATCHABLE');
    return applyPayin(c, tx, r, p, 'manual', userActor(ctx));
  });
  return viewOne(c, updated);
}

/** Pay-in listener: in the crediting transaction, matches the pay-in by the reference it quotes. */
export async function matchIncoming(
  c: PrContext,
  tx: Tx,
  p: PaymentRow,
  remittance: string | null,
): Promise<void> {
  if (p.direction !== 'inbound' || p.status !== 'settled') return;
  const reference = findPaymentReference(remittance);
  const r = reference ? await repo.lockByReference(tx, reference, p.merchantId) : undefined;
  // Another currency than requested: the money stays in the wallet unmatched, for a person to look at.
  if (r) {
    if (r.currency === p.currency) await applyPayin(c, tx, r, p, 'reference', { type: 'system' });
    return;
  }
  // No (known) reference, paid to a VA: the VA's only payable request in that currency takes it.
  // Several requests on the VA need the reference to tell them apart, so the pay-in stays unmatched.
  const vaNumber = (p.requisites as { virtualAccount?: unknown }).virtualAccount;
  if (typeof vaNumber !== 'string') return;
  const vaId = await repo.vaIdByNumber(tx, vaNumber, p.merchantId);
  if (vaId === undefined) return;
  const onVa = await repo.lockPayableOnVa(tx, vaId, p.currency);
  if (onVa.length === 1 && onVa[0])
    await applyPayin(c, tx, onVa[0], p, 'virtual_account', { type: 'system' });
}
