import { type PaymentView, RIGHT_ACTIONS } from '@portal/domain';
import type { ProcessingSystem } from '../../adapters/processing/processing.ts';
import { inTransaction, isUniqueViolation } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { announce, companyOf, recordEvent, transition } from './payment-flow.ts';
import * as repo from './payments.repo.ts';
import { isInternalLeg } from './view.ts';

interface Helpers {
  view(principal: UserPrincipal, id: string): Promise<PaymentView>;
  schedule(p: repo.PaymentRow): Promise<void>;
}

/**
 * Actions on settled payments (spec §4): refund of a pay-in (once, full amount), recall of a
 * pay-out (once) and dispute (once). Each is one transaction with its event and postback.
 */
export function createSettledActions(
  deps: AppDeps,
  processing: ProcessingSystem,
  { view, schedule }: Helpers,
) {
  const { db, clock } = deps;
  const ledger = () => service(deps, 'ledger');
  return {
    async refund(principal: UserPrincipal, id: string, comments: string) {
      if (!principal.rights.has(RIGHT_ACTIONS.refund)) throw new DomainError('NO_RIGHTS_REFUND');
      const merchantId = companyOf(principal);
      await processing.assertAvailable(db);
      const now = clock.now();
      let refund: repo.PaymentRow;
      try {
        refund = await inTransaction(db, async (tx) => {
          const orig = await repo.lockPayment(tx, id, merchantId);
          if (!orig) throw new DomainError('PAYMENT_NOT_FOUND');
          // The API refuses what the list offers no button for: an internal leg is not a pay-in.
          if (orig.direction !== 'inbound' || orig.status !== 'settled' || isInternalLeg(orig)) {
            throw new DomainError('PAYMENT_ACTION_NOT_ALLOWED', { status: orig.status, action: 'refunded' });
          }
          const listed = await repo.findListed(tx, id, merchantId);
          if (listed?.refunded) throw new DomainError('REFUND_ALREADY_DONE');
          const method = orig.method;
          const p = await repo.insertPayment(tx, {
            merchantId,
            walletId: orig.walletId,
            direction: 'outbound',
            transactionType: 'refund',
            method,
            status: 'created',
            currency: orig.currency,
            amount: orig.amount,
            payeeName: orig.payeeName,
            counterpartyIban: orig.counterpartyIban,
            counterpartyAccount: orig.counterpartyAccount,
            counterpartyBankCode: orig.counterpartyBankCode,
            counterpartyBic: orig.counterpartyBic,
            requisites: orig.requisites,
            comments: comments || `Refund of ${orig.id}`,
            createdBy: principal.userId,
            originalPaymentId: orig.id,
            createdAt: now,
            updatedAt: now,
          });
          await recordEvent(tx, p, { event: 'created', from: null, actorId: principal.userId, at: now });
          const holdId = await ledger().placeHold(tx, {
            walletId: p.walletId,
            currency: p.currency,
            amount: p.amount,
            reference: `payment:${p.id}`,
          });
          return transition(tx, p, 'pending', {
            actorId: principal.userId,
            at: now,
            patch: { approvedBy: principal.userId, holdId, processAfter: processing.dueAt(method, now) },
          });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new DomainError('REFUND_ALREADY_DONE');
        throw err;
      }
      announce(merchantId);
      await schedule(refund);
      return view(principal, refund.id);
    },

    /** Recall (once) and dispute (once) of a settled payment: recorded, the rail answers later. */
    async flag(principal: UserPrincipal, id: string, kind: 'recall' | 'dispute', reason: string) {
      if (!principal.rights.has(RIGHT_ACTIONS.cancel) && !principal.rights.has(RIGHT_ACTIONS.refund)) {
        throw new DomainError('FORBIDDEN');
      }
      const merchantId = companyOf(principal);
      const now = clock.now();
      const updated = await inTransaction(db, async (tx) => {
        const p = await repo.lockPayment(tx, id, merchantId);
        if (!p) throw new DomainError('PAYMENT_NOT_FOUND');
        const verb = kind === 'recall' ? 'recalled' : 'disputed';
        if (p.status !== 'settled' || isInternalLeg(p) || (kind === 'recall' && p.direction !== 'outbound')) {
          throw new DomainError('PAYMENT_ACTION_NOT_ALLOWED', { status: p.status, action: verb });
        }
        if (kind === 'recall' && p.recallRequestedAt) throw new DomainError('RECALL_ALREADY_EXISTS');
        if (kind === 'dispute' && p.disputeOpenedAt) throw new DomainError('DISPUTE_ALREADY_EXISTS');
        const patch =
          kind === 'recall'
            ? {
                recallReason: reason,
                recallRequestedAt: now,
                processAfter: new Date(now.getTime() + processing.recallDelaySeconds * 1000),
              }
            : { disputeReason: reason, disputeOpenedAt: now };
        const row = await repo.updateFrom(tx, p.id, 'settled', { ...patch, updatedAt: now });
        if (!row) throw new DomainError('PAYMENT_ACTION_NOT_ALLOWED', { status: p.status, action: verb });
        await recordEvent(tx, row, {
          event: `${kind}_requested`,
          from: p.status,
          actorId: principal.userId,
          note: reason,
          at: now,
        });
        return row;
      });
      announce(merchantId);
      await schedule(updated);
      return view(principal, id);
    },
  };
}
