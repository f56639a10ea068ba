import { randomBytes } from 'node:crypto';
import { service, type AppDeps } from '../../deps.ts';
import type { DemoSeedContext } from '../module.ts';

/** Demo: the demo company's crypto wallets with deposit addresses and a USDT and BTC balance. */
export async function seedOnchain(deps: AppDeps, ctx: DemoSeedContext): Promise<void> {
  const merchantId = ctx.ids.demoCompanyId;
  if (!merchantId) return;
  const onchain = service(deps, 'onchain');
  const addresses = await onchain.ensureWallets(merchantId);
  const deposit = async (asset: string, network: string, minor: bigint) => {
    const a = addresses.find((x) => x.asset === asset && x.network === network);
    if (a) await onchain.creditDeposit(a.address, asset, minor, `seed-${randomBytes(8).toString('hex')}`);
  };
  await deposit('USDT', 'ethereum', 25_000_000_000n); // 25,000 USDT
  await deposit('BTC', 'bitcoin', 150_000_000n); // 1.5 BTC
  await deposit('USDC', 'ethereum', 5_000_000_000n); // 5,000 USDC
}
