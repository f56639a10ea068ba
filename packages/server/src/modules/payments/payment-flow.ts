import { EventEmitter } from 'node:events';
import {
  canTransition,
  fromMinor,
  isCurrencyCode,
  type PaymentStatus,
  type PostbackType,
} from '@portal/domain';
import type { DbOrTx } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { enqueuePostback } from '../postbacks/postbacks.service.ts';
import { enqueuePaymentNotification, paymentNotificationEvent } from '../settings/notification-outbox.ts';
import * as repo from './payments.repo.ts';

/**
 * In-process wake-up for Server-Sent Events after a commit. Streams also poll `payment_events`, so
 * a change made by another server process reaches them too (design §4: no state only in memory).
 */
export const paymentBus = new EventEmitter();
paymentBus.setMaxListeners(0);

/** The company the caller acts for; without one there is nothing to pay from. */
export function companyOf(p: UserPrincipal): string {
  if (!p.merchantId) throw new DomainError('FORBIDDEN');
  return p.merchantId;
}

export const money = (minor: bigint, currency: string): string =>
  isCurrencyCode(currency) ? fromMinor(minor, currency) : minor.toString();

function postbackTypeOf(p: repo.PaymentRow, to: PaymentStatus): PostbackType {
  if (p.transactionType === 'refund') return 'refund';
  if (p.direction === 'inbound') return 'payin';
  return to === 'returned' ? 'payoutReturn' : 'payout';
}

/**
 * The postback and history event of a payment's change, and the users' "new payment" notification
 * of a credited pay-in or a new pay-out, written in the caller's transaction.
 */
export async function recordEvent(
  tx: DbOrTx,
  p: repo.PaymentRow,
  e: { event: string; from: PaymentStatus | null; actorId: string | null; note?: string | null; at: Date },
): Promise<void> {
  await repo.insertEvent(tx, {
    paymentId: p.id,
    merchantId: p.merchantId,
    direction: p.direction,
    event: e.event,
    fromStatus: e.from,
    status: p.status,
    actorId: e.actorId,
    note: e.note ?? null,
    at: e.at,
  });
  await enqueuePostback(tx, {
    merchantId: p.merchantId,
    type: postbackTypeOf(p, p.status),
    event: e.event,
    subjectId: p.id,
    createdAt: e.at,
    payload: {
      payment_id: p.id,
      status: p.status,
      previous_status: e.from,
      transaction_type: p.transactionType,
      method: p.method,
      currency: p.currency,
      amount: money(p.amount, p.currency),
      fee: money(p.fee, p.currency),
      at: e.at.toISOString(),
    },
  });
  const notice = paymentNotificationEvent(p, e.event);
  if (notice)
    await enqueuePaymentNotification(tx, {
      event: notice,
      merchantId: p.merchantId,
      paymentId: p.id,
      currency: p.currency,
      amountMinor: p.amount,
      counterparty: p.payeeName,
      method: p.method,
      actorId: e.actorId,
      at: e.at,
    });
}

/**
 * Moves a locked payment to `to` through the domain state machine, with its history event and
 * postback in the same transaction. A transition the machine forbids is the caller's bug or a
 * user's stale click; the latter gets PAYMENT_ACTION_NOT_ALLOWED.
 */
export async function transition(
  tx: DbOrTx,
  p: repo.PaymentRow,
  to: PaymentStatus,
  e: {
    actorId: string | null;
    at: Date;
    note?: string | null;
    action?: string;
    patch?: Partial<repo.NewPayment>;
  },
): Promise<repo.PaymentRow> {
  const from = p.status;
  if (!canTransition(from, to)) {
    throw new DomainError('PAYMENT_ACTION_NOT_ALLOWED', { status: from, action: e.action ?? to });
  }
  const updated = await repo.updateFrom(tx, p.id, from, { ...e.patch, status: to, updatedAt: e.at });
  if (!updated) throw new DomainError('PAYMENT_ACTION_NOT_ALLOWED', { status: from, action: e.action ?? to });
  await recordEvent(tx, updated, { event: to, from, actorId: e.actorId, note: e.note ?? null, at: e.at });
  return updated;
}

/** Call after the commit of a change: wakes the company's open event streams in this process. */
export const announce = (merchantId: string): boolean => paymentBus.emit('change', merchantId);
