import {
  ASSET_NETWORKS,
  assetExponent,
  checkAssetNetwork,
  checkOnchainAmount,
  checkReceiver,
  convertAtRate,
  currencyExponent,
  type CurrencyCode,
  isOnchainAsset,
  NETWORKS,
  networkFee,
  ONCHAIN_ASSETS,
  type OnchainAsset,
  type OnchainIssue,
  onchainWindow,
  RIGHT_ACTIONS,
  type TransferInput,
  type TransferStatus,
} from '@portal/domain';
import type { Blockchain } from '../../adapters/blockchain/blockchain.ts';
import type { Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import type { RequestContext } from '../../http/context.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { appendAudit } from '../audit/audit.service.ts';
import type { ApprovalLine, ScaProof } from '../confirmations/confirmations.service.ts';
import { enqueuePostback } from '../postbacks/postbacks.service.ts';
import * as repo from './onchain.repo.ts';
import { amount, transferView } from './onchain.view.ts';

type Ctx = RequestContext<UserPrincipal>;

/** How long a quoted rate holds: the dialog's countdown (spec §4: the rate expires, refresh). */
export const ONCHAIN_QUOTE_TTL_MS = 30_000;
export const ONCHAIN_DISPATCH_JOB = 'onchain.dispatch';

export function companyOf(p: UserPrincipal): string {
  if (!p.merchantId) throw new DomainError('FORBIDDEN');
  return p.merchantId;
}

/** One domain refusal as the API error (field + params, so the browser translates by code). */
export function refuse(issue: OnchainIssue): DomainError {
  return new DomainError(issue.code, issue.params, {
    fields: { [issue.field]: issue.code },
    ...(issue.warning ? { extra: { warning: true } } : {}),
  });
}

function must<T>(r: { ok: true; value: T } | { ok: false; issue: OnchainIssue }): T {
  if (!r.ok) throw refuse(r.issue);
  return r.value;
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** fiat = coin × rate, rounded up (what the company pays never falls short of the coins sent). */
function coinToFiatUp(coin: bigint, rate: string, fiatExp: number, coinExp: number): bigint {
  const [w = '0', f = ''] = rate.split('.');
  const num = coin * BigInt(w + f) * 10n ** BigInt(fiatExp);
  const den = 10n ** BigInt(coinExp) * 10n ** BigInt(f.length);
  return ceilDiv(num, den);
}

export type OnchainService = ReturnType<typeof createOnchainService>;

/**
 * Crypto wallets and on-chain transfers: quote (fiat ↔ coin at the FX area's rate, network fee,
 * UK window), confirmation through the one confirmation service (kind 'onchain'), maker-checker
 * approval that holds the funds, broadcast inside the 06:00-12:00 UK window (queued outside it),
 * confirmations counted from the node, settlement on the ledger in one transaction. Every status
 * change writes its postback and audit entry in the transaction of the change.
 */
export function createOnchainService(
  deps: AppDeps,
  chain: Blockchain,
  /** Simulator only: a switch that treats the window as open (demo, journeys outside UK hours). */
  windowOverride: () => Promise<boolean> = async () => false,
) {
  const { db, clock } = deps;

  /** The UK window now, or "open now" while the simulator's override is on. */
  async function windowAt(now: Date) {
    const w = onchainWindow(now);
    if (w.open || !(await windowOverride())) return w;
    return { ...w, open: true, sendAt: now };
  }
  const ledger = () => service(deps, 'ledger');
  const wallets = () => service(deps, 'wallets');
  const confirmations = () => service(deps, 'confirmations');

  async function rateOf(asset: string, fiat: string): Promise<string> {
    try {
      return await service(deps, 'fx').indicativeRate(asset, fiat);
    } catch (err) {
      if (err instanceof DomainError && err.status === 424) {
        throw new DomainError('ONCHAIN_RATE_UNAVAILABLE', { base: asset, quote: fiat });
      }
      throw err;
    }
  }

  /** The company's crypto wallets, opened with deposit addresses on first use (one per asset). */
  async function ensureWallets(merchantId: string, platform: Ctx['platform'] = 'UK') {
    const existing = await repo.addressesOf(db, merchantId);
    const have = new Set(existing.map((a) => a.asset));
    if (ONCHAIN_ASSETS.every((a) => have.has(a))) return existing;
    return inTransaction(db, async (tx) => {
      await repo.lockCompany(tx, merchantId);
      const now = clock.now();
      const again = new Set((await repo.addressesOf(tx, merchantId)).map((a) => a.asset));
      for (const asset of ONCHAIN_ASSETS) {
        if (again.has(asset)) continue;
        const w = await wallets().openWallet(tx, {
          merchantId,
          currency: asset,
          platform,
          uiName: `${asset} crypto wallet`,
        });
        for (const network of ASSET_NETWORKS[asset]) {
          await repo.insertAddress(tx, {
            walletId: w.id,
            network,
            merchantId,
            asset,
            address: chain.newAddress(network),
            createdAt: now,
          });
        }
      }
      return repo.addressesOf(tx, merchantId);
    });
  }

  /** Postback + audit of one status change, in the transaction of the change. */
  async function record(
    tx: Tx,
    t: repo.TransferRow,
    event: string,
    actor: { type: 'user' | 'system'; id: string | null },
    note?: string,
  ) {
    const at = clock.now();
    await enqueuePostback(tx, {
      merchantId: t.merchantId,
      type: 'payout',
      event,
      subjectId: t.id,
      createdAt: at,
      payload: {
        id: t.id,
        kind: 'onchain_transfer',
        status: t.status,
        asset: t.asset,
        network: t.network,
        address: t.address,
        amount: amount(t.coinAmount, t.asset),
        fee: amount(t.fee, t.asset),
        tx_hash: t.txHash,
        ...(note ? { note } : {}),
      },
    });
    await appendAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      action: `onchain_transfer_${event}`,
      subjectType: 'onchain_transfer',
      subjectId: t.id,
      details: { status: t.status, txHash: t.txHash, ...(note ? { note } : {}) },
    });
  }

  async function move(
    tx: Tx,
    t: repo.TransferRow,
    to: TransferStatus,
    patch: Partial<repo.NewTransfer>,
    actor: { type: 'user' | 'system'; id: string | null },
    note?: string,
  ) {
    const next = await repo.updateTransfer(tx, t.id, { ...patch, status: to, updatedAt: clock.now() });
    await record(tx, next, to, actor, note);
    return next;
  }

  /**
   * Everything a transfer must pass before it is confirmed or executed: right, asset/network,
   * paying wallet of the company, amount (fiat or coin), address, rate, fee, window.
   */
  async function prepare(
    principal: UserPrincipal,
    input: TransferInput,
    fixedRate?: { rate: string; expiresAt: string },
  ) {
    if (!principal.rights.has(RIGHT_ACTIONS.onchainTransfer)) throw new DomainError('ONCHAIN_NO_RIGHTS');
    const merchantId = companyOf(principal);
    const { asset, network } = must(checkAssetNetwork(input.asset, input.network));
    const wallet = await wallets()
      .getWalletForMerchant(db, merchantId, input.wallet_id)
      .catch((err: unknown) => {
        if (err instanceof DomainError && err.code === 'WALLET_NOT_FOUND') {
          throw new DomainError(
            'ONCHAIN_WALLET_NOT_FOUND',
            {},
            { fields: { wallet_id: 'ONCHAIN_WALLET_NOT_FOUND' } },
          );
        }
        throw err;
      });
    wallets().assertOutgoingAllowed(wallet);
    const addresses = await repo.addressesOf(db, merchantId);
    const cryptoOf = addresses.find((a) => a.walletId === wallet.id)?.asset;
    const fiat = input.fiat_currency ?? 'USD';
    let funding: string;
    if (cryptoOf) {
      if (cryptoOf !== asset)
        throw new DomainError('ONCHAIN_FUNDING_CURRENCY', { asset, currency: cryptoOf });
      funding = asset;
    } else funding = fiat;

    const typedCoin = input.coin_amount?.trim() ? input.coin_amount : undefined;
    const typedFiat = !typedCoin && input.fiat_amount?.trim() ? input.fiat_amount : undefined;
    if (!typedCoin && !typedFiat) {
      throw refuse({ code: 'ONCHAIN_AMOUNT_REQUIRED', field: 'coin_amount', params: {} });
    }
    const needsRate = funding !== asset || typedFiat !== undefined;
    const now = clock.now();
    let rate: string | null = null;
    let rateExpiresAt: string | null = null;
    if (fixedRate) {
      if (new Date(fixedRate.expiresAt) < now) throw new DomainError('ONCHAIN_QUOTE_EXPIRED');
      rate = fixedRate.rate;
      rateExpiresAt = fixedRate.expiresAt;
    } else if (needsRate) {
      rate = await rateOf(asset, fiat);
      rateExpiresAt = new Date(now.getTime() + ONCHAIN_QUOTE_TTL_MS).toISOString();
    } else {
      // Only shown (fiat equivalent); a rate outage does not stop a coin-to-coin transfer.
      rate = await rateOf(asset, fiat).catch(() => null);
    }
    if (needsRate && !rate) throw new DomainError('ONCHAIN_RATE_UNAVAILABLE', { base: asset, quote: fiat });

    const coinExp = assetExponent(asset);
    const fiatExp = currencyExponent(fiat as CurrencyCode);
    let coin: bigint;
    let fiatValue: bigint | null = null;
    if (typedCoin) {
      coin = must(checkOnchainAmount(typedCoin, asset, 'coin_amount'));
      if (rate) fiatValue = coinToFiatUp(coin, rate, fiatExp, coinExp);
    } else {
      fiatValue = must(checkOnchainAmount(typedFiat ?? '', fiat as CurrencyCode, 'fiat_amount'));
      coin = convertAtRate(fiatValue, 'fiat', rate ?? '0', fiatExp, coinExp);
      if (coin === 0n) throw refuse({ code: 'ONCHAIN_AMOUNT_ZERO', field: 'fiat_amount', params: {} });
    }
    const fee = networkFee(asset, network);
    let debit: bigint;
    let debitFee: bigint;
    if (funding === asset) {
      debit = coin + fee;
      debitFee = fee;
    } else {
      debitFee = coinToFiatUp(fee, rate ?? '0', fiatExp, coinExp);
      debit = (fiatValue ?? 0n) + debitFee;
    }
    const window = await windowAt(now);
    // What the transfer moves: the company's wallet, the coin sent and what the wallet pays.
    const movement = { merchantId, walletId: wallet.id, asset, network, funding, coin, fee, debit, debitFee };
    // The confirmed content (hashed as canonical JSON, so key order does not matter).
    const subject = {
      ...movement,
      userId: principal.userId,
      // A display-only rate (coins paid from the coin wallet) is not part of what is confirmed.
      rate: needsRate ? rate : null,
      rateExpiresAt,
      comments: input.comments,
    };
    const quote = {
      asset,
      network,
      funding_currency: funding,
      fiat_currency: fiat,
      rate,
      coin_amount: amount(coin, asset),
      fiat_amount: fiatValue === null ? null : amount(fiatValue, fiat),
      fee: amount(fee, asset),
      fee_currency: asset,
      total_debit: amount(debit, funding),
      expires_at: rateExpiresAt,
      window_open: window.open,
      send_at: window.sendAt.toISOString(),
      usd_cancel_at: funding === 'USD' ? window.usdCancelAt.toISOString() : null,
      address_warning: null as string | null,
    };
    return { ...movement, rate, subject, quote };
  }

  function withAddress(prepared: Awaited<ReturnType<typeof prepare>>, input: TransferInput) {
    const receiver = must(checkReceiver(prepared.network, input.address, input.accept_warnings));
    prepared.quote.address_warning = receiver.warning;
    return {
      ...prepared,
      address: receiver.address,
      addressWarning: receiver.warning,
      subject: { ...prepared.subject, address: receiver.address },
    };
  }

  async function readTransfer(principal: UserPrincipal, id: string) {
    const t = await repo.findTransfer(db, id, companyOf(principal));
    if (!t) throw new DomainError('ONCHAIN_TRANSFER_NOT_FOUND');
    return t;
  }

  async function confirmationsOf(t: repo.TransferRow): Promise<number> {
    if (!t.txHash) return 0;
    return chain
      .status(db, t.txHash)
      .then((s) => s.confirmations)
      .catch(() => 0);
  }

  /** Sends a queued transfer when its window is open; a node outage leaves it queued (424 to a caller). */
  async function dispatch(id: string): Promise<repo.TransferRow | undefined> {
    const now = clock.now();
    if (!(await windowAt(now)).open) return undefined;
    return inTransaction(db, async (tx) => {
      const t = await repo.lockTransfer(tx, id);
      if (!t || t.status !== 'queued' || (t.sendAt && t.sendAt > now)) return t;
      if (t.cancelAt && t.cancelAt <= now)
        return cancelHeld(tx, t, 'USD-funded transfer not settled by 12:30 UK time');
      const hash = await chain.broadcast(tx, {
        network: t.network,
        asset: t.asset,
        to: t.address,
        amount: t.coinAmount,
      });
      return move(tx, t, 'pending', { txHash: hash, broadcastAt: now }, { type: 'system', id: null });
    });
  }

  async function cancelHeld(tx: Tx, t: repo.TransferRow, note: string) {
    if (t.holdId !== null) await ledger().releaseHold(tx, t.holdId);
    return move(tx, t, 'canceled', { error: note }, { type: 'system', id: null }, note);
  }

  /** Moves one open transfer on: broadcast when due, settle at the required confirmations, drop/fail. */
  async function advance(id: string): Promise<void> {
    const t = await repo.findTransfer(db, id);
    if (!t) return;
    const now = clock.now();
    if (t.status === 'queued') {
      if (t.cancelAt && t.cancelAt <= now) {
        await inTransaction(db, async (tx) => {
          const locked = await repo.lockTransfer(tx, id);
          if (locked?.status === 'queued')
            await cancelHeld(tx, locked, 'USD-funded transfer not settled by 12:30 UK time');
        });
        return;
      }
      await dispatch(id);
      return;
    }
    if (t.status !== 'pending' || !t.txHash) return;
    const s = await chain.status(db, t.txHash);
    if (s.state === 'confirmed' && s.confirmations >= s.required) {
      await settle(id);
      return;
    }
    if (s.state === 'dropped' || s.state === 'failed') {
      await inTransaction(db, async (tx) => {
        const locked = await repo.lockTransfer(tx, id);
        if (locked?.status !== 'pending') return;
        if (locked.holdId !== null) await ledger().releaseHold(tx, locked.holdId);
        const dropped = s.state === 'dropped';
        const note = dropped
          ? 'The transaction was dropped from the mempool; nothing was sent, the hold is released.'
          : 'The transaction failed on chain; the hold is released.';
        await move(
          tx,
          locked,
          dropped ? 'canceled' : 'declined',
          { error: note, errorCode: dropped ? 'TX_DROPPED' : 'TX_FAILED' },
          { type: 'system', id: null },
          note,
        );
      });
      return;
    }
    // USD-funded and still unconfirmed at 12:30 UK: cancel by replacement while possible.
    if (t.cancelAt && t.cancelAt <= now && s.confirmations === 0 && (await chain.cancel(db, t.txHash))) {
      await inTransaction(db, async (tx) => {
        const locked = await repo.lockTransfer(tx, id);
        if (locked?.status === 'pending')
          await cancelHeld(tx, locked, 'USD-funded transfer not settled by 12:30 UK time');
      });
    }
  }

  /** The hold becomes postings, once: the status check under the row lock and the ledger reference. */
  async function settle(id: string): Promise<void> {
    await inTransaction(db, async (tx) => {
      const t = await repo.lockTransfer(tx, id);
      if (!t || t.status !== 'pending' || t.holdId === null) return;
      const asset = t.asset;
      const description = `On-chain ${asset} (${NETWORKS[t.network].label}) tx ${t.txHash}`;
      const details = { description, counterparty: t.address, method: 'ONCHAIN' };
      const now = clock.now();
      let entryId: number;
      if (t.fundingCurrency === asset) {
        const entry = await ledger().settleHold(tx, t.holdId, {
          counterAccount: await ledger().systemAccount(tx, 'payout_clearing', asset),
          fee: { amount: t.fee, account: await ledger().systemAccount(tx, 'fee_income', asset) },
          kind: 'payout',
          reference: `onchain:${t.id}`,
          details,
        });
        entryId = entry.id;
      } else {
        // Fiat leg: the wallet pays the provider's FX position; coin leg: the position sends the coins.
        const entry = await ledger().settleHold(tx, t.holdId, {
          counterAccount: await ledger().systemAccount(tx, 'fx_position', t.fundingCurrency),
          fee: {
            amount: t.debitFee,
            account: await ledger().systemAccount(tx, 'fee_income', t.fundingCurrency),
          },
          kind: 'payout',
          reference: `onchain:${t.id}`,
          details: {
            ...details,
            description: `${description} (${amount(t.coinAmount, asset)} ${asset} at ${t.rate})`,
          },
        });
        await ledger().postEntry(tx, {
          kind: 'fx',
          reference: `onchain-coins:${t.id}`,
          details,
          postings: [
            {
              accountId: await ledger().systemAccount(tx, 'fx_position', asset),
              amount: -(t.coinAmount + t.fee),
            },
            {
              accountId: await ledger().systemAccount(tx, 'payout_clearing', asset),
              amount: t.coinAmount + t.fee,
            },
          ],
        });
        entryId = entry.id;
      }
      await move(tx, t, 'settled', { entryId, settledAt: now }, { type: 'system', id: null });
    });
  }

  /** What an approver confirms (issue 17): the coin amount and asset, the network and the address. */
  async function approvalLines(principal: UserPrincipal, id: string): Promise<ApprovalLine[]> {
    if (!principal.rights.has(RIGHT_ACTIONS.approve)) throw new DomainError('NO_RIGHTS_APPROVE');
    const t = await readTransfer(principal, id);
    return [{ id: t.id, amount: t.coinAmount, currency: t.asset, payee: t.network, account: t.address }];
  }

  async function approveOne(principal: UserPrincipal, id: string, confirmed?: (tx: Tx) => Promise<void>) {
    if (!principal.rights.has(RIGHT_ACTIONS.approve)) throw new DomainError('NO_RIGHTS_APPROVE');
    const merchantId = companyOf(principal);
    const current = await readTransfer(principal, id);
    // The node is asked first: during an outage nothing changes and the caller gets the 424.
    await chain.assertAvailable(db, current.network);
    const now = clock.now();
    const w = await windowAt(now);
    try {
      await inTransaction(db, async (tx) => {
        const t = await repo.lockTransfer(tx, id, merchantId);
        if (!t) throw new DomainError('ONCHAIN_TRANSFER_NOT_FOUND');
        if (t.status !== 'created') {
          throw new DomainError('ONCHAIN_ACTION_NOT_ALLOWED', { status: t.status, action: 'approved' });
        }
        if (t.createdBy === principal.userId && !principal.rights.has(RIGHT_ACTIONS.approveOwn)) {
          throw new DomainError('NO_RIGHTS_APPROVE_OWN');
        }
        const holdId = await ledger().placeHold(tx, {
          walletId: t.walletId,
          currency: t.fundingCurrency,
          amount: t.debitAmount,
          reference: `onchain:${t.id}`,
        });
        // The approver's confirmation is used up with the approval it authorised.
        await confirmed?.(tx);
        return move(
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
        await repo.updateTransfer(db, id, { error: err.message, errorCode: err.code, updatedAt: now });
        throw new DomainError(
          'ONCHAIN_CREATED_NOT_APPROVED',
          { reason_code: err.code, reason: err.message },
          { extra: { transfer_id: id, reason_code: err.code } },
        );
      }
      throw err;
    }
    try {
      await dispatch(id);
    } catch (err) {
      // Approved and held; the sweep sends it when the node answers again. Nothing is lost.
      if (!(err instanceof DomainError && err.status === 424)) throw err;
    }
    // Inside an idempotent call the job leaves after the call commits (jobs queue through
    // afterCommit); the sweep is the safety net if the send is lost.
    await deps.jobs.send(ONCHAIN_DISPATCH_JOB, { id }, { startAfterSeconds: 1 }).catch(() => undefined);
  }

  return {
    ensureWallets,
    advance,
    settle,

    /** Assets, networks, fees, required confirmations and the window now (the dialog's reference data). */
    async info() {
      const w = await windowAt(clock.now());
      return {
        assets: ONCHAIN_ASSETS.map((asset) => ({
          asset,
          exponent: assetExponent(asset),
          networks: ASSET_NETWORKS[asset].map((network) => ({
            network,
            label: NETWORKS[network].label,
            fee: amount(networkFee(asset, network), asset),
            required_confirmations: NETWORKS[network].requiredConfirmations,
            tx_id_example: NETWORKS[network].txIdExample,
          })),
        })),
        window_open: w.open,
        send_at: w.sendAt.toISOString(),
        closes_at: w.closesAt.toISOString(),
        usd_cancel_at: w.usdCancelAt.toISOString(),
      };
    },

    /**
     * Coins arriving at one of the companies' deposit addresses (simulator, demo): credited to the
     * crypto wallet once per Trx ID. Deposits to other addresses (escrow deals) are left to their owner.
     */
    async creditDeposit(address: string, asset: string, minor: bigint, trxId: string) {
      const own = await repo.addressByText(db, address);
      if (!own || own.asset !== asset || minor <= 0n) return false;
      await inTransaction(db, async (tx) => {
        await wallets().recordPayIn(tx, {
          walletId: own.walletId,
          currency: asset,
          amount: minor,
          reference: `onchain-deposit:${trxId}`,
          details: {
            description: `On-chain deposit ${asset} (${NETWORKS[own.network].label}) tx ${trxId}`,
            counterparty: address,
            method: 'ONCHAIN',
          },
        });
      });
      return true;
    },

    async wallets(ctx: Ctx) {
      const merchantId = companyOf(ctx.principal);
      const addresses = await ensureWallets(merchantId, ctx.platform);
      const byWallet = new Map<number, repo.AddressRow[]>();
      for (const a of addresses) byWallet.set(a.walletId, [...(byWallet.get(a.walletId) ?? []), a]);
      const out = [];
      for (const [walletId, list] of byWallet) {
        const asset = list[0]?.asset as OnchainAsset;
        const w = await wallets().getWalletForMerchant(db, merchantId, walletId);
        const b = (await ledger().balances(db, walletId)).find((x) => x.currency === asset);
        out.push({
          wallet_id: String(walletId),
          wallet_uuid: w.uuid,
          asset,
          ui_name: w.uiName,
          balance: amount(b?.balance ?? 0n, asset),
          available: amount(b?.available ?? 0n, asset),
          addresses: list.map((a) => ({ network: a.network, address: a.address })),
        });
      }
      return out.sort((a, b) => ONCHAIN_ASSETS.indexOf(a.asset) - ONCHAIN_ASSETS.indexOf(b.asset));
    },

    async quote(
      principal: UserPrincipal,
      input: Omit<TransferInput, 'address'> & { address?: string | undefined },
    ) {
      const prepared = await prepare(principal, { ...input, address: input.address ?? '' });
      if (input.address?.trim() && isOnchainAsset(prepared.asset)) {
        const r = checkReceiver(prepared.network, input.address, true);
        prepared.quote.address_warning = r.ok ? r.value.warning : null;
      }
      return prepared.quote;
    },

    async challenge(ctx: Ctx, input: TransferInput) {
      const prepared = withAddress(await prepare(ctx.principal, input), input);
      const c = await confirmations().challenge(db, {
        userId: ctx.principal.userId,
        merchantId: prepared.merchantId,
        kind: 'onchain',
        subject: prepared.subject,
      });
      return {
        confirmation: { challenge_id: c.id, expires_at: c.expiresAt.toISOString() },
        quote: prepared.quote,
      };
    },

    async create(
      ctx: Ctx,
      input: TransferInput & { rate?: string | undefined; rate_expires_at?: string | undefined },
      proof: ScaProof,
    ) {
      const principal = ctx.principal;
      const fixed =
        input.rate && input.rate_expires_at
          ? { rate: input.rate, expiresAt: input.rate_expires_at }
          : undefined;
      const prepared = withAddress(await prepare(principal, input, fixed), input);
      const { step } = await confirmations().verify(db, {
        userId: principal.userId,
        merchantId: prepared.merchantId,
        kind: 'onchain',
        subject: prepared.subject,
        proof,
        meta: { ip: ctx.ip, userAgent: ctx.userAgent, sessionId: principal.sessionId },
      });
      const now = clock.now();
      const created = await inTransaction(db, async (tx) => {
        const t = await repo.insertTransfer(tx, {
          merchantId: prepared.merchantId,
          walletId: prepared.walletId,
          fundingCurrency: prepared.funding,
          asset: prepared.asset,
          network: prepared.network,
          address: prepared.address,
          addressWarning: prepared.addressWarning,
          coinAmount: prepared.coin,
          fee: prepared.fee,
          debitAmount: prepared.debit,
          debitFee: prepared.debitFee,
          rate: prepared.rate,
          status: 'created',
          comments: input.comments,
          createdBy: principal.userId,
          createdAt: now,
          updatedAt: now,
        });
        await confirmations().consume(tx, {
          userId: principal.userId,
          challengeId: proof.challengeId,
          step,
          subjectRef: t.id,
        });
        await record(tx, t, 'created', { type: 'user', id: principal.userId });
        return t;
      });
      return transferView(created, principal, 0);
    },

    async list(
      principal: UserPrincipal,
      page: number,
      rows: number,
      body: { status?: TransferStatus | undefined; asset?: string | undefined },
    ) {
      const { rows: list, total } = await repo.listTransfers(db, {
        merchantId: companyOf(principal),
        status: body.status,
        asset: body.asset,
        offset: (page - 1) * rows,
        limit: rows,
      });
      const views = await Promise.all(
        list.map(async (t) => transferView(t, principal, await confirmationsOf(t))),
      );
      return { transfers: views, total };
    },

    async get(principal: UserPrincipal, id: string) {
      let t = await readTransfer(principal, id);
      // Reading a pending transfer also moves it on (settles when its confirmations are in).
      if (t.status === 'pending' || t.status === 'queued') {
        await advance(id).catch(() => undefined);
        t = await readTransfer(principal, id);
      }
      return transferView(t, principal, await confirmationsOf(t));
    },

    async approvalChallenge(principal: UserPrincipal, id: string) {
      return confirmations().approvalChallenge(db, {
        kind: 'onchain_approval',
        userId: principal.userId,
        merchantId: companyOf(principal),
        lines: await approvalLines(principal, id),
      });
    },

    async approve(ctx: Ctx, id: string, proof: ScaProof) {
      const principal = ctx.principal;
      const { step } = await confirmations().verifyApproval(db, {
        kind: 'onchain_approval',
        userId: principal.userId,
        merchantId: companyOf(principal),
        lines: await approvalLines(principal, id),
        proof,
        meta: { ip: ctx.ip, userAgent: ctx.userAgent, sessionId: principal.sessionId },
      });
      await approveOne(principal, id, (tx) =>
        confirmations().consume(tx, {
          userId: principal.userId,
          challengeId: proof.challengeId,
          step,
          subjectRef: id,
        }),
      );
      const t = await readTransfer(principal, id);
      return transferView(t, principal, await confirmationsOf(t));
    },

    async cancel(principal: UserPrincipal, id: string) {
      const merchantId = companyOf(principal);
      await inTransaction(db, async (tx) => {
        const t = await repo.lockTransfer(tx, id, merchantId);
        if (!t) throw new DomainError('ONCHAIN_TRANSFER_NOT_FOUND');
        if (t.createdBy !== principal.userId && !principal.rights.has(RIGHT_ACTIONS.cancel)) {
          throw new DomainError('NO_RIGHTS_CANCEL');
        }
        if (t.status !== 'created' && t.status !== 'queued') {
          throw new DomainError('ONCHAIN_ACTION_NOT_ALLOWED', { status: t.status, action: 'canceled' });
        }
        if (t.holdId !== null) await ledger().releaseHold(tx, t.holdId);
        await move(tx, t, 'canceled', {}, { type: 'user', id: principal.userId }, 'Cancelled by the user');
      });
      const t = await readTransfer(principal, id);
      return transferView(t, principal, 0);
    },

    /** The sweep: every due queued transfer and every pending one, each on its own. */
    async runDue(): Promise<number> {
      const ids = await repo.openTransferIds(db, clock.now());
      let n = 0;
      for (const id of ids) {
        try {
          await advance(id);
          n++;
        } catch (err) {
          if (!(err instanceof DomainError && err.status === 424)) throw err;
        }
      }
      return n;
    },
  };
}
