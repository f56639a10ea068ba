import { randomUUID } from 'node:crypto';
import {
  HELD_STATUSES,
  isCurrencyCode,
  PAYOUT_APPROVAL_WINDOW_DAYS,
  type PaymentMethod,
  toMinor,
} from '@portal/domain';
import type { ProcessingSystem } from '../../adapters/processing/processing.ts';
import type { Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { announce, recordEvent, transition } from './payment-flow.ts';
import * as repo from './payments.repo.ts';
import { PROCESS_JOB } from './payments.service.ts';

const isHeld = (status: string) => (HELD_STATUSES as readonly string[]).includes(status);

/**
 * Called in the transaction that credits a pay-in, with the remittance text the payer quoted: the
 * pay-in terminal matches it to a payment request there, so the match commits with the credit.
 */
export type PayInListener = (tx: Tx, payment: repo.PaymentRow, remittance: string | null) => Promise<void>;

/**
 * The rail's side of a payment (simulator behind `ProcessingSystem`): settles, declines or returns
 * held payouts when they are due, books inbound pay-ins, and the operator's outage switch. During an
 * outage due payments simply stay pending; the sweep sends them once the switch is off, so nothing
 * is lost.
 */
export function createProcessingService(deps: AppDeps, processing: ProcessingSystem) {
  const { db, clock } = deps;
  const ledger = () => service(deps, 'ledger');
  const payInListeners: PayInListener[] = [];

  /** One step of the rail for one payment; a no-op when nothing is due (safe to run twice). */
  async function processDue(paymentId: string): Promise<'outage' | 'done' | 'idle'> {
    if ((await processing.state(db)).outage) return 'outage';
    const now = clock.now();
    const changed = await inTransaction(db, async (tx) => {
      const p = await repo.lockPayment(tx, paymentId, null);
      if (!p?.processAfter || p.processAfter > now) return null;
      if (isHeld(p.status) && p.holdId !== null) {
        const outcome = processing.outcome({
          method: p.method,
          currency: p.currency,
          iban: p.counterpartyIban,
          intermediaryBic: p.requisites.bankSwiftCode ?? null,
        });
        if (outcome.kind === 'decline') {
          await ledger().releaseHold(tx, p.holdId);
          return transition(tx, p, 'declined', {
            actorId: null,
            at: now,
            note: outcome.reason,
            patch: { error: outcome.reason, processAfter: null },
          });
        }
        const counter = await ledger().systemAccount(tx, 'payout_clearing', p.currency);
        const fee =
          p.fee > 0n
            ? { amount: p.fee, account: await ledger().systemAccount(tx, 'fee_income', p.currency) }
            : undefined;
        const entry = await ledger().settleHold(tx, p.holdId, {
          counterAccount: counter,
          ...(fee ? { fee } : {}),
          kind: 'payout',
          reference: `payment:${p.id}`,
          details: {
            counterparty: p.payeeName,
            counterpartyIban: p.counterpartyIban ?? undefined,
            method: p.method,
            description: p.comments || undefined,
            // The client's EndToEndId of a pain.001 pay-out: statements carry it (issue 35).
            ...(p.endToEndId ? { clientReference: p.endToEndId } : {}),
          },
        });
        const returnAt =
          outcome.returnAfterSeconds === null
            ? null
            : new Date(now.getTime() + outcome.returnAfterSeconds * 1000);
        return transition(tx, p, 'settled', {
          actorId: null,
          at: now,
          patch: {
            entryId: entry.id,
            capturedAt: now,
            chargedAt: now,
            settledAt: now,
            processAfter: returnAt,
          },
        });
      }
      if (p.status === 'settled' && p.direction === 'outbound') {
        // The payee bank sends the amount back (returned IBAN or an accepted recall); the fee stays.
        const wallet = await ledger().walletAccount(tx, p.walletId, p.currency);
        const clearing = await ledger().systemAccount(tx, 'payout_clearing', p.currency);
        const entry = await ledger().postEntry(tx, {
          kind: 'reversal',
          reference: `return:${p.id}`,
          details: {
            counterparty: p.payeeName,
            reason: p.recallReason ?? 'Returned by the payee bank',
            method: p.method,
            // A return quotes the original's EndToEndId, as its reference quotes the payment.
            ...(p.endToEndId ? { clientReference: p.endToEndId } : {}),
          },
          postings: [
            { accountId: wallet, amount: p.amount },
            { accountId: clearing, amount: -p.amount },
          ],
        });
        const note = p.recallRequestedAt ? 'Recall accepted by the payee bank' : 'Returned by the payee bank';
        return transition(tx, p, 'returned', {
          actorId: null,
          at: now,
          note,
          patch: { reversalEntryId: entry.id, processAfter: null },
        });
      }
      return null;
    });
    if (!changed) return 'idle';
    announce(changed.merchantId);
    if (changed.processAfter) {
      const seconds = Math.max(0, Math.ceil((changed.processAfter.getTime() - now.getTime()) / 1000));
      await deps.jobs
        .send(PROCESS_JOB, { paymentId: changed.id }, { startAfterSeconds: seconds })
        .catch(() => undefined);
    }
    return 'done';
  }

  return {
    processDue,

    /** Registers a listener run in every pay-in's crediting transaction (pay-in terminal matching). */
    onPayIn(listener: PayInListener): void {
      payInListeners.push(listener);
    },

    /** Queues every payment now due: the sweep after an outage, a restart or a lost job. */
    /**
     * Expires pay-outs nobody approved within the approval window. Nothing was held for them, so
     * only the status moves (with its event and postback); each in its own transaction so one
     * refusal (approved meanwhile) does not stop the others.
     */
    async expireStale(): Promise<number> {
      const now = clock.now();
      const before = new Date(now.getTime() - PAYOUT_APPROVAL_WINDOW_DAYS * 86_400_000);
      const ids = await repo.staleCreatedPayouts(db, before, 500);
      let expired = 0;
      for (const id of ids) {
        const merchantId = await inTransaction(db, async (tx) => {
          const p = await repo.lockPayment(tx, id, null);
          if (!p || p.status !== 'created') return null;
          await transition(tx, p, 'expired', {
            actorId: null,
            at: now,
            note: `Not approved within ${PAYOUT_APPROVAL_WINDOW_DAYS} days`,
          });
          return p.merchantId;
        });
        if (merchantId) {
          expired++;
          announce(merchantId);
        }
      }
      return expired;
    },

    async runDue(): Promise<number> {
      const ids = await repo.duePayments(db, clock.now(), 500);
      for (const paymentId of ids) await deps.jobs.send(PROCESS_JOB, { paymentId });
      return ids.length;
    },

    async state() {
      const s = await processing.state(db);
      return { ...s, pending_payments: await repo.countHeld(db) };
    },

    async setOutage(
      on: boolean,
      message: string | null,
      by: string,
      meta: { ip: string; userAgent: string },
    ) {
      await inTransaction(db, async (tx) => {
        await processing.setOutage(tx, on, message, by);
        await appendAudit(tx, {
          actorType: 'admin',
          actorId: by,
          action: on ? 'processing_outage_on' : 'processing_outage_off',
          ...meta,
        });
      });
      if (!on) await this.runDue();
    },

    /** An inbound pay-in from the rail: booked on the wallet and listed as a settled pay-in. */
    async payIn(p: {
      merchantId?: string;
      walletRef?: string | number;
      /** A VA number (IBAN, or bank code + account): the virtual-accounts area says whose it is. */
      vaNumber?: string;
      currency: string;
      amount: string;
      payerName: string;
      payerIban: string | null;
      method: PaymentMethod;
      at?: Date;
      /** Remittance information the payer quoted (a payment request's reference). */
      reference?: string | null;
    }): Promise<string> {
      if (!isCurrencyCode(p.currency))
        throw new DomainError('VALIDATION', {}, { fields: { currency: 'unknown currency' } });
      const amount = toMinor(p.amount, p.currency);
      if (amount <= 0n)
        throw new DomainError('VALIDATION', {}, { fields: { amount: 'Amount must not be 0.' } });
      // Virtual accounts: money to a VA number lands in the VA's wallet; a disabled or closed VA returns it.
      const va = p.vaNumber ? await service(deps, 'virtualAccounts').resolveForPayIn(db, p.vaNumber) : null;
      if (p.vaNumber && !va) throw new DomainError('VA_NOT_FOUND');
      const merchantId = va?.merchantId ?? p.merchantId;
      const walletRef = va?.walletId ?? p.walletRef;
      if (!merchantId || walletRef === undefined)
        throw new DomainError('VALIDATION', {}, { fields: { wallet_id: 'required' } });
      const vaInfo = va
        ? { virtualAccount: va.number, vaCustomerId: va.customerId, vaCustomerName: va.customerName }
        : null;
      const wallet = await service(deps, 'wallets').getWalletForMerchant(db, merchantId, walletRef);
      const at = p.at ?? clock.now();
      const id = randomUUID();
      if (va && !va.isActive) {
        await inTransaction(db, async (tx) => {
          const row = await repo.insertPayment(tx, {
            id,
            merchantId,
            walletId: wallet.id,
            direction: 'inbound',
            transactionType: 'payin',
            method: p.method,
            status: 'returned',
            currency: p.currency,
            amount,
            payeeName: p.payerName,
            counterpartyIban: p.payerIban,
            requisites: vaInfo ?? {},
            comments: `Virtual account ${va.number} · ${va.customerName}`,
            error: `virtual account ${va.status}`,
            createdAt: at,
            updatedAt: at,
          });
          await recordEvent(tx, row, { event: 'returned', from: null, actorId: null, at });
        });
        announce(merchantId);
        return id;
      }
      await inTransaction(db, async (tx) => {
        const entry = await service(deps, 'wallets').recordPayIn(tx, {
          walletId: wallet.id,
          currency: p.currency,
          amount,
          reference: `payin:${id}`,
          valueDate: at,
          details: {
            counterparty: p.payerName,
            counterpartyIban: p.payerIban ?? undefined,
            method: p.method,
            ...(p.reference ? { clientReference: p.reference } : {}),
            ...(vaInfo
              ? { description: `Virtual account ${vaInfo.virtualAccount} · ${vaInfo.vaCustomerName}` }
              : {}),
          },
        });
        const row = await repo.insertPayment(tx, {
          id,
          merchantId,
          ...(vaInfo
            ? {
                requisites: { ...vaInfo, ...(p.reference ? { remittance: p.reference } : {}) },
                comments: `Virtual account ${vaInfo.virtualAccount} · ${vaInfo.vaCustomerName}`,
              }
            : p.reference
              ? { requisites: { remittance: p.reference }, comments: p.reference }
              : {}),
          walletId: wallet.id,
          direction: 'inbound',
          transactionType: 'payin',
          method: p.method,
          status: 'settled',
          currency: p.currency,
          amount,
          payeeName: p.payerName,
          counterpartyIban: p.payerIban,
          entryId: entry.id,
          createdAt: at,
          capturedAt: at,
          chargedAt: at,
          settledAt: at,
          updatedAt: at,
        });
        await recordEvent(tx, row, { event: 'settled', from: null, actorId: null, at });
        for (const listener of payInListeners) await listener(tx, row, p.reference ?? null);
      });
      announce(merchantId);
      return id;
    },
  };
}
export type ProcessingService = ReturnType<typeof createProcessingService>;
