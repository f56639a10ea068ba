import { type BulkConfirmation, RIGHT_ACTIONS } from '@portal/domain';
import { inTransaction } from '../../db/tx.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import type { ScaProof } from '../confirmations/confirmations.service.ts';
import {
  audit,
  type BulkContext,
  batchOf,
  type Ctx,
  confirmApproves,
  isMaker,
  totalsView,
  view,
} from './bulk-context.ts';
import * as repo from './bulk-payouts.repo.ts';
import { BULK_RUN_JOB } from './bulk-run.ts';

/**
 * The batch's decisions: one confirmation (password digest + TOTP bound to its file hash, count
 * and totals per currency), approval by the maker-checker rights of single pay-outs, discard.
 */

type Decision = 'confirm' | 'approve';

/** Exactly what one confirmation of the batch covers. */
const subjectOf = (b: repo.BatchRow, action: Decision) => ({
  batchId: b.id,
  action,
  fileHash: b.fileHash,
  count: b.validCount,
  totals: b.totals.map((t) => ({ currency: t.currency, amount: t.amount, count: t.count })),
});

function assertCan(p: UserPrincipal, b: repo.BatchRow, action: Decision) {
  if (action === 'confirm') {
    if (!p.rights.has(RIGHT_ACTIONS.create)) throw new DomainError('NO_RIGHTS_CREATE_PAYOUT');
    if (b.status === 'invalid') throw new DomainError('BULK_BATCH_HAS_ERRORS', { count: b.errorRows });
    if (b.status !== 'validated')
      throw new DomainError('BULK_BATCH_STATE', { status: b.status, action: 'confirmed' });
    return;
  }
  if (!p.rights.has(RIGHT_ACTIONS.approve)) throw new DomainError('NO_RIGHTS_APPROVE');
  if (isMaker(p, b) && !p.rights.has(RIGHT_ACTIONS.approveOwn))
    throw new DomainError('NO_RIGHTS_APPROVE_OWN');
  if (b.status !== 'confirmed')
    throw new DomainError('BULK_BATCH_STATE', { status: b.status, action: 'approved' });
}

/** Issues the one confirmation of a batch for the confirm or approve dialog. */
export async function challenge(
  bulk: BulkContext,
  p: UserPrincipal,
  id: string,
  action: Decision,
): Promise<BulkConfirmation> {
  const b = await batchOf(bulk, p, id);
  assertCan(p, b, action);
  const c = await bulk.confirmations().challenge(bulk.db, {
    kind: 'bulk_payout',
    userId: p.userId,
    merchantId: b.merchantId,
    subject: subjectOf(b, action),
  });
  return {
    challenge_id: c.id,
    expires_at: c.expiresAt.toISOString(),
    action,
    file_hash: b.fileHash,
    count: b.validCount,
    totals: totalsView(b.totals),
    approves: action === 'approve' || confirmApproves(p),
  };
}

/** Confirm or approve: verify the one confirmation, then move the batch in one transaction. */
export async function decide(bulk: BulkContext, ctx: Ctx, id: string, action: Decision, proof: ScaProof) {
  const { db, clock } = bulk;
  const p = ctx.principal;
  const before = await batchOf(bulk, p, id);
  // A second confirmation of a batch already on its way changes nothing: it was confirmed once.
  const already =
    action === 'confirm'
      ? ['confirmed', 'processing', 'completed'].includes(before.status)
      : ['processing', 'completed'].includes(before.status);
  if (already) return view(bulk, p, before);
  assertCan(p, before, action);
  const { step } = await bulk.confirmations().verify(db, {
    kind: 'bulk_payout',
    userId: p.userId,
    merchantId: before.merchantId,
    subject: subjectOf(before, action),
    proof,
    meta: { ip: ctx.ip, userAgent: ctx.userAgent, sessionId: p.sessionId },
  });
  const now = clock.now();
  const result = await inTransaction(db, async (tx) => {
    const b = await repo.lockBatch(tx, id, before.merchantId);
    if (!b) throw new DomainError('BULK_BATCH_NOT_FOUND');
    // A concurrent confirmation won: nothing more happens, the challenge stays unused.
    if (b.status !== before.status) return { batch: b, started: false };
    await bulk.confirmations().consume(tx, {
      userId: p.userId,
      challengeId: proof.challengeId,
      step,
      subjectRef: `bulk:${b.id}`,
    });
    if (action === 'confirm') {
      const approves = confirmApproves(p);
      const next = await repo.updateBatch(tx, b.id, {
        status: approves ? 'processing' : 'confirmed',
        confirmedBy: p.userId,
        confirmedAt: now,
        ...(approves ? { approvedBy: p.userId, approvedAt: now } : {}),
        updatedAt: now,
      });
      await audit(tx, ctx, 'bulk_payout_confirmed', next, { approves });
      if (approves) await audit(tx, ctx, 'bulk_payout_approved', next, { withConfirmation: true });
      return { batch: next, started: approves };
    }
    const next = await repo.updateBatch(tx, b.id, {
      status: 'processing',
      approvedBy: p.userId,
      approvedAt: now,
      updatedAt: now,
    });
    await audit(tx, ctx, 'bulk_payout_approved', next, {});
    return { batch: next, started: true };
  });
  if (result.started) await bulk.jobs().send(BULK_RUN_JOB, { batchId: id }, { singletonKey: id });
  return view(bulk, p, result.batch);
}

/** Discards a batch that has not been approved; it never makes a payment. */
export async function discard(bulk: BulkContext, ctx: Ctx, id: string) {
  const p = ctx.principal;
  if (!p.rights.has(RIGHT_ACTIONS.create)) throw new DomainError('NO_RIGHTS_CREATE_PAYOUT');
  const before = await batchOf(bulk, p, id);
  const b = await inTransaction(bulk.db, async (tx) => {
    const locked = await repo.lockBatch(tx, id, before.merchantId);
    if (!locked) throw new DomainError('BULK_BATCH_NOT_FOUND');
    if (locked.status === 'discarded') return locked;
    if (!['invalid', 'validated', 'confirmed'].includes(locked.status))
      throw new DomainError('BULK_BATCH_STATE', { status: locked.status, action: 'discarded' });
    const next = await repo.updateBatch(tx, id, { status: 'discarded', updatedAt: bulk.clock.now() });
    await audit(tx, ctx, 'bulk_payout_discarded', next, {});
    return next;
  });
  return view(bulk, p, b);
}
