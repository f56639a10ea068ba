import { createBlockchainSimulator } from '../../adapters/blockchain/blockchain.ts';
import { startSweep } from '../../jobs/sweep.ts';
import type { AppModule } from '../module.ts';
import { createEscrowService, ESCROW_EXPIRE_JOB, type EscrowService } from './escrow.service.ts';
import { registerOnchainRoutes } from './onchain.routes.ts';
import { seedOnchain } from './onchain.seed.ts';
import { createOnchainService, ONCHAIN_DISPATCH_JOB, type OnchainService } from './onchain.service.ts';

declare module '../../deps.ts' {
  interface ServiceRegistry {
    /** Crypto wallets and on-chain transfers. */
    onchain: OnchainService;
    /** Escrow blockchain deals. */
    escrow: EscrowService;
  }
}

/** How often each server process moves open transfers and deals on (confirmations, window, expiry). */
const SWEEP_MS = 3_000;

export const onchainModule: AppModule = {
  name: 'onchain',
  register(app, deps) {
    const chain = createBlockchainSimulator(deps.clock);
    const onchain = createOnchainService(deps, chain, async () =>
      deps.config.simulator ? (await chain.state(deps.db)).windowOpen : false,
    );
    const escrow = createEscrowService(deps, chain);
    deps.services.onchain = onchain;
    deps.services.escrow = escrow;
    deps.jobs.work<{ id: string }>(ONCHAIN_DISPATCH_JOB, async ({ id }) => {
      await onchain.advance(id);
    });
    deps.jobs.work<{ id: string }>(ESCROW_EXPIRE_JOB, async () => {
      await escrow.expireDue();
    });
    startSweep(app, deps, {
      name: 'onchain sweep',
      everyMs: SWEEP_MS,
      run: () => Promise.all([onchain.runDue(), escrow.expireDue()]),
      exclusive: true,
    });
    registerOnchainRoutes(app, deps, chain);
  },
  seed: seedOnchain,
};
