import type { AppModule } from '../module.ts';
import { registerMerchantsRoutes } from './merchants.routes.ts';
import { createMerchantsService, type MerchantsService } from './merchants.service.ts';

declare module '../../deps.ts' {
  interface ServiceRegistry {
    merchants: MerchantsService;
  }
}

/** Companies (merchants) as spec §7 "Merchants" reads them. */
export const merchantsModule: AppModule = {
  name: 'merchants',
  register(app, deps) {
    const merchants = createMerchantsService(deps.db);
    deps.services.merchants = merchants;
    registerMerchantsRoutes(app, deps, merchants);
  },
};
