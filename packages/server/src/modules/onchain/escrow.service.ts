import {
  checkAssetNetwork,
  checkEscrowTtl,
  checkOnchainAmount,
  checkReceiver,
  checkTrxId,
  type DealAction,
  type DealStatus,
  nextDealStatus,
  RIGHT_ACTIONS,
} from '@portal/domain';
import type { Blockchain } from '../../adapters/blockchain/blockchain.ts';
import type { Tx } from '../../db/client.ts';
import { inTransaction, isUniqueViolation } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import type { RequestContext } from '../../http/context.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { appendAudit } from '../audit/audit.service.ts';
import type { ScaProof } from '../confirmations/confirmations.service.ts';
import { enqueuePostback } from '../postbacks/postbacks.service.ts';
import { companyOf, refuse } from './onchain.service.ts';
import * as repo from './onchain.repo.ts';
import { amount, dealView } from './onchain.view.ts';

type Ctx = RequestContext<UserPrincipal>;
export const ESCROW_EXPIRE_JOB = 'onchain.escrow.expire';

function must<T>(r: { ok: true; value: T } | { ok: false; issue: Parameters<typeof refuse>[0] }): T {
  if (!r.ok) throw refuse(r.issue);
  return r.value;
}

export type EscrowService = ReturnType<typeof createEscrowService>;

/**
 * Escrow blockchain deals: the company expects `expected amount` of a ticker on a network at a
 * deposit address of the deal within the TTL; the counterparty's deposit is matched by its Trx ID
 * (settled amount, funded / underpaid / overpaid); the company confirms (release to the receiver
 * wallet, with strong authentication, kind 'escrow') or declines (returned to the sender); an
 * unfunded deal expires by a job. Every status change writes its postback and audit entry in the
 * transaction of the change.
 */
