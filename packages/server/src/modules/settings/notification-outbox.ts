import type { SecurityActionResult, SecurityActionType } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

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

const iso = (d: Date) => d.toISOString();

/** An active client membership of the company whose user has "new payments" switched on. */
const optedInMember = (merchantId: string) => sql`EXISTS (
  SELECT 1 FROM user_merchants um JOIN users u ON u.id = um.user_id
  WHERE um.merchant_id = ${merchantId} AND um.status = 1
    AND u.status IN ('activated', 'registered')
    AND u.notification_params -> 'new_payments' = 'true'::jsonb)`;

/**
 * Queues the "new payment" notification of a payment in the caller's transaction. The payload
 * keeps minor units as text (never a float); names are read at delivery time.
 */
export async function enqueuePaymentNotification(
  tx: DbOrTx,
  n: {
    event: PaymentNotificationEvent;
    merchantId: string;
    paymentId: string;
    currency: string;
    amountMinor: bigint;
    counterparty: string;
    method: string;
    actorId: string | null;
    at: Date;
  },
): Promise<void> {
  const payload = {
    payment_id: n.paymentId,
    currency: n.currency,
    amount_minor: n.amountMinor.toString(),
    counterparty: n.counterparty,
    method: n.method,
    actor_id: n.actorId,
  };
  await tx.execute(sql`
    INSERT INTO user_notifications (kind, event, merchant_id, subject_id, payload, created_at, next_attempt_at)
    SELECT 'payment', ${n.event}, ${n.merchantId}, ${n.paymentId}, ${JSON.stringify(payload)}::jsonb,
      ${iso(n.at)}::timestamptz, ${iso(n.at)}::timestamptz
    WHERE ${optedInMember(n.merchantId)}`);
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
  const logins = (ipFilter: ReturnType<typeof sql> | undefined) => sql`EXISTS (
    SELECT 1 FROM security_history h
    WHERE h.user_id = u.id AND h.action_type = 'login' AND h.action_result = 'success'${ipFilter ?? sql``})`;
  const extra =
    event === 'login_new_address'
      ? sql` AND ${logins(undefined)} AND NOT ${logins(sql` AND h.ip = ${ip}`)}`
      : event === 'ip_refused'
        ? sql` AND NOT EXISTS (
            SELECT 1 FROM user_notifications n
            WHERE n.user_id = u.id AND n.event = 'ip_refused' AND n.payload ->> 'ip' = ${ip}
              AND n.created_at > ${iso(new Date(at.getTime() - IP_REFUSED_NOTICE_EVERY_MS))}::timestamptz)`
        : sql``;
  await tx.execute(sql`
    INSERT INTO user_notifications (kind, event, merchant_id, user_id, payload, created_at, next_attempt_at)
    SELECT 'security', ${event}, u.current_merchant_id, u.id, ${JSON.stringify(payload)}::jsonb,
      ${iso(at)}::timestamptz, ${iso(at)}::timestamptz
    FROM users u
    WHERE u.id = ${e.userId}
      AND u.notification_params -> 'security_events' IS DISTINCT FROM 'false'::jsonb
      AND NOT (u.notification_params -> 'channel_email' IS NOT DISTINCT FROM 'false'::jsonb
        AND u.notification_params -> 'channel_chat' IS DISTINCT FROM 'true'::jsonb)${extra}`);
}
