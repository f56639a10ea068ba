import { randomUUID } from 'node:crypto';
import { canTransition, type PaymentMethod } from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import type { ProcessingSystem } from '../../adapters/processing/processing.ts';
import * as batchRepo from './batch-payouts.repo.ts';
import { announce, newPayout, PROCESS_JOB, recordEvents } from './payment-flow.ts';
import type { PaymentRow } from './payments.repo.ts';

export interface BatchPayoutRow {
  walletId: number;
  method: PaymentMethod;
  currency: string;
  amount: bigint;
  requisites: Record<string, string>;
  payeeType: 'individual' | 'corporate';
  comments: string;
  /** The client's ids of a pain.001 transaction, kept on the payment (issue 35). */
  endToEndId?: string | null;
  instructionId?: string | null;
}

export interface BatchPayoutResult {
  payment: PaymentRow;
  approved: boolean;
  error: string | null;
}

/**
 * Bulk pay-outs (issue 14, issue 15): the rows of a confirmed batch chunk become pay-outs exactly as
 * single ones do — fee, `created` with its history event, postback and notification; with an
 * approver the hold and `pending` with the approval's event and postback — but written set-wise:
 * about ten statements for a chunk instead of about fourteen per row. The rules ran at upload and
 * the batch was confirmed as a whole (SCA bound to its hash, count and totals). Holds are granted in
 * row order while the balance covers them; a row the balance no longer covers stays `created` with
 * the reason, alone, as a single pay-out would.
 */
export function createBatchPayouts(deps: AppDeps, processing: ProcessingSystem) {
  const { clock } = deps;
  const ledger = () => service(deps, 'ledger');

  async function createMany(
    tx: Tx,
    batch: { merchantId: string; makerId: string; approverId: string | null },
    rows: readonly BatchPayoutRow[],
  ): Promise<BatchPayoutResult[]> {
    const now = clock.now();
    const created = await batchRepo.insertPayments(
      tx,
      rows.map((row) => {
        const r = row.requisites;
        const fee = processing.fee({
          method: row.method,
          currency: row.currency,
          iban: r.iban ?? null,
          intermediaryBic: r.bankSwiftCode ?? null,
        });
        return {
          ...newPayout({ ...row, merchantId: batch.merchantId, fee, createdBy: batch.makerId, at: now }),
          id: randomUUID(),
        };
      }),
    );
    await recordEvents(
      tx,
      created.map((payment) => ({
        payment,
        change: { event: 'created', from: null, actorId: batch.makerId, at: now },
      })),
    );
    const approverId = batch.approverId;
    if (!approverId) return created.map((payment) => ({ payment, approved: false, error: null }));
    if (!canTransition('created', 'pending')) throw new Error('created → pending is not allowed');

    const holdIds = await ledger().placeHolds(
      tx,
      created.map((p) => ({
        walletId: p.walletId,
        currency: p.currency,
        amount: p.amount + p.fee,
        reference: `payment:${p.id}`,
      })),
    );
    const refusal = new DomainError('INSUFFICIENT_BALANCE_NOT_APPROVED').message;
    await batchRepo.setErrors(
      tx,
      created.filter((_, i) => holdIds[i] === null).map((p) => p.id),
      refusal,
      now,
    );
    const pending = await batchRepo.approveCreated(
      tx,
      created.flatMap((p, i) => {
        const holdId = holdIds[i];
        return holdId == null ? [] : [{ id: p.id, holdId, processAfter: processing.dueAt(p.method, now) }];
      }),
      { approvedBy: approverId, at: now },
    );
    await recordEvents(
      tx,
      pending.map((payment) => ({
        payment,
        change: { event: 'pending', from: 'created' as const, actorId: approverId, at: now },
      })),
    );
    const approvedById = new Map(pending.map((p) => [p.id, p]));
    return created.map((p) => {
      const approved = approvedById.get(p.id);
      return approved
        ? { payment: approved, approved: true, error: null }
        : { payment: { ...p, error: refusal }, approved: false, error: refusal };
    });
  }

  /** After a chunk commits: wake the company's streams and queue the rail's next steps at once. */
  async function afterCommit(merchantId: string, made: readonly PaymentRow[]): Promise<void> {
    announce(merchantId);
    const now = clock.now().getTime();
    await deps.jobs
      .sendMany(
        PROCESS_JOB,
        made.flatMap((p) =>
          p.processAfter
            ? [
                {
                  data: { paymentId: p.id },
                  startAfterSeconds: Math.max(0, Math.ceil((p.processAfter.getTime() - now) / 1000)),
                },
              ]
            : [],
        ),
      )
      // The due-payments sweep is the safety net for a lost send, as for single pay-outs.
      .catch(() => undefined);
  }

  return { createManyFromBatch: createMany, afterBatchCommit: afterCommit };
}
