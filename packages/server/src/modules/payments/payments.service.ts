import {
  DIRECTION_METHODS,
  errorFields,
  methodLabel,
  type PaymentDetails,
  type PaymentMethod,
  RIGHT_ACTIONS,
  validatePayout,
} from '@portal/domain';
import { randomUUID } from 'node:crypto';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import type { RequestContext } from '../../http/context.ts';
import { DomainError, validationError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import type { ProcessingSystem } from '../../adapters/processing/processing.ts';
import { createBatchPayouts } from './batch-payouts.ts';
import { createPayoutApprovals } from './payout-approvals.ts';
import { announce, companyOf, money, newPayout, PROCESS_JOB, recordEvents } from './payment-flow.ts';
import * as repo from './payments.repo.ts';
import type { ScaProof } from '../confirmations/confirmations.service.ts';
import { createSettledActions } from './settled-actions.service.ts';
import { recordExchangeLegs } from './exchange-legs.ts';
import { toView } from './view.ts';
import { createWalletTransfers } from './wallet-transfer.ts';

export { PROCESS_JOB };
type Ctx = RequestContext<UserPrincipal>;

/** Kept here for callers outside the module (payment templates); defined in payment-flow.ts. */
export { companyOf };

/**
 * Pay-out commands (spec §4 actions): create with strong authentication; approve, cancel and the mass
 * actions (payout-approvals.ts); refund, recall, dispute (settled-actions.service.ts). Each change is
 * one transaction with its history event and postback.
 */
export function createPaymentsService(deps: AppDeps, processing: ProcessingSystem) {
  const sca = () => service(deps, 'confirmations');
  const { db, clock } = deps;
  const ledger = () => service(deps, 'ledger');
  const wallets = () => service(deps, 'wallets');

  /** Queues the rail's next step; a lost send is picked up by the due-payments sweep. */
  async function schedule(p: repo.PaymentRow): Promise<void> {
    if (!p.processAfter) return;
    const seconds = Math.max(0, Math.ceil((p.processAfter.getTime() - clock.now().getTime()) / 1000));
    // Inside an idempotent call the job leaves after the call commits (jobs queue through
    // afterCommit); the due-payments sweep is the safety net for a lost send.
    await deps.jobs
      .send(PROCESS_JOB, { paymentId: p.id }, { startAfterSeconds: seconds })
      .catch(() => undefined);
  }

  async function view(principal: UserPrincipal, id: string) {
    const listed = await repo.findListed(db, id, companyOf(principal));
    if (!listed) throw new DomainError('PAYMENT_NOT_FOUND');
    return toView(listed, principal);
  }

  /** Everything a pay-out must pass before it is confirmed or executed (rights, method, rules, wallet). */
  async function prepare(
    principal: UserPrincipal,
    walletRef: string,
    method: PaymentMethod,
    d: PaymentDetails,
  ) {
    if (!principal.rights.has(RIGHT_ACTIONS.create)) throw new DomainError('NO_RIGHTS_CREATE_PAYOUT');
    const merchantId = companyOf(principal);
    const offered: readonly string[] = DIRECTION_METHODS.payout;
    if (
      !offered.includes(method) ||
      (await repo.disabledMethods(db, merchantId, 'payout')).includes(method)
    ) {
      throw new DomainError('PAYMENT_METHOD_NOT_AVAILABLE', { method: methodLabel(method) });
    }
    const check = validatePayout({
      method,
      currency: d.currency,
      amount: d.amount,
      requisites: d.requisites,
    });
    if (!check.ok) throw validationError(errorFields(check.errors, 'payment_details'));
    const wallet = await wallets().getWalletForMerchant(db, merchantId, walletRef);
    wallets().assertOutgoingAllowed(wallet);
    const { requisites, currency, amountMinor } = check.value;
    const fee = processing.fee({
      method,
      currency,
      iban: requisites.iban ?? null,
      intermediaryBic: requisites.bankSwiftCode ?? null,
    });
    // The confirmed content: any change to it after the code was typed needs a new confirmation.
    const subject = {
      merchantId,
      userId: principal.userId,
      walletId: wallet.id,
      method,
      currency,
      amount: amountMinor,
      fee,
      requisites,
      payeeType: d.payee_type,
      comments: d.comments,
    };
    return { merchantId, walletId: wallet.id, currency, amountMinor, fee, requisites, subject };
  }

  const approvals = createPayoutApprovals(deps, processing, { schedule });
  const { approvalLines, approval, approveOne, cancelOne, insufficientRefusal, verifyApproval } = approvals;

  return {
    view,

    async challenge(ctx: Ctx, walletRef: string, method: PaymentMethod, d: PaymentDetails) {
      const prepared = await prepare(ctx.principal, walletRef, method, d);
      const c = await sca().challenge(db, {
        kind: 'payout',
        userId: ctx.principal.userId,
        merchantId: prepared.merchantId,
        subject: prepared.subject,
      });
      return {
        challenge_id: c.id,
        expires_at: c.expiresAt.toISOString(),
        wallet_id: String(prepared.walletId),
        payment_method: method,
        method_label: methodLabel(method),
        currency: prepared.currency,
        amount: money(prepared.amountMinor, prepared.currency),
        fee: money(prepared.fee, prepared.currency),
        payee: prepared.requisites.payee ?? '',
        requisites: prepared.requisites,
      };
    },

    async createPayout(
      ctx: Ctx,
      walletRef: string,
      method: PaymentMethod,
      d: PaymentDetails,
      proof: ScaProof,
    ) {
      const principal = ctx.principal;
      const prepared = await prepare(principal, walletRef, method, d);
      await processing.assertAvailable(db);
      const { step } = await sca().verify(db, {
        kind: 'payout',
        userId: principal.userId,
        merchantId: prepared.merchantId,
        subject: prepared.subject,
        proof,
        meta: { ip: ctx.ip, userAgent: ctx.userAgent, sessionId: ctx.principal.sessionId },
      });
      // Auto-approve approves one's own payment, so it needs approve and approve own (maker-checker);
      // it happens in the creating transaction, so the pay-out is never seen created in between.
      const autoApprove =
        principal.rights.has(RIGHT_ACTIONS.approve) &&
        principal.rights.has(RIGHT_ACTIONS.approveOwn) &&
        principal.autoApprovePayouts;
      const now = clock.now();
      const made = await inTransaction(db, async (tx) => {
        const draft = {
          id: randomUUID(),
          ...newPayout({
            merchantId: prepared.merchantId,
            walletId: prepared.walletId,
            method,
            currency: prepared.currency,
            amount: prepared.amountMinor,
            fee: prepared.fee,
            requisites: prepared.requisites,
            payeeType: d.payee_type,
            comments: d.comments,
            createdBy: principal.userId,
            at: now,
          }),
        };
        await sca().consume(tx, {
          userId: principal.userId,
          challengeId: proof.challengeId,
          step,
          subjectRef: draft.id,
        });
        const creation = (p: repo.PaymentRow) => ({
          payment: { ...p, status: 'created' as const },
          change: { event: 'created', from: null, actorId: principal.userId, at: now },
        });
        let holdId: number | null = null;
        let refused = false;
        if (autoApprove) {
          try {
            holdId = await ledger().placeHold(tx, {
              walletId: prepared.walletId,
              currency: prepared.currency,
              amount: prepared.amountMinor + prepared.fee,
              reference: `payment:${draft.id}`,
            });
          } catch (err) {
            // The balance check refuses before the ledger writes anything: the creation still
            // commits, and the payment says why it was not approved (spec §8).
            if (!(err instanceof DomainError) || err.code !== 'INSUFFICIENT_FUNDS') throw err;
            refused = true;
          }
        }
        if (holdId === null) {
          const error = refused ? insufficientRefusal(draft.id).message : null;
          const p = await repo.insertPayment(tx, { ...draft, error });
          await recordEvents(tx, [creation(p)]);
          return { payment: p, refused };
        }
        // Approved as it is created: the row is written once, already pending, with the approval's
        // fields; history and postbacks record both steps of created → pending, as an approval does.
        const p = await repo.insertPayment(tx, {
          ...draft,
          ...approval(principal.userId, draft.method, holdId, now),
          status: 'pending',
        });
        await recordEvents(tx, [
          creation(p),
          { payment: p, change: { event: 'pending', from: 'created', actorId: principal.userId, at: now } },
        ]);
        return { payment: p, refused: false };
      });
      announce(prepared.merchantId);
      if (made.refused) throw insufficientRefusal(made.payment.id);
      if (made.payment.status === 'pending') await schedule(made.payment);
      const created = made.payment;
      return view(principal, created.id);
    },

    /** The approval confirmation for one or several created pay-outs (what the dialog shows). */
    async approvalChallenge(principal: UserPrincipal, ids: string[]) {
      if (!principal.rights.has(RIGHT_ACTIONS.approve)) throw new DomainError('NO_RIGHTS_APPROVE');
      const merchantId = companyOf(principal);
      return sca().approvalChallenge(db, {
        kind: 'payout_approval',
        userId: principal.userId,
        merchantId,
        lines: await approvalLines(merchantId, ids),
      });
    },

    async approve(ctx: Ctx, id: string, proof: ScaProof) {
      const consume = await verifyApproval(ctx, [id], proof);
      await approveOne(ctx.principal, id, (tx) => consume(tx, id));
      return view(ctx.principal, id);
    },

    /** Demo history only: the seed approves as the Master User without an authenticator at hand. */
    async approveForDemoSeed(principal: UserPrincipal, id: string) {
      await approveOne(principal, id);
    },

    async cancel(principal: UserPrincipal, id: string) {
      await cancelOne(principal, id);
      return view(principal, id);
    },

    massAction: approvals.massAction,

    ...createSettledActions(deps, processing, { view, schedule }),

    /** FX writes an executed exchange's two legs into the payments list, in its own transaction. */
    recordExchangeLegs,

    /** Pay-out methods a company may use now (offered, not switched off); the bulk terminal's rule. */
    async payoutMethodsOf(merchantId: string): Promise<PaymentMethod[]> {
      const off = await repo.disabledMethods(db, merchantId, 'payout');
      return DIRECTION_METHODS.payout.filter((m) => !off.includes(m));
    },

    /**
     * The fee a pay-out with these requisites pays (held and debited with it), so a batch's totals
     * can show what the accounts are debited, fees included (issue 36).
     */
    payoutFee(p: {
      method: PaymentMethod;
      currency: string;
      requisites: { iban?: string; bankSwiftCode?: string };
    }) {
      return processing.fee({
        method: p.method,
        currency: p.currency,
        iban: p.requisites.iban ?? null,
        intermediaryBic: p.requisites.bankSwiftCode ?? null,
      });
    },

    /** Bulk pay-outs: a confirmed batch's chunk of rows made into pay-outs set-wise. */
    ...createBatchPayouts(deps, processing),

    /** Moving money between two wallets of the company (issue 35): transferChallenge, transfer. */
    ...createWalletTransfers(deps),
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
