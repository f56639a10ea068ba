import type { SecurityActionResult, SecurityActionType } from '@portal/domain';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './settings.repo.ts';

/**
 * The notification outbox of the user settings' "new payments" and "security events" (issue 9).
 * These functions run in the transaction of the change they announce: one INSERT … SELECT that
 * writes a row only when some user has the notification switched on, so a company or user without
 * it pays one indexed read and nothing is stored. Delivery (mail, chat webhook) happens later in
 * the notification worker (notification-delivery.ts), never in the caller's transaction.
 */

export type PaymentNotificationEvent = 'payin_credited' | 'payout_created';
export type SecurityNotificationEvent =
  | 'login_new_address'
  | 'password_changed'
  | 'email_changed'
  | 'mfa_set_up'
  | 'mfa_reset'
  | 'login_blocked'
  | 'ip_refused';

/** What a payment change tells the company's users, or null (only a credited pay-in and a new pay-out do). */
export function paymentNotificationEvent(
  p: { direction: string; transactionType: string },
  event: string,
): PaymentNotificationEvent | null {
  if (p.transactionType === 'payin' && p.direction === 'inbound' && event === 'settled')
    return 'payin_credited';
  if (p.transactionType === 'payout' && p.direction === 'outbound' && event === 'created')
    return 'payout_created';
  return null;
}

export interface PaymentNotice {
  event: PaymentNotificationEvent;
  paymentId: string;
  currency: string;
  amountMinor: bigint;
  counterparty: string;
  method: string;
  actorId: string | null;
  at: Date;
}

/**
 * The "new payment" notifications of payments of one company, as one statement that the caller
 * runs in its transaction with `executeTogether`. The payload keeps minor units as text (never a float); names are read at
 * delivery time.
 */
export function paymentNotificationsStatement(
  merchantId: string,
  notices: readonly PaymentNotice[],
): SQL | undefined {
  return repo.paymentNotificationsInsert(
    merchantId,
    notices.map((n) => ({
      event: n.event,
      paymentId: n.paymentId,
      at: n.at,
      payload: {
        payment_id: n.paymentId,
        currency: n.currency,
        amount_minor: n.amountMinor.toString(),
        counterparty: n.counterparty,
        method: n.method,
        actor_id: n.actorId,
      },
    })),
  );
}

/** The security history actions a user is told about (when successful, unless said otherwise). */
const SECURITY_EVENTS: Partial<Record<SecurityActionType, SecurityNotificationEvent>> = {
  password_change: 'password_changed',
  password_renewal: 'password_changed',
  email_change: 'email_changed',
  mfa_setup: 'mfa_set_up',
  mfa_reset: 'mfa_reset',
  block: 'login_blocked',
};

/** Refused-address notices: one per user and address per this period (the guard records one a minute). */
export const IP_REFUSED_NOTICE_EVERY_MS = 24 * 60 * 60_000;

export function securityNotificationEvent(e: {
  action: SecurityActionType;
  result: SecurityActionResult;
}): SecurityNotificationEvent | null {
  if (e.action === 'login') return e.result === 'success' ? 'login_new_address' : null;
  if (e.action === 'ip_refused') return 'ip_refused';
  return e.result === 'success' ? (SECURITY_EVENTS[e.action] ?? null) : null;
}

/**
 * Queues a security notification for the user of a security history record, in the transaction
 * of the record and before it is written (so "a new address" compares with earlier logins only).
 * A login is announced only from an address none of the user's earlier successful logins came
 * from, and never the first login of all; a refused address once a day per address. Users who
 * switched "security events" off, or both channels off, get no row.
 */
export async function enqueueSecurityNotification(
  tx: DbOrTx,
  e: {
    userId: string;
    action: SecurityActionType;
    result: SecurityActionResult;
    ip?: string | undefined;
    userAgent?: string | undefined;
  },
  at: Date,
): Promise<void> {
  const event = securityNotificationEvent(e);
  if (!event) return;
  const ip = e.ip ?? '';
  if ((event === 'login_new_address' || event === 'ip_refused') && !ip) return;
  const payload = { action: e.action, ip, user_agent: (e.userAgent ?? '').slice(0, 200) };
  // A new address: the user logged in before, never from this one. A refused address: once a day.
  const only =
    event === 'login_new_address'
      ? ({ kind: 'new-address', ip } as const)
      : event === 'ip_refused'
        ? ({ kind: 'ip-once', ip, since: new Date(at.getTime() - IP_REFUSED_NOTICE_EVERY_MS) } as const)
        : undefined;
  await repo.insertSecurityNotification(tx, { event, userId: e.userId, payload, at, only });
}
