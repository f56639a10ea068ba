import { and, asc, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bulkBatches, bulkBatchRows, merchants, payments } from '../../db/schema/index.ts';

export type BatchRow = typeof bulkBatches.$inferSelect;
export type NewBatch = typeof bulkBatches.$inferInsert;
export type BatchRowRow = typeof bulkBatchRows.$inferSelect;
export type NewBatchRow = typeof bulkBatchRows.$inferInsert;

export async function serviceCodeOf(db: DbOrTx, merchantId: string) {
  const [m] = await db
    .select({ serviceCode: merchants.serviceCode })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return m?.serviceCode;
}

export async function insertBatch(tx: DbOrTx, row: NewBatch): Promise<BatchRow> {
  const [b] = await tx.insert(bulkBatches).values(row).returning();
  if (!b) throw new Error('batch not inserted');
  return b;
}

/** Valid rows in chunks: one statement per 1,000 rows keeps parameters under the driver's limit. */
export async function insertRows(tx: DbOrTx, rows: NewBatchRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(bulkBatchRows).values(rows.slice(i, i + 1000));
}

export async function findBatch(db: DbOrTx, id: string, merchantId: string) {
  const [b] = await db
    .select()
    .from(bulkBatches)
    .where(and(eq(bulkBatches.id, id), eq(bulkBatches.merchantId, merchantId)));
  return b;
}

/** The job's read: the batch by id alone (the job acts for the company that approved it). */
export async function findBatchById(db: DbOrTx, id: string) {
  const [b] = await db.select().from(bulkBatches).where(eq(bulkBatches.id, id));
  return b;
}

export async function lockBatch(tx: DbOrTx, id: string, merchantId: string) {
  const [b] = await tx
    .select()
    .from(bulkBatches)
    .where(and(eq(bulkBatches.id, id), eq(bulkBatches.merchantId, merchantId)))
    .for('update');
  return b;
}

export async function updateBatch(tx: DbOrTx, id: string, patch: Partial<NewBatch>): Promise<BatchRow> {
  const [b] = await tx.update(bulkBatches).set(patch).where(eq(bulkBatches.id, id)).returning();
  if (!b) throw new Error('batch vanished');
  return b;
}

/**
 * The company's latest batch (not discarded) of the same file (`fileHash`: the duplicate warning)
 * or of the same pain.001 message (`messageId`: a message is uploaded once).
 */
export async function earlierBatch(
  db: DbOrTx,
  merchantId: string,
  by: { fileHash: string } | { messageId: string },
) {
  const same =
    'fileHash' in by ? eq(bulkBatches.fileHash, by.fileHash) : eq(bulkBatches.messageId, by.messageId);
  const [b] = await db
    .select({ id: bulkBatches.id, createdAt: bulkBatches.createdAt, status: bulkBatches.status })
    .from(bulkBatches)
    .where(and(eq(bulkBatches.merchantId, merchantId), same, ne(bulkBatches.status, 'discarded')))
    .orderBy(desc(bulkBatches.createdAt))
    .limit(1);
  return b;
}

export async function latestBatches(db: DbOrTx, merchantId: string, limit: number) {
  return db
    .select()
    .from(bulkBatches)
    .where(eq(bulkBatches.merchantId, merchantId))
    .orderBy(desc(bulkBatches.createdAt))
    .limit(limit);
}

/**
 * Rows still to be made into payments, locked for this runner; rows another runner holds are
 * skipped, so two runners (a retried job, a second process) never make the same row twice.
 */
