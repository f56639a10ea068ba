import { randomUUID } from 'node:crypto';
import {
  type CurrencyCode,
  fromMinor,
  isCurrencyCode,
  RIGHT_ACTIONS,
  transferAmountMinor,
  type WalletFundTransferPostback,
  type WalletTransferConfirmation,
  type walletTransferRequestSchema,
  type WalletTransferView,
} from '@portal/domain';
import type { z } from 'zod';
import { executeTogether } from '../../db/together.ts';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import type { RequestContext } from '../../http/context.ts';
import { DomainError, validationError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { appendAudit } from '../audit/audit.service.ts';
import type { ScaProof } from '../confirmations/confirmations.service.ts';
import { enqueuePostback } from '../postbacks/postbacks.service.ts';
import { announce, companyOf } from './payment-flow.ts';
import * as repo from './payments.repo.ts';

type Ctx = RequestContext<UserPrincipal>;
export type WalletTransferRequest = z.output<typeof walletTransferRequestSchema>;

/** One side of a transfer as the dialog, the answer and the postback name it. */
interface Side {
  id: number;
  uuid: string;
  name: string;
  iban: string | null;
}

const sideView = (s: Side) => ({ wallet_id: String(s.id), uuid: s.uuid, name: s.name, iban: s.iban });
/** The short reference statements and the list show, as FX shows FX-1A2B3C4D. */
export const transferReference = (id: string) => `TR-${id.slice(0, 8).toUpperCase()}`;

/** Amount text → positive minor units, or the field code the browser translates (never a float). */
function parseAmount(text: string, currency: CurrencyCode): bigint {
  const r = transferAmountMinor(text, currency);
  if (!r.ok) throw validationError({ amount: r.error });
  return r.value;
}

/**
 * Transfers between two wallets of the caller's company (issue 35): checked, confirmed with password
 * and authenticator code against a challenge bound to what was shown (as a pay-out), then executed in
 * ONE transaction: the balanced ledger entry (debit `from`, credit `to`, no fee), the two settled rows
 * of the payments list with their history, the `walletFundTransfer` postback and the audit entry.
 */
export function createWalletTransfers(deps: AppDeps) {
  const { db, clock } = deps;
  const sca = () => service(deps, 'confirmations');
  const ledger = () => service(deps, 'ledger');
  const wallets = () => service(deps, 'wallets');

  async function sideOf(merchantId: string, ref: string) {
    // Another company's wallet is not found, as everywhere (404, nothing of it leaks).
    const w = await wallets().getWalletForMerchant(db, merchantId, ref);
    const [iban] = await wallets().ibansOf(w.id);
    return { wallet: w, side: { id: w.id, uuid: w.uuid, name: w.uiName, iban: iban ?? null } };
  }

  /** Every rule, checked when the challenge is issued and again when it is answered. */
  async function prepare(principal: UserPrincipal, r: WalletTransferRequest) {
    if (!principal.rights.has(RIGHT_ACTIONS.create)) throw new DomainError('NO_RIGHTS_CREATE_PAYOUT');
    const merchantId = companyOf(principal);
    const currency = r.currency;
    // The route's schema already refused an unknown code; this narrows the type.
    if (!isCurrencyCode(currency)) throw validationError({ currency: 'Unknown currency.' });
    const amount = parseAmount(r.amount, currency);
    const from = await sideOf(merchantId, r.from_wallet_id);
    const to = await sideOf(merchantId, r.to_wallet_id);
    if (from.side.id === to.side.id)
      throw new DomainError('TRANSFER_SAME_WALLET', {}, { fields: { to_wallet_id: 'TRANSFER_SAME_WALLET' } });
    // Both active: a disabled or closed account neither sends nor takes a transfer.
    wallets().assertOutgoingAllowed(from.wallet);
    wallets().assertOutgoingAllowed(to.wallet);
    const [fromBalances, toBalances] = await Promise.all([
      ledger().balances(db, from.side.id),
      ledger().balances(db, to.side.id),
    ]);
    const source = fromBalances.find((b) => b.currency === currency);
    if (!source || !toBalances.some((b) => b.currency === currency))
      throw new DomainError(
        'TRANSFER_CURRENCY_MISMATCH',
        { currency },
        { fields: { to_wallet_id: 'TRANSFER_CURRENCY_MISMATCH' } },
      );
    // Early answer for the dialog; the ledger checks again under the balance lock when it posts.
    if (source.available < amount) throw new DomainError('INSUFFICIENT_FUNDS');
    const subject = {
      merchantId,
      userId: principal.userId,
      fromWalletId: from.side.id,
      toWalletId: to.side.id,
      currency,
      amount,
      fee: 0n,
      reference: r.reference,
    };
    return {
      merchantId,
      currency,
      amount,
      from: from.side,
      to: to.side,
      available: source.available,
      subject,
    };
  }

  return {
    async transferChallenge(
      principal: UserPrincipal,
      r: WalletTransferRequest,
    ): Promise<WalletTransferConfirmation> {
      const p = await prepare(principal, r);
      const c = await sca().challenge(db, {
        kind: 'wallet_transfer',
        userId: principal.userId,
        merchantId: p.merchantId,
        subject: p.subject,
      });
      return {
        challenge_id: c.id,
        expires_at: c.expiresAt.toISOString(),
        from: sideView(p.from),
        to: sideView(p.to),
        currency: p.currency,
        amount: fromMinor(p.amount, p.currency),
        fee: fromMinor(0n, p.currency),
        reference: r.reference,
        available_after: fromMinor(p.available - p.amount, p.currency),
      };
    },

    async transfer(ctx: Ctx, r: WalletTransferRequest, proof: ScaProof): Promise<WalletTransferView> {
      const principal = ctx.principal;
      const p = await prepare(principal, r);
      const { step } = await sca().verify(db, {
        kind: 'wallet_transfer',
        userId: principal.userId,
        merchantId: p.merchantId,
        subject: p.subject,
        proof,
        meta: { ip: ctx.ip, userAgent: ctx.userAgent, sessionId: principal.sessionId },
      });
      const id = randomUUID();
      const ref = transferReference(id);
      const now = clock.now();
      const done = await inTransaction(db, async (tx) => {
        await sca().consume(tx, {
          userId: principal.userId,
          challengeId: proof.challengeId,
          step,
          subjectRef: id,
        });
        const fromAccount = await ledger().walletAccount(tx, p.from.id, p.currency);
        const toAccount = await ledger().walletAccount(tx, p.to.id, p.currency);
        // postEntry locks both accounts' balance rows in account order (two opposite transfers
        // cannot deadlock) and refuses with INSUFFICIENT_FUNDS when the debit would overdraw.
        const entry = await ledger().postEntry(tx, {
          kind: 'transfer',
          reference: `transfer:${id}`,
          valueDate: now,
          details: {
            counterparty: 'Own account transfer',
            method: 'INTERNAL',
            description: `Transfer from ${p.from.name} to ${p.to.name} (${ref})`,
            ...(r.reference ? { clientReference: r.reference } : {}),
          },
          postings: [
            { accountId: fromAccount, amount: -p.amount },
            { accountId: toAccount, amount: p.amount },
          ],
        });
        const leg = {
          merchantId: p.merchantId,
          transactionType: 'transfer' as const,
          method: 'INTERNAL' as const,
          status: 'settled' as const,
          currency: p.currency,
          amount: p.amount,
          fee: 0n,
          comments: r.reference || ref,
          entryId: entry.id,
          createdBy: principal.userId,
          approvedBy: principal.userId,
          createdAt: now,
          updatedAt: now,
          settledAt: now,
        };
        // Each row names the other account as its counterparty, so both lists read sensibly.
        const debit = await repo.insertPayment(tx, {
          ...leg,
          walletId: p.from.id,
          direction: 'outbound',
          payeeName: p.to.name,
          counterpartyIban: p.to.iban,
        });
        const credit = await repo.insertPayment(tx, {
          ...leg,
          walletId: p.to.id,
          direction: 'inbound',
          payeeName: p.from.name,
          counterpartyIban: p.from.iban,
        });
        const history = (row: repo.PaymentRow) => ({
          paymentId: row.id,
          merchantId: p.merchantId,
          direction: row.direction,
          event: 'settled',
          fromStatus: null,
          status: 'settled' as const,
          actorId: principal.userId,
          note: ref,
          at: now,
        });
        await executeTogether(tx, [repo.eventsInsert([history(debit), history(credit)])]);
        const payload: WalletFundTransferPostback = {
          transfer_id: id,
          status: 'settled',
          from_wallet_id: String(p.from.id),
          from_wallet_uuid: p.from.uuid,
          to_wallet_id: String(p.to.id),
          to_wallet_uuid: p.to.uuid,
          currency: p.currency,
          amount: fromMinor(p.amount, p.currency),
          fee: fromMinor(0n, p.currency),
          reference: r.reference,
          debit_payment_id: debit.id,
          credit_payment_id: credit.id,
          at: now.toISOString(),
        };
        await enqueuePostback(tx, {
          merchantId: p.merchantId,
          type: 'walletFundTransfer',
          event: 'settled',
          subjectId: id,
          createdAt: now,
          payload,
        });
        await appendAudit(tx, {
          actorType: 'user',
          actorId: principal.userId,
          action: 'wallet_transfer_settled',
          subjectType: 'wallet_transfer',
          subjectId: id,
          ip: ctx.ip,
          userAgent: ctx.userAgent,
          details: { ...payload, entry_id: entry.id },
        });
        return { debit, credit };
      });
      // Browsers of the company refresh balances and lists (the push of a payment change).
      announce(p.merchantId);
      return {
        id,
        status: 'settled',
        from: sideView(p.from),
        to: sideView(p.to),
        currency: p.currency,
        amount: fromMinor(p.amount, p.currency),
        fee: fromMinor(0n, p.currency),
        reference: r.reference,
        debit_payment_id: done.debit.id,
        credit_payment_id: done.credit.id,
        created_at: now.toISOString(),
      };
    },
  };
}
export type WalletTransfers = ReturnType<typeof createWalletTransfers>;
