import type { TransferInput, TransferStatus } from '@portal/domain';
import type { Blockchain } from '../../adapters/blockchain/blockchain.ts';
import type { AppDeps } from '../../deps.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import type { ScaProof } from '../confirmations/confirmations.service.ts';
import { approvalChallenge, approve, cancel } from './onchain-approval.ts';
import { type Ctx, createOnchainContext } from './onchain-context.ts';
import { advance, runDue, settle } from './onchain-settlement.ts';
import { challenge, create, quote } from './onchain-transfer-create.ts';
import { get, info, list } from './onchain-views.ts';
import { creditDeposit, ensureWallets, walletsOf } from './onchain-wallets.ts';

export {
  companyOf,
  ONCHAIN_DISPATCH_JOB,
  ONCHAIN_QUOTE_TTL_MS,
  refuse,
} from './onchain-context.ts';

export type OnchainService = ReturnType<typeof createOnchainService>;

/**
 * Crypto wallets and on-chain transfers: quote (fiat ↔ coin at the FX area's rate, network fee,
 * UK window), confirmation through the one confirmation service (kind 'onchain'), maker-checker
 * approval that holds the funds, broadcast inside the 06:00-12:00 UK window (queued outside it),
 * confirmations counted from the node, settlement on the ledger in one transaction. Every status
 * change writes its postback and audit entry in the transaction of the change.
 *
 * Each use case is a named function in its own file (onchain-transfer-create, onchain-approval,
 * onchain-settlement, onchain-views, onchain-wallets; shared parts in onchain-context and
 * onchain-events); this factory builds their context once and offers them as one service.
 */
export function createOnchainService(
  deps: AppDeps,
  chain: Blockchain,
  /** Simulator only: a switch that treats the window as open (demo, journeys outside UK hours). */
  windowOverride: () => Promise<boolean> = async () => false,
) {
  const oc = createOnchainContext(deps, chain, windowOverride);
  return {
    /** The company's crypto wallets, opened with deposit addresses on first use (one per asset). */
    ensureWallets: (merchantId: string, platform: Ctx['platform'] = 'UK') =>
      ensureWallets(oc, merchantId, platform),
    /** Moves one open transfer on: broadcast when due, settle at the required confirmations, drop/fail. */
    advance: (id: string): Promise<void> => advance(oc, id),
    /** The hold becomes postings, once: the status check under the row lock and the ledger reference. */
    settle: (id: string): Promise<void> => settle(oc, id),

    /** Assets, networks, fees, required confirmations and the window now (the dialog's reference data). */
    info: () => info(oc),

    /**
     * Coins arriving at one of the companies' deposit addresses (simulator, demo): credited to the
     * crypto wallet once per Trx ID. Deposits to other addresses (escrow deals) are left to their owner.
     */
    creditDeposit: (address: string, asset: string, minor: bigint, trxId: string) =>
      creditDeposit(oc, address, asset, minor, trxId),

    wallets: (ctx: Ctx) => walletsOf(oc, ctx),

    quote: (
      principal: UserPrincipal,
      input: Omit<TransferInput, 'address'> & { address?: string | undefined },
    ) => quote(oc, principal, input),

    challenge: (ctx: Ctx, input: TransferInput) => challenge(oc, ctx, input),

    create: (
      ctx: Ctx,
      input: TransferInput & { rate?: string | undefined; rate_expires_at?: string | undefined },
      proof: ScaProof,
    ) => create(oc, ctx, input, proof),

    list: (
      principal: UserPrincipal,
      page: number,
      rows: number,
      body: { status?: TransferStatus | undefined; asset?: string | undefined },
    ) => list(oc, principal, page, rows, body),

    get: (principal: UserPrincipal, id: string) => get(oc, principal, id),

    approvalChallenge: (principal: UserPrincipal, id: string) => approvalChallenge(oc, principal, id),

    approve: (ctx: Ctx, id: string, proof: ScaProof) => approve(oc, ctx, id, proof),

    cancel: (principal: UserPrincipal, id: string) => cancel(oc, principal, id),

    /** The sweep: every due queued transfer and every pending one, each on its own. */
    runDue: (): Promise<number> => runDue(oc),
  };
}
