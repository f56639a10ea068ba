import { type OnchainAsset, type OnchainNetwork, toMinor } from '@portal/domain';
import type { BlockchainSimulator } from '../../adapters/blockchain/blockchain.ts';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import * as repo from './onchain.repo.ts';

/**
 * The blockchain simulator's counterparty deposit (admin group, simulator on): coins sent to an
 * address of the company the caller names. Naming the company keeps a slip of the operator's
 * (or a guessed address) from crediting another company (issue 34).
 */
export function createOnchainSimDeposits(deps: AppDeps, chain: BlockchainSimulator) {
  return {
    async deposit(
      merchantId: string,
      input: { network: OnchainNetwork; ticker: OnchainAsset; address: string; amount: string },
    ): Promise<string> {
      if ((await repo.addressOwner(deps.db, input.address)) !== merchantId)
        throw new DomainError('ONCHAIN_SIM_ADDRESS_NOT_FOUND');
      let minor: bigint;
      try {
        minor = toMinor(input.amount, input.ticker);
      } catch {
        throw new DomainError('ONCHAIN_AMOUNT_DECIMALS', { currency: input.ticker, max: 'the asset' });
      }
      const trxId = await chain.deposit(deps.db, {
        network: input.network,
        asset: input.ticker,
        to: input.address,
        amount: minor,
      });
      await service(deps, 'onchain').creditDeposit(input.address, input.ticker, minor, trxId);
      return trxId;
    },
  };
}
