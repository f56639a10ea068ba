import { apiRoutes } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';
import { meta, sendDocument } from '../boarding/http.ts';
import type { DocsService } from '../boarding-docs/docs.service.ts';
import type { FilesService } from '../boarding-files/files.service.ts';
import type { VerificationService } from '../verification/verification.service.ts';
import type { OperatorService } from './operator.service.ts';

export function registerOperatorRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  s: { operator: OperatorService; files: FilesService; docs: DocsService; verification: VerificationService },
) {
  const r = apiRoutes;
  registerRoute(app, deps, r.opBoardingCreate, async ({ body }, ctx) => ({
    success: true as const,
    uuid: await s.operator.create(body, ctx.principal.userId, meta(ctx)),
  }));
  registerRoute(app, deps, r.opBoardingList, async ({ params, body }) => ({
    success: true as const,
    ...(await s.operator.list(params.page, params.rows, body)),
  }));
  registerRoute(app, deps, r.opBoardingGet, async ({ params }) => ({
    success: true as const,
    ...(await s.operator.get(params.uuid)),
  }));
  registerRoute(app, deps, r.opInternalCheck, async ({ params, body }, ctx) => ({
    success: true as const,
    ...(await s.operator.internalCheck(
      params.uuid,
      body.decision,
      body.comment,
      ctx.principal.userId,
      meta(ctx),
    )),
  }));
  registerRoute(app, deps, r.opFileReview, async ({ params, body }) => ({
    success: true as const,
    file: await s.files.review(params.uuid, params.id, body.action, 'operator', body.comment, body.ask),
  }));
  registerRoute(app, deps, r.opFileDownload, async ({ params }, _ctx, _req, reply) => {
    const { row, bytes } = await s.files.content(params.uuid, params.id);
    return sendDocument(reply, bytes, row.fileName, row.ext === 'pdf' ? 'application/pdf' : 'text/csv');
  });
  registerRoute(app, deps, r.opAmlDecision, async ({ params, body }, ctx) => ({
    success: true as const,
    ...(await s.verification.amlDecision(
      params.uuid,
      params.id,
      body.decision,
      body.comment,
      ctx.principal.userId,
      meta(ctx),
    )),
  }));
  registerRoute(app, deps, r.opOfferCreate, async ({ params, body }, ctx) => ({
    success: true as const,
    offer: await s.docs.createOffer(params.uuid, body, ctx.principal.userId, meta(ctx)),
  }));
  registerRoute(app, deps, r.opContractCreate, async ({ params, body }, ctx) => ({
    success: true as const,
    contract: await s.docs.createContract(params.uuid, body.type, ctx.principal.userId, meta(ctx)),
  }));
  registerRoute(app, deps, r.opInvoiceIssue, async ({ params, body }, ctx) => ({
    success: true as const,
    invoice: await s.docs.issueInvoice(
      params.uuid,
      body.amount,
      body.currency,
      ctx.principal.userId,
      meta(ctx),
    ),
  }));
  registerRoute(app, deps, r.opInvoicePaid, async ({ params, body }, ctx) => ({
    success: true as const,
    invoice: await s.docs.payInvoice(
      params.uuid,
      { type: 'admin', id: ctx.principal.userId },
      body.payment_reference,
      meta(ctx),
    ),
  }));
  registerRoute(app, deps, r.opMeetingCreate, async ({ params, body }) => ({
    success: true as const,
    meeting_id: await s.verification.createMeeting(
      params.uuid,
      body.person_id,
      body.title,
      new Date(body.starts_at),
    ),
  }));
  registerRoute(app, deps, r.opGoLive, async ({ params }, ctx) => ({
    success: true as const,
    ...(await s.operator.goLive(params.uuid, ctx.principal.userId, meta(ctx))),
  }));
}
