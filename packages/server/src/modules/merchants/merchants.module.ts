import { apiRoutes } from '@portal/domain';
import { registerRoute } from '../../http/register.ts';
import type { AppModule } from '../module.ts';
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
    registerRoute(app, deps, apiRoutes.merchantData, async ({ params }, ctx) => ({
      success: true as const,
      merchant_data: await merchants.data(ctx.principal, params.id),
    }));
    registerRoute(app, deps, apiRoutes.companyMerchants, async ({ params, body }, ctx) => ({
      success: true as const,
      ...(await merchants.list(ctx.principal, body.merchant_name, params.page, params.rows)),
    }));
    registerRoute(app, deps, apiRoutes.companyMerchantsCount, async ({ body }, ctx) => ({
      success: true as const,
      quantity: await merchants.count(ctx.principal, body.merchant_name),
    }));
  },
};
