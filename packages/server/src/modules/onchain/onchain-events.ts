import type { OnchainAsset, TransferStatus } from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { enqueuePostback } from '../postbacks/postbacks.service.ts';
import type { OnchainContext } from './onchain-context.ts';
import * as repo from './onchain.repo.ts';
import { amount } from './onchain.view.ts';

/** Postback + audit of one status change, in the transaction of the change. */
export async function record(
  oc: OnchainContext,
  tx: Tx,
  t: repo.TransferRow,
  event: string,
  actor: { type: 'user' | 'system'; id: string | null },
  note?: string,
) {
  const at = oc.clock.now();
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
      asset: t.asset as OnchainAsset,
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

/** Moves a transfer to `to` and records the change, in `tx`. */
export async function move(
  oc: OnchainContext,
  tx: Tx,
  t: repo.TransferRow,
  to: TransferStatus,
  patch: Partial<repo.NewTransfer>,
  actor: { type: 'user' | 'system'; id: string | null },
  note?: string,
) {
  const next = await repo.updateTransfer(tx, t.id, { ...patch, status: to, updatedAt: oc.clock.now() });
  await record(oc, tx, next, to, actor, note);
  return next;
}
