import {
  HELD_STATUSES,
  MASS_ACTION_MAX,
  methodLabel,
  type PaymentMethod,
  RIGHT_ACTIONS,
} from '@portal/domain';
import type { ProcessingSystem } from '../../adapters/processing/processing.ts';
import type { Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import type { RequestContext } from '../../http/context.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import type { ApprovalLine, ScaMeta, ScaProof } from '../confirmations/confirmations.service.ts';
import { announce, companyOf, transition } from './payment-flow.ts';
import * as repo from './payments.repo.ts';

type Ctx = RequestContext<UserPrincipal>;

const isHeld = (status: string) => (HELD_STATUSES as readonly string[]).includes(status);

/**
 * Maker-checker on pay-outs (spec §4, §6): what an approver confirms, approval with strong customer
 * authentication (the hold, then `pending`), cancel (free of charge where the rail can stop), and
 * the mass actions. Each change is one transaction with its history event and postback.
 */
export function createPayoutApprovals(
  deps: AppDeps,
  processing: ProcessingSystem,
  helpers: { schedule: (p: repo.PaymentRow) => Promise<void> },
) {
  const sca = () => service(deps, 'confirmations');
  const ledger = () => service(deps, 'ledger');
  const { db, clock } = deps;
  const { schedule } = helpers;

  /**
   * What an approver confirms for these pay-outs: amount, currency, payee and account of each. An
   * id of another company, an inbound payment or an unknown id is not found, as on every call.
   */
  async function approvalLines(merchantId: string, ids: readonly string[]): Promise<ApprovalLine[]> {
    const unique = [...new Set(ids)];
    const rows = await repo.outboundOfCompany(db, merchantId, unique);
    if (rows.length !== unique.length) throw new DomainError('PAYMENT_NOT_FOUND');
    return rows.map((p) => ({
      id: p.id,
      amount: p.amount,
      currency: p.currency,
      payee: p.payeeName,
      account: p.counterpartyIban ?? p.counterpartyAccount ?? '',
    }));
  }

  /**
   * Approval is strong customer authentication (issue 17): the approver's password and TOTP code
   * against a challenge bound to exactly these pay-outs and their totals. Returns the step that the
   * executing transaction consumes.
   */
  async function verifyApproval(ctx: Ctx, ids: readonly string[], proof: ScaProof | undefined) {
    const principal = ctx.principal;
    if (!principal.rights.has(RIGHT_ACTIONS.approve)) throw new DomainError('NO_RIGHTS_APPROVE');
    if (!proof) throw new DomainError('APPROVAL_CONFIRMATION_REQUIRED');
    const merchantId = companyOf(principal);
    const meta: ScaMeta = { ip: ctx.ip, userAgent: ctx.userAgent, sessionId: principal.sessionId };
    const { step } = await sca().verifyApproval(db, {
      kind: 'payout_approval',
      userId: principal.userId,
      merchantId,
      lines: await approvalLines(merchantId, ids),
      proof,
      meta,
    });
    return (tx: Tx, subjectRef: string) =>
      sca().consume(tx, { userId: principal.userId, challengeId: proof.challengeId, step, subjectRef });
  }

  const insufficientRefusal = (paymentId: string) =>
    new DomainError('INSUFFICIENT_BALANCE_NOT_APPROVED', {}, { extra: { payment_id: paymentId } });

  /** Approves a created pay-out the caller holds (locked or just inserted): the hold, then `pending`. */
  async function holdAndApprove(
    tx: Tx,
    approverId: string,
    p: repo.PaymentRow,
    now: Date,
    confirmed?: (tx: Tx) => Promise<void>,
  ): Promise<repo.PaymentRow> {
    const holdId = await ledger().placeHold(tx, {
      walletId: p.walletId,
      currency: p.currency,
      amount: p.amount + p.fee,
      reference: `payment:${p.id}`,
    });
    // The confirmation is used up with the approval it authorised, never without it.
    await confirmed?.(tx);
    return transition(tx, p, 'pending', {
      actorId: approverId,
      at: now,
      action: 'approved',
      patch: approval(approverId, p.method, holdId, now),
    });
  }

  /** What an approval writes on a pay-out besides its status: who, the hold, when the rail acts. */
  const approval = (approverId: string, method: PaymentMethod, holdId: number, now: Date) => ({
    approvedBy: approverId,
    holdId,
    processAfter: processing.dueAt(method, now),
    error: null,
  });

  async function approveOne(principal: UserPrincipal, id: string, confirmed?: (tx: Tx) => Promise<void>) {
    if (!principal.rights.has(RIGHT_ACTIONS.approve)) throw new DomainError('NO_RIGHTS_APPROVE');
    const merchantId = companyOf(principal);
    await processing.assertAvailable(db);
    const now = clock.now();
    let approved: repo.PaymentRow;
    try {
      approved = await inTransaction(db, async (tx) => {
        const p = await repo.lockPayment(tx, id, merchantId);
        if (!p) throw new DomainError('PAYMENT_NOT_FOUND');
        if (p.direction !== 'outbound' || p.status !== 'created') {
          throw new DomainError('PAYMENT_ACTION_NOT_ALLOWED', { status: p.status, action: 'approved' });
        }
        if (p.createdBy === principal.userId && !principal.rights.has(RIGHT_ACTIONS.approveOwn)) {
          throw new DomainError('NO_RIGHTS_APPROVE_OWN');
        }
        return holdAndApprove(tx, principal.userId, p, now, confirmed);
      });
    } catch (err) {
      if (err instanceof DomainError && err.code === 'INSUFFICIENT_FUNDS') {
        // The payment stays created and says why in its errors column (spec §8).
        const refusal = insufficientRefusal(id);
        await repo.setError(db, id, refusal.message, now);
        throw refusal;
      }
      throw err;
    }
    announce(merchantId);
    await schedule(approved);
    return approved;
  }

  async function cancelOne(principal: UserPrincipal, id: string) {
    if (!principal.rights.has(RIGHT_ACTIONS.cancel)) throw new DomainError('NO_RIGHTS_CANCEL');
    const merchantId = companyOf(principal);
    const now = clock.now();
    await inTransaction(db, async (tx) => {
      const p = await repo.lockPayment(tx, id, merchantId);
      if (!p) throw new DomainError('PAYMENT_NOT_FOUND');
      const refuse = () =>
        new DomainError('PAYMENT_ACTION_NOT_ALLOWED', { status: p.status, action: 'canceled' });
      if (p.direction !== 'outbound') throw refuse();
      if (p.status === 'created')
        return transition(tx, p, 'canceled', { actorId: principal.userId, at: now, action: 'canceled' });
      if (!isHeld(p.status) || p.holdId === null) throw refuse();
      const method = p.method;
      if (!processing.canStop(method))
        throw new DomainError('PAYMENT_NOT_STOPPABLE', { method: methodLabel(method) });
      // Stopping asks the rail: during an outage nothing changes and the user gets the 424.
      await processing.assertAvailable(tx);
      await ledger().releaseHold(tx, p.holdId);
      return transition(tx, p, 'canceled', {
        actorId: principal.userId,
        at: now,
        action: 'canceled',
        note: 'Stopped free of charge before settlement',
        patch: { processAfter: null },
      });
    });
    announce(merchantId);
  }

  async function massAction(ctx: Ctx, action: 'approve' | 'cancel', ids: string[], proof?: ScaProof) {
    const principal = ctx.principal;
    if (ids.length > MASS_ACTION_MAX) {
      throw new DomainError(
        'MASS_ACTION_TOO_MANY',
        { max: MASS_ACTION_MAX },
        { fields: { ids: `at most ${MASS_ACTION_MAX}` } },
      );
    }
    if (action === 'approve') {
      // One confirmation for the exact set and its totals, used up once before the approvals;
      // each approval then stands or fails on its own, as the answer lists.
      const consume = await verifyApproval(ctx, ids, proof);
      await inTransaction(db, (tx) => consume(tx, `set:${[...new Set(ids)].sort().join(',')}`));
    }
    const done: string[] = [];
    const failed: { id: string; code: string; message: string }[] = [];
    for (const id of new Set(ids)) {
      try {
        if (action === 'approve') await approveOne(principal, id);
        else await cancelOne(principal, id);
        done.push(id);
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        failed.push({ id, code: err.code, message: err.message });
      }
    }
    return { done, failed };
  }

  return { approvalLines, verifyApproval, insufficientRefusal, approval, approveOne, cancelOne, massAction };
}
