import { NETWORKS } from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { DomainError } from '../../http/errors.ts';
import { type OnchainContext, windowAt } from './onchain-context.ts';
import { move } from './onchain-events.ts';
import * as repo from './onchain.repo.ts';
import { amount } from './onchain.view.ts';

/**
 * An approved transfer's life on chain: broadcast inside the UK window, confirmations counted
 * from the node, settlement on the ledger in one transaction, drop/failure/late cancellation.
 */

/** Sends a queued transfer when its window is open; a node outage leaves it queued (424 to a caller). */
export async function dispatch(oc: OnchainContext, id: string): Promise<repo.TransferRow | undefined> {
  const now = oc.clock.now();
  if (!(await windowAt(oc, now)).open) return undefined;
  return inTransaction(oc.db, async (tx) => {
    const t = await repo.lockTransfer(tx, id);
    if (!t || t.status !== 'queued' || (t.sendAt && t.sendAt > now)) return t;
    if (t.cancelAt && t.cancelAt <= now)
      return cancelHeld(oc, tx, t, 'USD-funded transfer not settled by 12:30 UK time');
    const hash = await oc.chain.broadcast(tx, {
      network: t.network,
      asset: t.asset,
      to: t.address,
      amount: t.coinAmount,
    });
    return move(oc, tx, t, 'pending', { txHash: hash, broadcastAt: now }, { type: 'system', id: null });
  });
}

async function cancelHeld(oc: OnchainContext, tx: Tx, t: repo.TransferRow, note: string) {
  if (t.holdId !== null) await oc.ledger().releaseHold(tx, t.holdId);
  return move(oc, tx, t, 'canceled', { error: note }, { type: 'system', id: null }, note);
}

/** Moves one open transfer on: broadcast when due, settle at the required confirmations, drop/fail. */
export async function advance(oc: OnchainContext, id: string): Promise<void> {
  const t = await repo.findTransfer(oc.db, id);
  if (!t) return;
  const now = oc.clock.now();
  if (t.status === 'queued') {
    if (t.cancelAt && t.cancelAt <= now) {
      await inTransaction(oc.db, async (tx) => {
        const locked = await repo.lockTransfer(tx, id);
        if (locked?.status === 'queued')
          await cancelHeld(oc, tx, locked, 'USD-funded transfer not settled by 12:30 UK time');
      });
      return;
    }
    await dispatch(oc, id);
    return;
  }
  if (t.status !== 'pending' || !t.txHash) return;
  const s = await oc.chain.status(oc.db, t.txHash);
  if (s.state === 'confirmed' && s.confirmations >= s.required) {
    await settle(oc, id);
    return;
  }
  if (s.state === 'dropped' || s.state === 'failed') {
    await inTransaction(oc.db, async (tx) => {
      const locked = await repo.lockTransfer(tx, id);
      if (locked?.status !== 'pending') return;
      if (locked.holdId !== null) await oc.ledger().releaseHold(tx, locked.holdId);
      const dropped = s.state === 'dropped';
      const note = dropped
        ? 'The transaction was dropped from the mempool; nothing was sent, the hold is released.'
        : 'The transaction failed on chain; the hold is released.';
      await move(
        oc,
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
  if (t.cancelAt && t.cancelAt <= now && s.confirmations === 0 && (await oc.chain.cancel(oc.db, t.txHash))) {
    await inTransaction(oc.db, async (tx) => {
      const locked = await repo.lockTransfer(tx, id);
      if (locked?.status === 'pending')
        await cancelHeld(oc, tx, locked, 'USD-funded transfer not settled by 12:30 UK time');
    });
  }
}

/** The hold becomes postings, once: the status check under the row lock and the ledger reference. */
export async function settle(oc: OnchainContext, id: string): Promise<void> {
  await inTransaction(oc.db, async (tx) => {
    const t = await repo.lockTransfer(tx, id);
    if (!t || t.status !== 'pending' || t.holdId === null) return;
    const asset = t.asset;
    const description = `On-chain ${asset} (${NETWORKS[t.network].label}) tx ${t.txHash}`;
    const details = { description, counterparty: t.address, method: 'ONCHAIN' };
    const now = oc.clock.now();
    let entryId: number;
    if (t.fundingCurrency === asset) {
      const entry = await oc.ledger().settleHold(tx, t.holdId, {
        counterAccount: await oc.ledger().systemAccount(tx, 'payout_clearing', asset),
        fee: { amount: t.fee, account: await oc.ledger().systemAccount(tx, 'fee_income', asset) },
        kind: 'payout',
        reference: `onchain:${t.id}`,
        details,
      });
      entryId = entry.id;
    } else {
      // Fiat leg: the wallet pays the provider's FX position; coin leg: the position sends the coins.
      const entry = await oc.ledger().settleHold(tx, t.holdId, {
        counterAccount: await oc.ledger().systemAccount(tx, 'fx_position', t.fundingCurrency),
        fee: {
          amount: t.debitFee,
          account: await oc.ledger().systemAccount(tx, 'fee_income', t.fundingCurrency),
        },
        kind: 'payout',
        reference: `onchain:${t.id}`,
        details: {
          ...details,
          description: `${description} (${amount(t.coinAmount, asset)} ${asset} at ${t.rate})`,
        },
      });
      await oc.ledger().postEntry(tx, {
        kind: 'fx',
        reference: `onchain-coins:${t.id}`,
        details,
        postings: [
          {
            accountId: await oc.ledger().systemAccount(tx, 'fx_position', asset),
            amount: -(t.coinAmount + t.fee),
          },
          {
            accountId: await oc.ledger().systemAccount(tx, 'payout_clearing', asset),
            amount: t.coinAmount + t.fee,
          },
        ],
      });
      entryId = entry.id;
    }
    await move(oc, tx, t, 'settled', { entryId, settledAt: now }, { type: 'system', id: null });
  });
}

/** The sweep: every due queued transfer and every pending one, each on its own. */
export async function runDue(oc: OnchainContext): Promise<number> {
  const ids = await repo.openTransferIds(oc.db, oc.clock.now());
  let n = 0;
  for (const id of ids) {
    try {
      await advance(oc, id);
      n++;
    } catch (err) {
      if (!(err instanceof DomainError && err.status === 424)) throw err;
    }
  }
  return n;
}