export function createEscrowService(deps: AppDeps, chain: Blockchain) {
  const { db, clock } = deps;
  const ledger = () => service(deps, 'ledger');
  const confirmations = () => service(deps, 'confirmations');

  function requireRight(p: UserPrincipal): string {
    if (!p.rights.has(RIGHT_ACTIONS.onchainTransfer)) throw new DomainError('ONCHAIN_NO_RIGHTS');
    return companyOf(p);
  }

  async function read(principal: UserPrincipal, id: string) {
    const d = await repo.findDeal(db, id, companyOf(principal));
    if (!d) throw new DomainError('ESCROW_DEAL_NOT_FOUND');
    return d;
  }

  async function record(
    tx: Tx,
    d: repo.DealRow,
    event: string,
    actor: { type: 'user' | 'system'; id: string | null },
  ) {
    await enqueuePostback(tx, {
      merchantId: d.merchantId,
      type: 'payin',
      event,
      subjectId: d.id,
      createdAt: clock.now(),
      payload: { kind: 'escrow_deal', ...dealView(d) },
    });
    await appendAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      action: `escrow_deal_${event}`,
      subjectType: 'escrow_deal',
      subjectId: d.id,
      details: { status: d.status, trxId: d.trxId },
    });
  }

  /** Locks the deal and applies one action of the state machine, or refuses it. */
  async function transition(
    tx: Tx,
    id: string,
    merchantId: string | undefined,
    action: DealAction,
    patch: (d: repo.DealRow, to: DealStatus) => Promise<Partial<repo.DealRow>> | Partial<repo.DealRow>,
    actor: { type: 'user' | 'system'; id: string | null },
    amounts?: { expected: bigint; settled: bigint },
  ) {
    const d = await repo.lockDeal(tx, id, merchantId);
    if (!d) throw new DomainError('ESCROW_DEAL_NOT_FOUND');
    const to = nextDealStatus(d.status, action, amounts && { ...amounts, expected: d.expectedAmount });
    const verb = { deposit: 'funded', confirm: 'confirmed', decline: 'declined', expire: 'expired' }[action];
    if (!to) throw new DomainError('ESCROW_ACTION_NOT_ALLOWED', { status: d.status, action: verb });
    const next = await repo.updateDeal(tx, d.id, {
      ...(await patch(d, to)),
      status: to,
      updatedAt: clock.now(),
    });
    await record(tx, next, to, actor);
    return next;
  }

  const releaseSubject = (d: repo.DealRow) => ({
    dealId: d.id,
    ticker: d.ticker,
    network: d.network,
    receiver: d.receiverWallet,
    settled: d.settledAmount,
    trxId: d.trxId,
  });

  return {
    async create(
      ctx: Ctx,
      b: {
        ticker: string;
        network: string;
        currency: 'EUR' | 'GBP' | 'USD';
        expected_amount: string;
        receiver_wallet: string;
        ttl_hours: number;
        accept_warnings: boolean;
      },
    ) {
      const merchantId = requireRight(ctx.principal);
      const { asset, network } = must(checkAssetNetwork(b.ticker, b.network));
      const expected = must(checkOnchainAmount(b.expected_amount, asset, 'expected_amount'));
      const ttl = must(checkEscrowTtl(b.ttl_hours));
      const receiver = must(checkReceiver(network, b.receiver_wallet, b.accept_warnings, 'receiver_wallet'));
      const now = clock.now();
      const deal = await inTransaction(db, async (tx) => {
        const d = await repo.insertDeal(tx, {
          merchantId,
          ticker: asset,
          network,
          currency: b.currency,
          expectedAmount: expected,
          receiverWallet: receiver.address,
          depositAddress: chain.newAddress(network),
          ttlHours: ttl,
          status: 'awaiting',
          warnings: receiver.warning ? [receiver.warning] : [],
          expiresAt: new Date(now.getTime() + ttl * 3_600_000),
          createdBy: ctx.principal.userId,
          createdAt: now,
          updatedAt: now,
        });
        await record(tx, d, 'created', { type: 'user', id: ctx.principal.userId });
        return d;
      });
      // Leaves after the idempotent call commits (jobs queue through afterCommit).
      await deps.jobs
        .send(ESCROW_EXPIRE_JOB, { id: deal.id }, { startAfterSeconds: ttl * 3600 + 1 })
        .catch(() => undefined);
      return dealView(deal);
    },

    async list(
      principal: UserPrincipal,
      page: number,
      rows: number,
      f: {
        status?: DealStatus | undefined;
        ticker?: string | undefined;
        network?: string | undefined;
        filter_value?: string | undefined;
      },
    ) {
      const { rows: list, total } = await repo.listDeals(db, {
        merchantId: companyOf(principal),
        status: f.status,
        ticker: f.ticker,
        network: f.network,
        text: f.filter_value?.trim() || undefined,
        offset: (page - 1) * rows,
        limit: rows,
      });
      return { deals: list.map(dealView), total };
    },

    async get(principal: UserPrincipal, id: string) {
      return dealView(await read(principal, id));
    },

    /** Matches the counterparty's deposit by its Trx ID (simulator: a deposit to the deal address). */
    async match(principal: UserPrincipal, id: string, trxIdText: string, accept: boolean) {
      const merchantId = requireRight(principal);
      const current = await read(principal, id);
      const network = current.network;
      const trxId = must(checkTrxId(network, trxIdText, accept));
      if (current.status !== 'awaiting') {
        throw new DomainError('ESCROW_ACTION_NOT_ALLOWED', { status: current.status, action: 'funded' });
      }
      const other = await repo.dealByTrx(db, trxId);
      if (other && other.id !== id) throw new DomainError('ESCROW_TRX_USED');
      const found = await chain.find(db, trxId);
      if (
        !found ||
        found.network !== network ||
        found.toAddress !== current.depositAddress ||
        found.asset !== current.ticker
      ) {
        throw new DomainError(
          'ESCROW_TRX_NOT_FOUND',
          { network },
          { fields: { trx_id: 'ESCROW_TRX_NOT_FOUND' } },
        );
      }
      if (found.status.state !== 'confirmed' || found.status.confirmations < found.status.required) {
        throw new DomainError('ESCROW_DEPOSIT_UNCONFIRMED', {
          confirmations: found.status.confirmations,
          required: found.status.required,
        });
      }
      try {
        const d = await inTransaction(db, (tx) =>
          transition(
            tx,
            id,
            merchantId,
            'deposit',
            () => ({ trxId: found.hash, settledAmount: found.amount }),
            { type: 'user', id: principal.userId },
            { expected: current.expectedAmount, settled: found.amount },
          ),
        );
        return dealView(d);
      } catch (err) {
        if (isUniqueViolation(err)) throw new DomainError('ESCROW_TRX_USED');
        throw err;
      }
    },

    async confirmChallenge(principal: UserPrincipal, id: string) {
      const merchantId = requireRight(principal);
      const d = await read(principal, id);
      if (!['funded', 'underpaid', 'overpaid'].includes(d.status)) {
        throw new DomainError('ESCROW_ACTION_NOT_ALLOWED', { status: d.status, action: 'confirmed' });
      }
      const c = await confirmations().challenge(db, {
        userId: principal.userId,
        merchantId,
        kind: 'escrow',
        subject: releaseSubject(d),
      });
      return {
        challenge_id: c.id,
        expires_at: c.expiresAt.toISOString(),
        summary: {
          ticker: d.ticker,
          network: d.network,
          receiver_wallet: d.receiverWallet,
          settled_amount: d.settledAmount === null ? '' : amount(d.settledAmount, d.ticker),
        },
      };
    },

    /** Confirm: release the settled amount to the receiver (own deposit address → ledger credit). */
    async confirm(ctx: Ctx, id: string, proof: ScaProof) {
      const principal = ctx.principal;
      const merchantId = requireRight(principal);
      const current = await read(principal, id);
      await chain.assertAvailable(db, current.network);
      const { step } = await confirmations().verify(db, {
        userId: principal.userId,
        merchantId,
        kind: 'escrow',
        subject: releaseSubject(current),
        proof,
        meta: { ip: ctx.ip, userAgent: ctx.userAgent, sessionId: principal.sessionId },
      });
      const d = await inTransaction(db, async (tx) => {
        const next = await transition(
          tx,
          id,
          merchantId,
          'confirm',
          async (deal) => {
            const settled = deal.settledAmount ?? 0n;
            const own = await repo.ownAddress(tx, merchantId, deal.receiverWallet);
            if (own && own.asset === deal.ticker) {
              const entry = await ledger().postEntry(tx, {
                kind: 'payin',
                reference: `escrow:${deal.id}`,
                details: {
                  description: `Escrow deal ${deal.ticker} (${deal.network}) Trx ID ${deal.trxId}`,
                  counterparty: deal.depositAddress,
                  method: 'ESCROW_BLOCKCHAIN',
                },
                postings: [
                  { accountId: await ledger().walletAccount(tx, own.walletId, deal.ticker), amount: settled },
                  {
                    accountId: await ledger().systemAccount(tx, 'payin_clearing', deal.ticker),
                    amount: -settled,
                  },
                ],
              });
              return { entryId: entry.id };
            }
            const hash = await chain.broadcast(tx, {
              network: deal.network,
              asset: deal.ticker,
              to: deal.receiverWallet,
              amount: settled,
            });
            return { releaseTxHash: hash };
          },
          { type: 'user', id: principal.userId },
        );
        await confirmations().consume(tx, {
          userId: principal.userId,
          challengeId: proof.challengeId,
          step,
          subjectRef: id,
        });
        return next;
      });
      return dealView(d);
    },

    async decline(principal: UserPrincipal, id: string) {
      const merchantId = requireRight(principal);
      const current = await read(principal, id);
      if (current.settledAmount !== null) await chain.assertAvailable(db, current.network);
      const d = await inTransaction(db, (tx) =>
        transition(
          tx,
          id,
          merchantId,
          'decline',
          async (deal) => {
            if (deal.settledAmount === null || deal.trxId === null) return {};
            // The deposit goes back to its sender (the simulator addresses it by the Trx ID).
            const hash = await chain.broadcast(tx, {
              network: deal.network,
              asset: deal.ticker,
              to: `return:${deal.trxId}`,
              amount: deal.settledAmount,
            });
            return { releaseTxHash: hash };
          },
          { type: 'user', id: principal.userId },
        ),
      );
      return dealView(d);
    },

    /** The expiry job and sweep: unfunded deals past their TTL expire. */
    async expireDue(): Promise<number> {
      const ids = await repo.dueDealIds(db, clock.now());
      let n = 0;
      for (const id of ids) {
        await inTransaction(db, async (tx) => {
          const d = await repo.lockDeal(tx, id);
          if (d?.status !== 'awaiting' || d.expiresAt > clock.now()) return;
          await transition(tx, id, undefined, 'expire', () => ({}), { type: 'system', id: null });
          n++;
        });
      }
      return n;
    },
  };
}
