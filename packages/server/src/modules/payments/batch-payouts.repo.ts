import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import type { NewPayment, PaymentRow } from './payments.repo.ts';

/** Inserts pay-outs in one statement; the rows come back in the order given (matched by id). */
export async function insertPayments(
  db: DbOrTx,
  rows: readonly (NewPayment & { id: string })[],
): Promise<PaymentRow[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(payments)
    .values([...rows])
    .returning();
  return inOrder(
    rows.map((r) => r.id),
    inserted,
  );
}

/**
 * Moves `created` pay-outs to `pending` with each one's hold and due time, in one statement; only
 * rows still `created` change. The rows come back in the order given.
 */
export async function approveCreated(
  db: DbOrTx,
  list: readonly { id: string; holdId: number; processAfter: Date | null }[],
  by: { approvedBy: string; at: Date },
): Promise<PaymentRow[]> {
  if (list.length === 0) return [];
  // A VALUES list joined by id: each row finds its hold and due time in one pass.
  const values = sql.join(
    list.map(
      (i) => sql`(${i.id}::uuid, ${i.holdId}::bigint, ${i.processAfter?.toISOString() ?? null}::timestamptz)`,
    ),
    sql`, `,
  );
  const ids = list.map((i) => i.id);
  const updated = await db
    .update(payments)
    .set({
      status: 'pending',
      error: null,
      approvedBy: by.approvedBy,
      holdId: sql`v.hold_id`,
      processAfter: sql`v.process_after`,
      updatedAt: by.at,
    })
    .from(sql`(VALUES ${values}) AS v(id, hold_id, process_after)`)
    .where(and(eq(payments.id, sql`v.id`), eq(payments.status, 'created')))
    .returning(getTableColumns(payments));
  return inOrder(ids, updated);
}

/** Records why each pay-out was not approved (one statement, one message). */
export async function setErrors(db: DbOrTx, ids: readonly string[], error: string, at: Date): Promise<void> {
  if (ids.length)
    await db
      .update(payments)
      .set({ error, updatedAt: at })
      .where(inArray(payments.id, [...ids]));
}

function inOrder(ids: readonly string[], rows: readonly PaymentRow[]): PaymentRow[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw new Error(`payment ${id} not written`);
    return row;
  });
}