export async function claimRows(tx: DbOrTx, batchId: string, limit: number): Promise<BatchRowRow[]> {
  return tx
    .select()
    .from(bulkBatchRows)
    .where(and(eq(bulkBatchRows.batchId, batchId), isNull(bulkBatchRows.result)))
    .orderBy(asc(bulkBatchRows.rowNo))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Each row's payment and result, for a chunk of rows in one statement. */
export async function setRowResults(
  tx: DbOrTx,
  batchId: string,
  results: readonly {
    rowNo: number;
    paymentId: string | null;
    result: 'pending' | 'created' | 'failed';
    message: string | null;
  }[],
  at: Date,
) {
  if (results.length === 0) return;
  const values = sql.join(
    results.map((r) => sql`(${r.rowNo}::int, ${r.paymentId}::uuid, ${r.result}::text, ${r.message}::text)`),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE bulk_batch_rows r
       SET payment_id = v.payment_id, result = v.result, result_message = v.message, processed_at = ${at.toISOString()}::timestamptz
      FROM (VALUES ${values}) AS v(row_no, payment_id, result, message)
     WHERE r.batch_id = ${batchId} AND r.row_no = v.row_no`);
}

export async function addProgress(tx: DbOrTx, batchId: string, done: number, failed: number, at: Date) {
  await tx
    .update(bulkBatches)
    .set({
      doneCount: sql`${bulkBatches.doneCount} + ${done}`,
      failedCount: sql`${bulkBatches.failedCount} + ${failed}`,
      updatedAt: at,
    })
    .where(eq(bulkBatches.id, batchId));
}

/** Marks a processing batch completed once no row is left; true when this call completed it. */
export async function completeIfDone(db: DbOrTx, batchId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(bulkBatches)
    .set({ status: 'completed', completedAt: at, updatedAt: at })
    .where(
      and(
        eq(bulkBatches.id, batchId),
        eq(bulkBatches.status, 'processing'),
        sql`NOT EXISTS (SELECT 1 FROM bulk_batch_rows r WHERE r.batch_id = ${batchId} AND r.result IS NULL)`,
      ),
    )
    .returning({ id: bulkBatches.id });
  return rows.length === 1;
}

/** Processing batches not touched since `before`: their run was lost (restart) and is restarted. */
export async function stalledBatches(db: DbOrTx, before: Date) {
  return db
    .select({ id: bulkBatches.id })
    .from(bulkBatches)
    .where(and(eq(bulkBatches.status, 'processing'), lt(bulkBatches.updatedAt, before)))
    .limit(20);
}

/** Every row with its payment's current status, in file order (the result report). */
export async function reportRows(db: DbOrTx, batchId: string) {
  return db
    .select({
      rowNo: bulkBatchRows.rowNo,
      method: bulkBatchRows.method,
      currency: bulkBatchRows.currency,
      amount: bulkBatchRows.amount,
      requisites: bulkBatchRows.requisites,
      reference: bulkBatchRows.reference,
      paymentId: bulkBatchRows.paymentId,
      result: bulkBatchRows.result,
      resultMessage: bulkBatchRows.resultMessage,
      paymentStatus: payments.status,
      fee: payments.fee,
    })
    .from(bulkBatchRows)
    .leftJoin(payments, eq(payments.id, bulkBatchRows.paymentId))
    .where(eq(bulkBatchRows.batchId, batchId))
    .orderBy(asc(bulkBatchRows.rowNo));
}

/** Every row with its pain.001 ids and its payment's state, in file order (the pain.002 report). */
export async function statusRows(db: DbOrTx, batchId: string) {
  return db
    .select({
      rowNo: bulkBatchRows.rowNo,
      currency: bulkBatchRows.currency,
      amount: bulkBatchRows.amount,
      paymentInfoId: bulkBatchRows.paymentInfoId,
      endToEndId: bulkBatchRows.endToEndId,
      instructionId: bulkBatchRows.instructionId,
      paymentId: bulkBatchRows.paymentId,
      paymentStatus: payments.status,
      paymentError: payments.error,
      recallRequestedAt: payments.recallRequestedAt,
    })
    .from(bulkBatchRows)
    .leftJoin(payments, eq(payments.id, bulkBatchRows.paymentId))
    .where(eq(bulkBatchRows.batchId, batchId))
    .orderBy(asc(bulkBatchRows.rowNo));
}
