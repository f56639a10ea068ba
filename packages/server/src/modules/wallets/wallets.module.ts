import type { AppModule } from '../module.ts';
import { seedDemoAccounts } from './demo-seed.ts';
import { createWalletBalancesService } from './wallet-balances.service.ts';
import { registerWalletRoutes } from './wallets.routes.ts';
import { createWalletsService, type WalletsService } from './wallets.service.ts';

declare module '../../deps.ts' {
  interface ServiceRegistry {
    /** openCompanyWallets (boarding go-live), getWalletForMerchant (404 for another company), recordPayIn. */
    wallets: WalletsService;
    walletBalances: ReturnType<typeof createWalletBalancesService>;
  }
}

export const walletsModule: AppModule = {
  name: 'wallets',
  register(app, deps) {
    deps.services.wallets = createWalletsService(deps);
    deps.services.walletBalances = createWalletBalancesService(deps);
    registerWalletRoutes(app, deps);
  },
  seed: seedDemoAccounts,
};
