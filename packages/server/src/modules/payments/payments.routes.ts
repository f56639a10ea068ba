import { apiRoutes } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, service } from '../../deps.ts';
import { proofIfGiven, proofOf } from '../../http/confirmation-proof.ts';
import { assertAdminGroup } from '../../http/principal.ts';
import { registerRoute } from '../../http/register.ts';

const done = true as const;

/** Payments (spec §7): parse, call one service function, answer. */
export function registerPaymentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const payments = () => service(deps, 'payments');
  const read = () => service(deps, 'paymentsRead');

  registerRoute(app, deps, apiRoutes.paymentMethods, async ({ params }, ctx) => ({
    success: done,
    merchant_payment_methods: await read().methods(
      ctx.principal,
      params.direction,
      params.merchantId,
      params.currency,
    ),
  }));

  registerRoute(app, deps, apiRoutes.payoutChallenge, async ({ params, body }, ctx) => ({
    success: done,
    confirmation: await payments().challenge(ctx, params.walletId, params.method, body.payment_details),
  }));

  registerRoute(app, deps, apiRoutes.createPayout, async ({ params, body }, ctx) => ({
    success: done,
    payment: await payments().createPayout(
      ctx,
      params.walletId,
      params.method,
      body.payment_details,
      proofOf(body),
    ),
  }));

  registerRoute(app, deps, apiRoutes.walletTransferChallenge, async ({ body }, ctx) => ({
    success: done,
    confirmation: await payments().transferChallenge(ctx.principal, body),
  }));

  registerRoute(app, deps, apiRoutes.walletTransfer, async ({ body }, ctx) => ({
    success: done,
    transfer: await payments().transfer(ctx, body, proofOf(body)),
  }));

  registerRoute(app, deps, apiRoutes.listPayments, async ({ params, body }, ctx) => ({
    success: done,
    ...(await read().list(ctx.principal, params.workMode, params.page, params.rows, body, ctx.tzOffset)),
  }));

  registerRoute(app, deps, apiRoutes.exportPayments, async ({ params, body }, ctx, _req, reply) => {
    const { csv, truncated } = await read().exportCsv(ctx.principal, params.workMode, body, ctx.tzOffset);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="payments-${params.workMode}.csv"`)
      .header('x-content-type-options', 'nosniff')
      .header('x-export-truncated', String(truncated));
    return csv;
  });

  registerRoute(app, deps, apiRoutes.paymentBalances, async ({ body }, ctx) => ({
    success: done,
    balances: await read().balances(ctx.principal, body, ctx.tzOffset),
  }));

  registerRoute(app, deps, apiRoutes.getPayment, async ({ params }, ctx) => ({
    success: done,
    ...(await read().detail(ctx.principal, params.id)),
  }));

  registerRoute(app, deps, apiRoutes.approvalChallenge, async ({ body }, ctx) => ({
    success: done,
    confirmation: await payments().approvalChallenge(ctx.principal, body.ids),
  }));

  registerRoute(app, deps, apiRoutes.approvePayment, async ({ params, body }, ctx) => ({
    success: done,
    payment: await payments().approve(ctx, params.id, proofOf(body)),
  }));

  registerRoute(app, deps, apiRoutes.cancelPayment, async ({ params }, ctx) => ({
    success: done,
    payment: await payments().cancel(ctx.principal, params.id),
  }));

  registerRoute(app, deps, apiRoutes.refundPayment, async ({ params, body }, ctx) => ({
    success: done,
    payment: await payments().refund(ctx.principal, params.id, body.comments),
  }));

  registerRoute(app, deps, apiRoutes.recallPayment, async ({ params, body }, ctx) => ({
    success: done,
    payment: await payments().flag(ctx.principal, params.id, 'recall', body.reason),
  }));

  registerRoute(app, deps, apiRoutes.disputePayment, async ({ params, body }, ctx) => ({
    success: done,
    payment: await payments().flag(ctx.principal, params.id, 'dispute', body.reason),
  }));

  registerRoute(app, deps, apiRoutes.massAction, async ({ body }, ctx) => ({
    success: done,
    ...(await payments().massAction(ctx, body.action, body.ids, proofIfGiven(body))),
  }));

  registerRoute(app, deps, apiRoutes.dataForCopy, async ({ params }, ctx) => ({
    success: done,
    ...(await read().dataForCopy(ctx.principal, params.id)),
  }));

  registerRoute(app, deps, apiRoutes.processingState, async () => ({
    success: done,
    ...(await service(deps, 'processing').state()),
  }));

  // Simulator control calls (issue 17): only when the simulator is on (never by default in
  // production) and only for the admin group, not every staff group.
  if (!deps.config.simulator) return;

  registerRoute(app, deps, apiRoutes.processingOutage, async ({ body }, ctx) => {
    assertAdminGroup(ctx.principal);
    await service(deps, 'processing').setOutage(body.on, body.message ?? null, ctx.principal.userId, ctx);
    return { success: done, ...(await service(deps, 'processing').state()) };
  });

  registerRoute(app, deps, apiRoutes.processingPayin, async ({ body }, ctx) => {
    assertAdminGroup(ctx.principal);
    return {
      success: done,
      payment_id: await service(deps, 'processing').payIn({
        merchantId: body.merchant_id,
        walletRef: body.wallet_id,
        currency: body.currency,
        amount: body.amount,
        payerName: body.payer_name,
        payerIban: body.payer_iban ?? null,
        method: body.payment_method,
        reference: body.reference ?? null,
      }),
    };
  });

  registerRoute(app, deps, apiRoutes.processingRunDue, async (_input, ctx) => {
    assertAdminGroup(ctx.principal);
    return { success: done, queued: await service(deps, 'processing').runDue() };
  });
}
