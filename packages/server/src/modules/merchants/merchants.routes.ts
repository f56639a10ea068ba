import { apiRoutes } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';
import type { MerchantsService } from './merchants.service.ts';

export function registerMerchantsRoutes(app: FastifyInstance, deps: AppDeps, merchants: MerchantsService) {
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
}
