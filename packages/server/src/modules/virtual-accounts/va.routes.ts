import multipart from '@fastify/multipart';
import { apiRoutes, corporateVaRequestSchema, VA_DOCUMENT_LIMITS } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import { proofOf } from '../../http/confirmation-proof.ts';
import { assertAdminGroup } from '../../http/principal.ts';
import { registerRoute } from '../../http/register.ts';
import { readSingleFile } from '../../http/uploads.ts';
import { sendDocument } from '../boarding/http.ts';

const contentType = (ext: 'pdf' | 'csv') => (ext === 'pdf' ? 'application/pdf' : 'text/csv');

export async function registerVirtualAccountRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const va = () => service(deps, 'virtualAccounts');
  const ok = true as const;

  // Multipart only in this scope: the request documents' upload.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // Keep the name as sent, so a path in it is refused instead of silently cut off.
      preservePath: true,
      limits: { fileSize: VA_DOCUMENT_LIMITS.maxFileBytes, files: 1, fields: 2, parts: 3, fieldSize: 200 },
      throwFileSizeLimit: true,
    });
    registerRoute(scope, deps, apiRoutes.vaDocumentUpload, async (_i, ctx, req) => ({
      success: ok,
      document: await va().uploadDocument(
        ctx.principal,
        await readSingleFile(req, { notMultipart: 'FILE_UPLOAD_ERROR', noFile: 'FILE_UPLOAD_ERROR' }),
      ),
    }));
  });
  registerRoute(app, deps, apiRoutes.vaDocumentGet, async ({ params }, ctx, _req, reply) => {
    const { row, bytes } = await va().document(ctx.principal, params.uuid, params.id);
    return sendDocument(reply, bytes, row.fileName, contentType(row.ext));
  });
  registerRoute(app, deps, apiRoutes.opVaDocumentGet, async ({ params }, _ctx, _req, reply) => {
    const { row, bytes } = await va().document(null, params.uuid, params.id);
    return sendDocument(reply, bytes, row.fileName, contentType(row.ext));
  });

  registerRoute(app, deps, apiRoutes.vaList, async ({ params, body }, ctx) => ({
    success: ok,
    ...(await va().list(ctx.principal, params.size, params.page, body)),
  }));
  registerRoute(app, deps, apiRoutes.vaGroups, async ({ params }, ctx) => ({
    success: ok,
    ...(await va().groups(ctx.principal, params.page, params.rows)),
  }));
  registerRoute(app, deps, apiRoutes.vaRequests, async ({ params, body }, ctx) => ({
    success: ok,
    ...(await va().requests(ctx.principal, params.page, params.rows, body)),
  }));
  registerRoute(app, deps, apiRoutes.vaRequestGet, async ({ params }, ctx) => ({
    success: ok,
    iban_request: await va().request(ctx.principal, params.uuid),
  }));
  registerRoute(app, deps, apiRoutes.vaChallenge, async ({ body }, ctx) => ({
    success: ok,
    confirmation: await va().challenge(ctx, body),
  }));
  registerRoute(app, deps, apiRoutes.vaRequestCreate, async ({ params, body }, ctx) => ({
    success: ok,
    iban_request: await va().createRequest(ctx, params.x, body.iban_details, proofOf(body)),
  }));
  registerRoute(app, deps, apiRoutes.vaCreateCorporate, async ({ body }, ctx) => ({
    success: ok,
    ...(await va().createCorporate(
      ctx,
      { ...body, iban_details: corporateVaRequestSchema.parse(body.iban_details) },
      proofOf(body),
    )),
  }));
  registerRoute(app, deps, apiRoutes.vaRequestCancel, async ({ params }, ctx) => ({
    success: ok,
    iban_request: await va().cancel(ctx, params.uuid),
  }));
  registerRoute(app, deps, apiRoutes.vaInfo, async ({ params }, ctx) => ({
    success: ok,
    virtual_account: await va().info(ctx.principal, params.walletId, params.vaId),
  }));
  registerRoute(app, deps, apiRoutes.vaAction, async ({ params, body }, ctx) => ({
    success: ok,
    virtual_account: await va().action(ctx, params.action, params.walletId, body, proofOf(body)),
  }));

  // Operator console: groups, request review, staff actions, the simulator's VA pay-in.
  registerRoute(app, deps, apiRoutes.opVaGroups, async ({ params }) => ({
    success: ok,
    iban_groups: await va().staffGroups(params.merchantId),
  }));
  registerRoute(app, deps, apiRoutes.opVaGroupCreate, async ({ params, body }, ctx) => ({
    success: ok,
    iban_group: await va().createGroup(ctx, params.merchantId, body),
  }));
  registerRoute(app, deps, apiRoutes.opVaGroupLimit, async ({ params, body }, ctx) => ({
    success: ok,
    iban_group: await va().setLimit(ctx, params.id, body.limit),
  }));
  registerRoute(app, deps, apiRoutes.opVaRequests, async ({ params, body }) => ({
    success: ok,
    ...(await va().requests(null, params.page, params.rows, {
      ...body,
      sort_param: 'created',
      sort_order: 'desc',
    })),
  }));
  registerRoute(app, deps, apiRoutes.opVaRequestGet, async ({ params }) => ({
    success: ok,
    iban_request: await va().request(null, params.uuid),
  }));
  registerRoute(app, deps, apiRoutes.opVaDecide, async ({ params, body }, ctx) => ({
    success: ok,
    iban_request: await va().decide(ctx, params.uuid, body.decision, body.decline_reason),
  }));
  registerRoute(app, deps, apiRoutes.opVaAction, async ({ params, body }, ctx) => ({
    success: ok,
    virtual_account: await va().staffAction(ctx, params.id, body.action, body.reason),
  }));
  // The processing simulator's VA pay-in: a simulator control (issue 34), so only while the
  // simulator is on and for the admin group only. It must stay the last route registered here.
  if (!deps.config.simulator) return;
  registerRoute(app, deps, apiRoutes.opVaPayIn, async ({ body }, ctx) => {
    assertAdminGroup(ctx.principal);
    const target = await va().resolveForPayIn(deps.db, body.va_number);
    if (!target) throw new DomainError('VA_NOT_FOUND');
    const paymentId = await service(deps, 'processing').payIn({
      vaNumber: body.va_number,
      currency: body.currency,
      amount: body.amount,
      payerName: body.payer_name,
      payerIban: body.payer_iban ?? null,
      method: 'SEPA',
    });
    return { success: ok, payment_id: paymentId, status: target.isActive ? 'settled' : 'returned' };
  });
}
