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

/**
 * Delivery from a leased outbox by a queue worker (postbacks, user notifications). `dispatch` (the
 * sweep) claims ONE batch and sends it as a job; the job works it and then `drainDue` keeps claiming
 * and working due rows itself until none is left or its time budget is spent. Claiming a whole
 * backlog into jobs parked it behind the queue's poll, one job a second (bench/postbacks: 50
 * events/s whatever the receivers did).
 */
export function outboxDelivery(o: {
  /** Leases up to one batch of due rows; their ids, oldest first. */
  claim: () => Promise<number[]>;
  /** Works claimed rows; never throws (every outcome is recorded on its row). */
  deliver: (ids: number[]) => Promise<void>;
  /** Hands a claimed batch to a worker job. */
  send: (ids: number[]) => Promise<void>;
}) {
  /** Worker jobs of this process currently draining. */
  let draining = 0;
  return {
    async drainDue(budgetMs: number): Promise<void> {
      const until = Date.now() + budgetMs;
      draining++;
      try {
        while (Date.now() < until) {
          const ids = await o.claim();
          if (!ids.length) return;
          await o.deliver(ids);
        }
      } finally {
        draining--;
      }
    },
    /** Returns how many rows were claimed. */
    async dispatch(): Promise<number> {
      // A worker of this process is draining: it takes due rows itself.
      if (draining > 0) return 0;
      const ids = await o.claim();
      if (ids.length) await o.send(ids);
      return ids.length;
    },
  };
}
