import { ASSET_NETWORKS, NETWORKS, ONCHAIN_ASSETS, type OnchainAsset } from '@portal/domain';
import { inTransaction } from '../../db/tx.ts';
import { companyOf, type Ctx, type OnchainContext } from './onchain-context.ts';
import * as repo from './onchain.repo.ts';
import { amount } from './onchain.view.ts';

/** The company's crypto wallets: opened with deposit addresses on first use, listed, credited. */

/** The company's crypto wallets, opened with deposit addresses on first use (one per asset). */
export async function ensureWallets(
  oc: OnchainContext,
  merchantId: string,
  platform: Ctx['platform'] = 'UK',
) {
  const existing = await repo.addressesOf(oc.db, merchantId);
  const have = new Set(existing.map((a) => a.asset));
  if (ONCHAIN_ASSETS.every((a) => have.has(a))) return existing;
  return inTransaction(oc.db, async (tx) => {
    await repo.lockCompany(tx, merchantId);
    const now = oc.clock.now();
    const again = new Set((await repo.addressesOf(tx, merchantId)).map((a) => a.asset));
    for (const asset of ONCHAIN_ASSETS) {
      if (again.has(asset)) continue;
      const w = await oc.wallets().openWallet(tx, {
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
          address: oc.chain.newAddress(network),
          createdAt: now,
        });
      }
    }
    return repo.addressesOf(tx, merchantId);
  });
}

/**
 * Coins arriving at one of the companies' deposit addresses (simulator, demo): credited to the
 * crypto wallet once per Trx ID. Deposits to other addresses (escrow deals) are left to their owner.
 */
export async function creditDeposit(
  oc: OnchainContext,
  address: string,
  asset: string,
  minor: bigint,
  trxId: string,
) {
  const own = await repo.addressByText(oc.db, address);
  if (!own || own.asset !== asset || minor <= 0n) return false;
  await inTransaction(oc.db, async (tx) => {
    await oc.wallets().recordPayIn(tx, {
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
}

export async function walletsOf(oc: OnchainContext, ctx: Ctx) {
  const merchantId = companyOf(ctx.principal);
  const addresses = await ensureWallets(oc, merchantId, ctx.platform);
  const byWallet = new Map<number, repo.AddressRow[]>();
  for (const a of addresses) byWallet.set(a.walletId, [...(byWallet.get(a.walletId) ?? []), a]);
  const out = [];
  for (const [walletId, list] of byWallet) {
    const asset = list[0]?.asset as OnchainAsset;
    const w = await oc.wallets().getWalletForMerchant(oc.db, merchantId, walletId);
    const b = (await oc.ledger().balances(oc.db, walletId)).find((x) => x.currency === asset);
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
}
