import { apiRoutes } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';
import { meta, sendDocument } from '../boarding/http.ts';
import type { DocsService } from './docs.service.ts';

export function registerDocsRoutes(app: FastifyInstance, deps: AppDeps, docs: DocsService) {
  const r = apiRoutes;
  registerRoute(app, deps, r.offersList, async (_i, ctx) => ({
    success: true as const,
    offers: await docs.listOffers(ctx.principal.accountUuid),
  }));
  registerRoute(app, deps, r.offerGet, async ({ params }, ctx) => ({
    success: true as const,
    offer: await docs.offer(ctx.principal.accountUuid, params.id),
  }));
  registerRoute(app, deps, r.offerApprove, async ({ params }, ctx) => ({
    success: true as const,
    offer: await docs.decideOffer(ctx.principal, params.id, 'approved', undefined, meta(ctx)),
  }));
  registerRoute(app, deps, r.offerDecline, async ({ params, body }, ctx) => ({
    success: true as const,
    offer: await docs.decideOffer(ctx.principal, params.id, 'declined', body.reason, meta(ctx)),
  }));
  registerRoute(app, deps, r.invoiceGet, async (_i, ctx) => ({
    success: true as const,
    invoice: await docs.invoice(ctx.principal.accountUuid),
  }));
  registerRoute(app, deps, r.invoicePay, async (_i, ctx) => ({
    success: true as const,
    invoice: await docs.payInvoice(
      ctx.principal.accountUuid,
      { type: 'boarding', id: ctx.principal.contactId },
      undefined,
      meta(ctx),
    ),
  }));
  registerRoute(app, deps, r.contractsList, async (_i, ctx) => ({
    success: true as const,
    contracts: await docs.listContracts(ctx.principal.accountUuid),
  }));
  registerRoute(app, deps, r.contractPdf, async ({ params }, ctx, _req, reply) => {
    const doc = await docs.contractPdf(ctx.principal.accountUuid, params.id);
    return sendDocument(reply, doc.bytes, doc.name, 'application/pdf');
  });
  registerRoute(app, deps, r.contractSign, async ({ params, body }, ctx) => ({
    success: true as const,
    ...(await docs.signContract(
      ctx.principal,
      params.id,
      body.signature,
      body.principal_lr_person_id,
      meta(ctx),
    )),
  }));
  registerRoute(app, deps, r.contractDecline, async ({ params }, ctx) => ({
    success: true as const,
    contract: await docs.declineContract(ctx.principal, params.id, meta(ctx)),
  }));
  registerRoute(app, deps, r.ndaPdf, async (_i, ctx, _req, reply) =>
    sendDocument(reply, await docs.nda(ctx.principal), 'NDA.pdf', 'application/pdf'),
  );
}
