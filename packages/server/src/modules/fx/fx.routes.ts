import { apiRoutes } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, service } from '../../deps.ts';
import { proofOf } from '../../http/confirmation-proof.ts';
import { assertAdminGroup } from '../../http/principal.ts';
import { registerRoute } from '../../http/register.ts';

const done = true as const;

/** FX (spec §1, §3): parse, call one service function, answer. */
export function registerFxRoutes(app: FastifyInstance, deps: AppDeps): void {
  const fx = () => service(deps, 'fx');

  registerRoute(app, deps, apiRoutes.fxPairs, async ({ params }, ctx) => ({
    success: done,
    pairs: await fx().pairs(ctx.principal, params.merchantId, params.currency),
  }));

  registerRoute(app, deps, apiRoutes.fxIndicativeRate, async ({ params }, ctx) => ({
    success: done,
    ...(await fx().clientRate(ctx.principal, params.sell, params.buy)),
  }));

  registerRoute(app, deps, apiRoutes.fxBookingWindow, async (_input, ctx) => ({
    success: done,
    ...fx().bookingWindow(ctx.principal),
  }));

  registerRoute(app, deps, apiRoutes.fxQuote, async ({ body }, ctx) => ({
    success: done,
    quote: await fx().quote(ctx, body),
  }));

  registerRoute(app, deps, apiRoutes.fxConfirm, async ({ body }, ctx) => ({
    success: done,
    exchange: await fx().confirm(ctx, body),
  }));

  registerRoute(app, deps, apiRoutes.fxList, async ({ params, body }, ctx) => ({
    success: done,
    ...(await fx().list(ctx.principal, params.page, params.rows, body)),
  }));

  registerRoute(app, deps, apiRoutes.fxGet, async ({ params }, ctx) => ({
    success: done,
    exchange: await fx().get(ctx.principal, params.id),
  }));

  registerRoute(app, deps, apiRoutes.fxApprovalChallenge, async ({ params }, ctx) => ({
    success: done,
    confirmation: await fx().approvalChallenge(ctx.principal, params.id),
  }));

  registerRoute(app, deps, apiRoutes.fxApprove, async ({ params, body }, ctx) => ({
    success: done,
    exchange: await fx().approve(ctx, params.id, proofOf(body)),
  }));

  registerRoute(app, deps, apiRoutes.fxReject, async ({ params }, ctx) => ({
    success: done,
    exchange: await fx().reject(ctx, params.id),
  }));

  registerRoute(app, deps, apiRoutes.fxCancel, async ({ params }, ctx) => ({
    success: done,
    exchange: await fx().cancel(ctx, params.id),
  }));

  // The simulated liquidity provider's outage switch is a simulator control (issue 34): only while
  // the simulator is on, and for the admin group only.
  if (!deps.config.simulator) return;
  registerRoute(app, deps, apiRoutes.fxProviderOutage, async ({ body }, ctx) => {
    assertAdminGroup(ctx.principal);
    fx().setOutage(body.outage);
    return { success: done, outage: fx().outage() };
  });
}
