import { apiRoutes } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';
import type { OperatorToolsService } from './operator-tools.service.ts';

const meta = (ctx: { ip: string; userAgent: string }) => ({ ip: ctx.ip, userAgent: ctx.userAgent });

export function registerOperatorToolsRoutes(app: FastifyInstance, deps: AppDeps, s: OperatorToolsService) {
  const r = apiRoutes;
  registerRoute(app, deps, r.opStaffHome, async () => ({ success: true as const, queues: await s.queues() }));
  registerRoute(app, deps, r.opToolCompanies, async () => ({
    success: true as const,
    companies: await s.companies(),
  }));
  registerRoute(app, deps, r.opToolWallets, async ({ params }) => ({
    success: true as const,
    wallets: await s.wallets(params.merchantId),
  }));
  registerRoute(app, deps, r.opToolWalletStatus, async ({ params, body }, ctx) => ({
    success: true as const,
    wallet: await s.setWalletStatus(params.id, body.status, body.reason, ctx.principal.userId, meta(ctx)),
  }));
  registerRoute(app, deps, r.opToolAddMembership, async ({ body }, ctx) => ({
    success: true as const,
    membership: await s.addMembership(
      { email: body.email, merchantId: body.merchant_id, type: body.type, rights: body.access_rights },
      ctx.principal.userId,
      meta(ctx),
    ),
  }));
}
