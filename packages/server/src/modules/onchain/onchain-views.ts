import {
  ASSET_NETWORKS,
  assetExponent,
  NETWORKS,
  networkFee,
  ONCHAIN_ASSETS,
  type TransferStatus,
} from '@portal/domain';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { companyOf, type OnchainContext, windowAt } from './onchain-context.ts';
import { advance } from './onchain-settlement.ts';
import * as repo from './onchain.repo.ts';
import { amount, transferView } from './onchain.view.ts';

/** What the on-chain pages read: reference data, the transfer list and one transfer. */

export async function readTransfer(oc: OnchainContext, principal: UserPrincipal, id: string) {
  const t = await repo.findTransfer(oc.db, id, companyOf(principal));
  if (!t) throw new DomainError('ONCHAIN_TRANSFER_NOT_FOUND');
  return t;
}

export async function confirmationsOf(oc: OnchainContext, t: repo.TransferRow): Promise<number> {
  if (!t.txHash) return 0;
  return oc.chain
    .status(oc.db, t.txHash)
    .then((s) => s.confirmations)
    .catch(() => 0);
}

/** Assets, networks, fees, required confirmations and the window now (the dialog's reference data). */
export async function info(oc: OnchainContext) {
  const w = await windowAt(oc, oc.clock.now());
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
}

export async function list(
  oc: OnchainContext,
  principal: UserPrincipal,
  page: number,
  rows: number,
  body: { status?: TransferStatus | undefined; asset?: string | undefined },
) {
  const { rows: list, total } = await repo.listTransfers(oc.db, {
    merchantId: companyOf(principal),
    status: body.status,
    asset: body.asset,
    offset: (page - 1) * rows,
    limit: rows,
  });
  const views = await Promise.all(
    list.map(async (t) => transferView(t, principal, await confirmationsOf(oc, t))),
  );
  return { transfers: views, total };
}

export async function get(oc: OnchainContext, principal: UserPrincipal, id: string) {
  let t = await readTransfer(oc, principal, id);
  // Reading a pending transfer also moves it on (settles when its confirmations are in).
  if (t.status === 'pending' || t.status === 'queued') {
    await advance(oc, id).catch(() => undefined);
    t = await readTransfer(oc, principal, id);
  }
  return transferView(t, principal, await confirmationsOf(oc, t));
}
