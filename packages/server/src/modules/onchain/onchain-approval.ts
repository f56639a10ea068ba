import { RIGHT_ACTIONS } from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import type { ApprovalLine, ScaProof } from '../confirmations/confirmations.service.ts';
import {
  companyOf,
  type Ctx,
  ONCHAIN_DISPATCH_JOB,
  type OnchainContext,
  windowAt,
} from './onchain-context.ts';
import { move } from './onchain-events.ts';
import { dispatch } from './onchain-settlement.ts';
import { confirmationsOf, readTransfer } from './onchain-views.ts';
import * as repo from './onchain.repo.ts';
import { transferView } from './onchain.view.ts';

/** Maker-checker of on-chain transfers: approval (holds the funds, queues the send) and cancellation. */

/**
 * What an approver confirms (issue 17): the network, the address and what the wallet is debited —
 * the coin amount plus the network fee, in the funding currency, the amount the hold takes (issue 36).
 */
async function approvalLines(
  oc: OnchainContext,
  principal: UserPrincipal,
  id: string,
): Promise<ApprovalLine[]> {
  if (!principal.rights.has(RIGHT_ACTIONS.approve)) throw new DomainError('NO_RIGHTS_APPROVE');
  const t = await readTransfer(oc, principal, id);
  return [
    { id: t.id, amount: t.debitAmount, currency: t.fundingCurrency, payee: t.network, account: t.address },
  ];
}

async function approveOne(
  oc: OnchainContext,
  principal: UserPrincipal,
  id: string,
  confirmed?: (tx: Tx) => Promise<void>,
) {
  if (!principal.rights.has(RIGHT_ACTIONS.approve)) throw new DomainError('NO_RIGHTS_APPROVE');
  const merchantId = companyOf(principal);
  const current = await readTransfer(oc, principal, id);
  // The node is asked first: during an outage nothing changes and the caller gets the 424.
  await oc.chain.assertAvailable(oc.db, current.network);
  const now = oc.clock.now();
  const w = await windowAt(oc, now);
  try {
    await inTransaction(oc.db, async (tx) => {
      const t = await repo.lockTransfer(tx, id, merchantId);
      if (!t) throw new DomainError('ONCHAIN_TRANSFER_NOT_FOUND');
      if (t.status !== 'created') {
        throw new DomainError('ONCHAIN_ACTION_NOT_ALLOWED', { status: t.status, action: 'approved' });
      }
      if (t.createdBy === principal.userId && !principal.rights.has(RIGHT_ACTIONS.approveOwn)) {
        throw new DomainError('NO_RIGHTS_APPROVE_OWN');
      }
      const holdId = await oc.ledger().placeHold(tx, {
        walletId: t.walletId,
        currency: t.fundingCurrency,
        amount: t.debitAmount,
        reference: `onchain:${t.id}`,
      });
      // The approver's confirmation is used up with the approval it authorised.
      await confirmed?.(tx);
      return move(
        oc,
        tx,
        t,
        'queued',
        {
          holdId,
          approvedBy: principal.userId,
          sendAt: w.sendAt,
          cancelAt: t.fundingCurrency === 'USD' ? w.usdCancelAt : null,
          error: null,
          errorCode: null,
        },
        { type: 'user', id: principal.userId },
        w.open ? undefined : `Queued for the next window at ${w.sendAt.toISOString()}`,
      );
    });
  } catch (err) {
    if (
      err instanceof DomainError &&
      ['INSUFFICIENT_FUNDS', 'WALLET_NOT_ACTIVE', 'WALLET_CLOSED'].includes(err.code)
    ) {
      // The transfer stays created and says why (spec §8: created but not approved, code and message).
      await repo.updateTransfer(oc.db, id, { error: err.message, errorCode: err.code, updatedAt: now });
      throw new DomainError(
        'ONCHAIN_CREATED_NOT_APPROVED',
        { reason_code: err.code, reason: err.message },
        { extra: { transfer_id: id, reason_code: err.code } },
      );
    }
    throw err;
  }
  try {
    await dispatch(oc, id);
  } catch (err) {
    // Approved and held; the sweep sends it when the node answers again. Nothing is lost.
    if (!(err instanceof DomainError && err.status === 424)) throw err;
  }
  // Inside an idempotent call the job leaves after the call commits (jobs queue through
  // afterCommit); the sweep is the safety net if the send is lost.
  await oc
    .jobs()
    .send(ONCHAIN_DISPATCH_JOB, { id }, { startAfterSeconds: 1 })
    .catch(() => undefined);
}

export async function approvalChallenge(oc: OnchainContext, principal: UserPrincipal, id: string) {
  return oc.confirmations().approvalChallenge(oc.db, {
    kind: 'onchain_approval',
    userId: principal.userId,
    merchantId: companyOf(principal),
    lines: await approvalLines(oc, principal, id),
  });
}

export async function approve(oc: OnchainContext, ctx: Ctx, id: string, proof: ScaProof) {
  const principal = ctx.principal;
  const { step } = await oc.confirmations().verifyApproval(oc.db, {
    kind: 'onchain_approval',
    userId: principal.userId,
    merchantId: companyOf(principal),
    lines: await approvalLines(oc, principal, id),
    proof,
    meta: { ip: ctx.ip, userAgent: ctx.userAgent, sessionId: principal.sessionId },
  });
  await approveOne(oc, principal, id, (tx) =>
    oc.confirmations().consume(tx, {
      userId: principal.userId,
      challengeId: proof.challengeId,
      step,
      subjectRef: id,
    }),
  );
  const t = await readTransfer(oc, principal, id);
  return transferView(t, principal, await confirmationsOf(oc, t));
}

export async function cancel(oc: OnchainContext, principal: UserPrincipal, id: string) {
  const merchantId = companyOf(principal);
  await inTransaction(oc.db, async (tx) => {
    const t = await repo.lockTransfer(tx, id, merchantId);
    if (!t) throw new DomainError('ONCHAIN_TRANSFER_NOT_FOUND');
    if (t.createdBy !== principal.userId && !principal.rights.has(RIGHT_ACTIONS.cancel)) {
      throw new DomainError('NO_RIGHTS_CANCEL');
    }
    if (t.status !== 'created' && t.status !== 'queued') {
      throw new DomainError('ONCHAIN_ACTION_NOT_ALLOWED', { status: t.status, action: 'canceled' });
    }
    if (t.holdId !== null) await oc.ledger().releaseHold(tx, t.holdId);
    await move(oc, tx, t, 'canceled', {}, { type: 'user', id: principal.userId }, 'Cancelled by the user');
  });
  const t = await readTransfer(oc, principal, id);
  return transferView(t, principal, 0);
}
