import { EventEmitter } from 'node:events';
import {
  canTransition,
  type PaymentMethod,
  fromMinor,
  isCurrencyCode,
  type PaymentStatus,
} from '@portal/domain';
import type { DbOrTx } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { executeTogether } from '../../db/together.ts';
import { type PostbackEvent, postbacksStatement } from '../postbacks/postbacks.service.ts';
import { paymentNotificationEvent, paymentNotificationsStatement } from '../settings/notification-outbox.ts';
import * as repo from './payments.repo.ts';

/**
 * In-process wake-up for Server-Sent Events after a commit. Streams also poll `payment_events`, so
 * a change made by another server process reaches them too (design §4: no state only in memory).
 */
/** The pg-boss queue of a payment's next step on its rail. */
export const PROCESS_JOB = 'payments.process';

export const paymentBus = new EventEmitter();
paymentBus.setMaxListeners(0);

/** The company the caller acts for; without one there is nothing to pay from. */
export function companyOf(p: UserPrincipal): string {
  if (!p.merchantId) throw new DomainError('FORBIDDEN');
  return p.merchantId;
}

export const money = (minor: bigint, currency: string): string =>
  isCurrencyCode(currency) ? fromMinor(minor, currency) : minor.toString();

/** The payment's postback: a refund, a pay-in, a pay-out, or a pay-out's return (spec §9 types). */
function paymentPostback(p: repo.PaymentRow, e: PaymentChange): PostbackEvent {
  const data = {
    kind: 'payment' as const,
    payment_id: p.id,
    status: p.status,
    previous_status: e.from,
    transaction_type: p.transactionType,
    method: p.method,
    currency: p.currency,
    amount: money(p.amount, p.currency),
    fee: money(p.fee, p.currency),
    at: e.at.toISOString(),
    // The client's own ids of a pay-out from a pain.001 file, so a postback can be matched to it.
    ...(p.endToEndId ? { end_to_end_id: p.endToEndId } : {}),
    ...(p.instructionId ? { instruction_id: p.instructionId } : {}),
  };
  const base = { merchantId: p.merchantId, event: e.event, subjectId: p.id, createdAt: e.at };
  if (p.transactionType === 'refund') return { ...base, type: 'refund', payload: data };
  if (p.direction === 'inbound') return { ...base, type: 'payin', payload: data };
  if (data.status === 'returned')
    return { ...base, type: 'payoutReturn', payload: { ...data, status: data.status } };
  return { ...base, type: 'payout', payload: data };
}

export interface PaymentChange {
  event: string;
  from: PaymentStatus | null;
  actorId: string | null;
  note?: string | null;
  at: Date;
}

/**
 * The postback and history event of a payment's change, and the users' "new payment" notification
 * of a credited pay-in or a new pay-out, written in the caller's transaction.
 */
export async function recordEvent(tx: DbOrTx, p: repo.PaymentRow, e: PaymentChange): Promise<void> {
  await recordEvents(tx, [{ payment: p, change: e }]);
}

/** `recordEvent` for changes of several payments of one company: one statement in all. */
export async function recordEvents(
  tx: DbOrTx,
  changes: readonly { payment: repo.PaymentRow; change: PaymentChange }[],
): Promise<void> {
  const merchantId = changes[0]?.payment.merchantId;
  if (merchantId === undefined) return;
  if (changes.some((c) => c.payment.merchantId !== merchantId))
    throw new Error('recordEvents: payments of one company only');
  const events = repo.eventsInsert(
    changes.map(({ payment: p, change: e }) => ({
      paymentId: p.id,
      merchantId: p.merchantId,
      direction: p.direction,
      event: e.event,
      fromStatus: e.from,
      status: p.status,
      actorId: e.actorId,
      note: e.note ?? null,
      at: e.at,
    })),
  );
  const postbacks = postbacksStatement(changes.map(({ payment: p, change: e }) => paymentPostback(p, e)));
  const notices = changes.flatMap(({ payment: p, change: e }) => {
    const event = paymentNotificationEvent(p, e.event);
    return event
      ? [
          {
            event,
            paymentId: p.id,
            currency: p.currency,
            amountMinor: p.amount,
            counterparty: p.payeeName,
            method: p.method,
            actorId: e.actorId,
            at: e.at,
          },
        ]
      : [];
  });
  await executeTogether(tx, [events, postbacks, paymentNotificationsStatement(merchantId, notices)]);
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
    /** Changes of the same transaction recorded before this one, in the same statements. */
    earlier?: readonly { payment: repo.PaymentRow; change: PaymentChange }[];
  },
): Promise<repo.PaymentRow> {
  const from = p.status;
  if (!canTransition(from, to)) {
    throw new DomainError('PAYMENT_ACTION_NOT_ALLOWED', { status: from, action: e.action ?? to });
  }
  const updated = await repo.updateFrom(tx, p.id, from, { ...e.patch, status: to, updatedAt: e.at });
  if (!updated) throw new DomainError('PAYMENT_ACTION_NOT_ALLOWED', { status: from, action: e.action ?? to });
  await recordEvents(tx, [
    ...(e.earlier ?? []),
    { payment: updated, change: { event: to, from, actorId: e.actorId, note: e.note ?? null, at: e.at } },
  ]);
  return updated;
}

/** Call after the commit of a change: wakes the company's open event streams in this process. */
export const announce = (merchantId: string): boolean => paymentBus.emit('change', merchantId);

/**
 * A new pay-out row, status created: the payee and counterparty columns (what lists search and
 * show) come from the requisites as entered, whichever of the rail's fields they use.
 */
export function newPayout(p: {
  merchantId: string;
  walletId: number;
  method: PaymentMethod;
  currency: string;
  amount: bigint;
  fee: bigint;
  requisites: Record<string, string>;
  payeeType: 'individual' | 'corporate';
  comments: string;
  endToEndId?: string | null;
  instructionId?: string | null;
  createdBy: string;
  at: Date;
}): repo.NewPayment {
  const r = p.requisites;
  return {
    merchantId: p.merchantId,
    walletId: p.walletId,
    direction: 'outbound',
    transactionType: 'payout',
    method: p.method,
    status: 'created',
    currency: p.currency,
    amount: p.amount,
    fee: p.fee,
    payeeName: r.payee ?? '',
    counterpartyIban: r.iban ?? null,
    counterpartyAccount: r.accountNumber ?? r.bankAccountNumber ?? r.accountUuid ?? null,
    counterpartyBankCode: r.sortCode ?? r.bankCode ?? r.bsb ?? null,
    counterpartyBic: r.bic ?? r.bankSwiftCode ?? null,
    requisites: r,
    payeeType: p.payeeType,
    comments: p.comments,
    endToEndId: p.endToEndId ?? null,
    instructionId: p.instructionId ?? null,
    createdBy: p.createdBy,
    createdAt: p.at,
    updatedAt: p.at,
  };
}
