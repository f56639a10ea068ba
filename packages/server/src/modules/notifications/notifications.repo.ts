import { and, eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { notificationMarks } from '../../db/schema/index.ts';

export interface NewSums {
  merchantId: string;
  currency: string;
  amount: string;
  quantity: number;
  last: Date;
}

const rowsOf = (r: unknown): Record<string, unknown>[] =>
  Array.isArray(r) ? r : ((r as { rows?: Record<string, unknown>[] }).rows ?? []);

function toSums(rows: Record<string, unknown>[]): NewSums[] {
  return rows.map((r) => ({
    merchantId: String(r.merchant_id),
    currency: String(r.currency),
    amount: String(r.amount),
    quantity: Number(r.quantity),
    last: new Date(String(r.last)),
  }));
}

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * Spec §6 notification scopes (account service or merchant service): of `merchantIds`, the companies
 * of the same service type as `currentMerchantId` (issue 14).
 */
export async function inServiceScope(
  db: DbOrTx,
  merchantIds: string[],
  currentMerchantId: string,
): Promise<string[]> {
  if (merchantIds.length === 0) return [];
  const r = await db.execute(sql`
    SELECT m.id::text AS id FROM merchants m
    WHERE m.id IN (${idList(merchantIds)})
      AND m.service_code = (SELECT c.service_code FROM merchants c WHERE c.id = ${currentMerchantId}::uuid)`);
  return rowsOf(r).map((row) => String(row.id));
}

/** Pay-ins booked (charged) after `since`, per company and currency. */
export async function newInbound(db: DbOrTx, merchantIds: string[], since: Date): Promise<NewSums[]> {
  if (merchantIds.length === 0) return [];
  const r = await db.execute(sql`
    SELECT merchant_id, currency, sum(amount)::text AS amount, count(*)::int AS quantity, max(charged_at) AS last
    FROM payments
    WHERE merchant_id IN (${idList(merchantIds)}) AND direction = 'inbound' AND charged_at > ${since}
    GROUP BY merchant_id, currency`);
  return toSums(rowsOf(r));
}

/** Pay-outs with any status change after `since`, per company and currency (each payment once). */
export async function newOutbound(db: DbOrTx, merchantIds: string[], since: Date): Promise<NewSums[]> {
  if (merchantIds.length === 0) return [];
  const r = await db.execute(sql`
    SELECT p.merchant_id, p.currency, sum(p.amount)::text AS amount, count(*)::int AS quantity, max(e.last) AS last
    FROM (SELECT payment_id, max(at) AS last FROM payment_events
          WHERE merchant_id IN (${idList(merchantIds)}) AND direction = 'outbound' AND at > ${since}
          GROUP BY payment_id) e
    JOIN payments p ON p.id = e.payment_id
    GROUP BY p.merchant_id, p.currency`);
  return toSums(rowsOf(r));
}

/** Latest inbound charge and outbound change of one company, for the unseen flag. */
export async function latest(
  db: DbOrTx,
  merchantId: string,
): Promise<{ inbound: Date | null; outbound: Date | null }> {
  const r = await db.execute(sql`
    SELECT (SELECT max(charged_at) FROM payments WHERE merchant_id = ${merchantId} AND direction = 'inbound' AND charged_at IS NOT NULL) AS inbound,
           (SELECT max(at) FROM payment_events WHERE merchant_id = ${merchantId} AND direction = 'outbound') AS outbound`);
  const row = rowsOf(r)[0] ?? {};
  const d = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)));
  return { inbound: d(row.inbound), outbound: d(row.outbound) };
}

export async function marksOf(db: DbOrTx, userId: string, merchantId: string) {
  const [m] = await db
    .select()
    .from(notificationMarks)
    .where(and(eq(notificationMarks.userId, userId), eq(notificationMarks.merchantId, merchantId)));
  return m;
}

export async function markSeen(
  db: DbOrTx,
  userId: string,
  merchantId: string,
  panel: 'inbound' | 'outbound' | 'all',
  at: Date,
) {
  const patch = {
    ...(panel !== 'outbound' ? { inboundSeenAt: at } : {}),
    ...(panel !== 'inbound' ? { outboundSeenAt: at } : {}),
  };
  await db
    .insert(notificationMarks)
    .values({ userId, merchantId, ...patch })
    .onConflictDoUpdate({ target: [notificationMarks.userId, notificationMarks.merchantId], set: patch });
}

/** NOTIFY `channel` inside the caller's transaction: the notice leaves on commit, never on rollback. */
export async function notify(db: DbOrTx, channel: string, payload: string) {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** NOTIFY `channel` at once, on a pooled connection outside any transaction. */
export async function notifyNow(database: Pick<Database, 'query'>, channel: string, payload: string) {
  await database.query('select pg_notify($1, $2)', [channel, payload]);
}
