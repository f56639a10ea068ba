import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { claimDueLeased } from '../../db/outbox.ts';
import {
  companySettings,
  notificationRuns,
  userNotificationDeliveries,
  userNotifications,
  users,
} from '../../db/schema/index.ts';

export async function findCompanySettings(db: DbOrTx, merchantId: string) {
  const [row] = await db.select().from(companySettings).where(eq(companySettings.merchantId, merchantId));
  return row;
}

/** Records that a notification went out; false when it already had (another process, a rerun). */
export async function markSent(
  db: DbOrTx,
  userId: string,
  kind: string,
  subject: string,
  at: Date,
): Promise<boolean> {
  const r = await db
    .insert(notificationRuns)
    .values({ userId, kind, subject, sentAt: at })
    .onConflictDoNothing()
    .returning({ userId: notificationRuns.userId });
  return r.length > 0;
}

export async function lastSent(db: DbOrTx, userId: string, kind: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date>`max(${notificationRuns.sentAt})` })
    .from(notificationRuns)
    .where(and(eq(notificationRuns.userId, userId), eq(notificationRuns.kind, kind)));
  return row?.at ? new Date(row.at) : null;
}

// ---- user notifications (notification-outbox.ts writes them, notification-delivery.ts sends them) ----

export type NotificationRow = typeof userNotifications.$inferSelect;
export type DeliveryRow = typeof userNotificationDeliveries.$inferSelect;

const iso = (d: Date) => d.toISOString();

/** An active client membership of the company whose user has "new payments" switched on. */
const optedInMember = (merchantId: string) => sql`EXISTS (
  SELECT 1 FROM user_merchants um JOIN users u ON u.id = um.user_id
  WHERE um.merchant_id = ${merchantId} AND um.status = 1
    AND u.status IN ('activated', 'registered')
    AND u.notification_params -> 'new_payments' = 'true'::jsonb)`;

type PaymentNotificationRow = {
  event: string;
  paymentId: string;
  payload: Record<string, unknown>;
  at: Date;
};

/**
 * Queues 'payment' notifications of one company: one INSERT … SELECT that writes the rows only when
 * some member has "new payments" switched on; run by `executeTogether` beside the change's writes.
 */
export function paymentNotificationsInsert(
  merchantId: string,
  list: readonly PaymentNotificationRow[],
): SQL | undefined {
  if (list.length === 0) return undefined;
  const values = sql.join(
    list.map(
      (n) =>
        sql`(${n.event}, ${n.paymentId}, ${JSON.stringify(n.payload)}::jsonb, ${iso(n.at)}::timestamptz)`,
    ),
    sql`, `,
  );
  return sql`
    INSERT INTO user_notifications (kind, event, merchant_id, subject_id, payload, created_at, next_attempt_at)
    SELECT 'payment', v.event, ${merchantId}, v.subject_id, v.payload, v.at, v.at
      FROM (VALUES ${values}) AS v(event, subject_id, payload, at)
     WHERE ${optedInMember(merchantId)}`;
}

/**
 * Queues a 'security' notification of a user, written only when the user has "security events" on
 * and a channel left. `only` narrows it further: `new-address` — the user logged in successfully
 * before, but never from `ip`; `ip-once` — no 'ip_refused' notice for `ip` was created after `since`.
 */
export async function insertSecurityNotification(
  tx: DbOrTx,
  n: {
    event: string;
    userId: string;
    payload: Record<string, unknown>;
    at: Date;
    only?: { kind: 'new-address'; ip: string } | { kind: 'ip-once'; ip: string; since: Date };
  },
): Promise<void> {
  const logins = (ipFilter: ReturnType<typeof sql> | undefined) => sql`EXISTS (
    SELECT 1 FROM security_history h
    WHERE h.user_id = u.id AND h.action_type = 'login' AND h.action_result = 'success'${ipFilter ?? sql``})`;
  const only = n.only;
  const extra =
    only?.kind === 'new-address'
      ? sql` AND ${logins(undefined)} AND NOT ${logins(sql` AND h.ip = ${only.ip}`)}`
      : only?.kind === 'ip-once'
        ? sql` AND NOT EXISTS (
            SELECT 1 FROM user_notifications n
            WHERE n.user_id = u.id AND n.event = 'ip_refused' AND n.payload ->> 'ip' = ${only.ip}
              AND n.created_at > ${iso(only.since)}::timestamptz)`
        : sql``;
  await tx.execute(sql`
    INSERT INTO user_notifications (kind, event, merchant_id, user_id, payload, created_at, next_attempt_at)
    SELECT 'security', ${n.event}, u.current_merchant_id, u.id, ${JSON.stringify(n.payload)}::jsonb,
      ${iso(n.at)}::timestamptz, ${iso(n.at)}::timestamptz
    FROM users u
    WHERE u.id = ${n.userId}
      AND u.notification_params -> 'security_events' IS DISTINCT FROM 'false'::jsonb
      AND NOT (u.notification_params -> 'channel_email' IS NOT DISTINCT FROM 'false'::jsonb
        AND u.notification_params -> 'channel_chat' IS DISTINCT FROM 'true'::jsonb)${extra}`);
}

/** Takes due notifications under a lease, so two processes never work on one at the same time. */
export async function claimDueNotifications(
  db: DbOrTx,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<number[]> {
  return claimDueLeased(db, userNotifications, now, leaseUntil, limit);
}

export async function findNotifications(db: DbOrTx, ids: number[]): Promise<NotificationRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(userNotifications)
    .where(inArray(userNotifications.id, ids))
    .orderBy(asc(userNotifications.id));
}

export async function updateNotification(
  db: DbOrTx,
  id: number,
  patch: Partial<typeof userNotifications.$inferInsert>,
): Promise<void> {
  await db.update(userNotifications).set(patch).where(eq(userNotifications.id, id));
}

/** Writes the planned deliveries of a notification; ones already written (a retry) stay as they are. */
export async function planDeliveries(
  db: DbOrTx,
  notificationId: number,
  planned: { channel: DeliveryRow['channel']; target: string }[],
  at: Date,
): Promise<void> {
  if (!planned.length) return;
  await db
    .insert(userNotificationDeliveries)
    .values(planned.map((p) => ({ notificationId, ...p, updatedAt: at })))
    .onConflictDoNothing();
}

export async function deliveriesOf(db: DbOrTx, notificationId: number): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(userNotificationDeliveries)
    .where(eq(userNotificationDeliveries.notificationId, notificationId));
}

export async function updateDelivery(
  db: DbOrTx,
  d: Pick<DeliveryRow, 'notificationId' | 'channel' | 'target'>,
  patch: Partial<typeof userNotificationDeliveries.$inferInsert>,
): Promise<void> {
  await db
    .update(userNotificationDeliveries)
    .set(patch)
    .where(
      and(
        eq(userNotificationDeliveries.notificationId, d.notificationId),
        eq(userNotificationDeliveries.channel, d.channel),
        eq(userNotificationDeliveries.target, d.target),
      ),
    );
}

/** The user a security notification is for (staff too: they have no company list to come from). */
export async function notifiedUser(db: DbOrTx, userId: string) {
  const [u] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
      uiLanguage: users.uiLanguage,
      notificationParams: users.notificationParams,
    })
    .from(users)
    .where(eq(users.id, userId));
  return u;
}
