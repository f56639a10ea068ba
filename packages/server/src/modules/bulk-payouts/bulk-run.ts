import { inTransaction } from '../../db/tx.ts';
import type { BulkContext } from './bulk-context.ts';
import * as repo from './bulk-payouts.repo.ts';

export const BULK_RUN_JOB = 'bulk-payouts.run';
/** Rows made into payments per transaction: progress moves in steps of this size. */
export const BULK_CHUNK = 100;

/**
 * Makes the batch's remaining rows into payments through the payments service, chunk by chunk,
 * each row exactly once; safe to run twice at once (rows are claimed with SKIP LOCKED).
 */
export async function run(bulk: BulkContext, batchId: string): Promise<void> {
  const { db, clock } = bulk;
  const batch = await repo.findBatchById(db, batchId);
  if (!batch || batch.status !== 'processing' || !batch.approvedBy) return;
  const maker = batch.confirmedBy ?? batch.uploadedBy;
  const approver = batch.approvedBy;
  for (;;) {
    const made = await inTransaction(db, async (tx) => {
      const rows = await repo.claimRows(tx, batchId, BULK_CHUNK);
      if (rows.length === 0) return null;
      const now = clock.now();
      const out = await bulk.payments().createManyFromBatch(
        tx,
        { merchantId: batch.merchantId, makerId: maker, approverId: approver },
        rows.map((row) => ({
          walletId: row.walletId,
          method: row.method,
          currency: row.currency,
          amount: row.amount,
          requisites: row.requisites,
          payeeType: row.payeeType === 'individual' ? ('individual' as const) : ('corporate' as const),
          comments: row.reference,
          endToEndId: row.endToEndId,
          instructionId: row.instructionId,
        })),
      );
      await repo.setRowResults(
        tx,
        batchId,
        rows.map((row, i) => {
          const r = out[i];
          if (!r) throw new Error('a row without its payment');
          return {
            rowNo: row.rowNo,
            paymentId: r.payment.id,
            result: r.approved ? 'pending' : 'created',
            message: r.error,
          };
        }),
        now,
      );
      await repo.addProgress(tx, batchId, rows.length, out.filter((r) => r.error).length, now);
      return out;
    });
    if (made === null) break;
    await bulk.payments().afterBatchCommit(
      batch.merchantId,
      made.filter((m) => m.approved).map((m) => m.payment),
    );
  }
  await repo.completeIfDone(db, batchId, clock.now());
}

/** Restarts runs lost to a restart: processing batches untouched for a minute. */
export async function runStalled(bulk: BulkContext): Promise<number> {
  const stalled = await repo.stalledBatches(bulk.db, new Date(bulk.clock.now().getTime() - 60_000));
  for (const s of stalled) await run(bulk, s.id);
  return stalled.length;
}
