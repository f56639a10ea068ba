import { apiRoutes } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, service } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';
import { createHostedPaySimulator } from './payment-requests.simulator.ts';

const done = true as const;

/** Pay-in terminal (issue 14): parse, call one service function, answer. */
export function registerPaymentRequestRoutes(app: FastifyInstance, deps: AppDeps): void {
  const pr = () => service(deps, 'paymentRequests');

  registerRoute(app, deps, apiRoutes.paymentRequestCreate, async ({ body }, ctx) => ({
    success: done,
    payment_request: await pr().create(ctx, body),
  }));

  registerRoute(app, deps, apiRoutes.paymentRequestList, async ({ params, body }, ctx) => ({
    success: done,
    ...(await pr().list(ctx.principal, params.page, params.rows, body)),
  }));

  registerRoute(app, deps, apiRoutes.paymentRequestVirtualAccounts, async ({ query }, ctx) => ({
    success: done,
    virtual_accounts: await pr().virtualAccounts(ctx.principal, query.currency),
  }));

  registerRoute(app, deps, apiRoutes.paymentRequestGet, async ({ params }, ctx) => ({
    success: done,
    ...(await pr().get(ctx.principal, params.id)),
  }));

  registerRoute(app, deps, apiRoutes.paymentRequestCancel, async ({ params }, ctx) => ({
    success: done,
    payment_request: await pr().cancel(ctx, params.id),
  }));

  registerRoute(app, deps, apiRoutes.paymentRequestRefund, async ({ params, body }, ctx) => ({
    success: done,
    payment_request: await pr().refund(ctx, params.id, body.comments),
  }));

  registerRoute(app, deps, apiRoutes.paymentRequestSendEmail, async ({ params }, ctx) => ({
    success: done,
    payment_request: await pr().sendEmail(ctx, params.id),
  }));

  registerRoute(app, deps, apiRoutes.paymentRequestCandidates, async ({ params }, ctx) => ({
    success: done,
    payins: await pr().candidates(ctx.principal, params.id),
  }));

  registerRoute(app, deps, apiRoutes.paymentRequestMatch, async ({ params, body }, ctx) => ({
    success: done,
    payment_request: await pr().match(ctx, params.id, body.payment_id),
  }));

  registerRoute(app, deps, apiRoutes.hostedPaymentGet, async ({ params }) => ({
    success: done,
    payment: await pr().hosted(params.token),
  }));

  // The payer simulation exists only while the simulator is on (never by default in production).
  if (!deps.config.simulator) return;
  const simulator = createHostedPaySimulator(deps);
  registerRoute(app, deps, apiRoutes.hostedPaymentSimulate, async ({ params, body }) => ({
    success: done,
    payment: await simulator.pay(params.token, body.amount),
  }));
}
