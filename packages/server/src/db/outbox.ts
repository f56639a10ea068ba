import { getTableName, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import type { postbackOutbox, userNotifications } from './schema/index.ts';

/** Outbox tables worked by lease: `id`, `status` 'pending', `next_attempt_at` and `locked_until`. */
type LeasedOutbox = typeof postbackOutbox | typeof userNotifications;

/**
 * Takes up to `limit` due rows of an outbox (pending, next try reached, no live lease) and leases
 * them until `leaseUntil`, so no other worker or process takes them meanwhile; an expired lease (a
 * process died mid-delivery) makes the row due again. Answers the ids, oldest first.
 */
export async function claimDueLeased(
  db: DbOrTx,
  table: LeasedOutbox,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<number[]> {
  const name = sql.identifier(getTableName(table));
  const r = await db.execute<{ id: string | number }>(sql`
    UPDATE ${name} SET locked_until = ${leaseUntil.toISOString()}::timestamptz
    WHERE id IN (
      SELECT id FROM ${name}
      WHERE status = 'pending'
        AND (next_attempt_at IS NULL OR next_attempt_at <= ${now.toISOString()}::timestamptz)
        AND (locked_until IS NULL OR locked_until < ${now.toISOString()}::timestamptz)
      ORDER BY id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`);
  const rows = (r as unknown as { rows: { id: string | number }[] }).rows;
  return rows.map((x) => Number(x.id)).sort((a, b) => a - b);
}
