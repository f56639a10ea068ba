import { apiRoutes } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';
import type { DocsService } from '../boarding-docs/docs.service.ts';
import type { FormsService } from './forms.service.ts';
import { meta, sendDocument } from './http.ts';

export function registerFormsRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  s: { forms: FormsService; docs: DocsService },
) {
  const r = apiRoutes;
  registerRoute(app, deps, r.formsGet, (_i, ctx) => s.forms.view(ctx.principal.accountUuid));
  registerRoute(app, deps, r.formsSave, ({ body }, ctx) => s.forms.saveCompany(ctx.principal, body.company));
  registerRoute(app, deps, r.formsLock, async (_i, ctx) => ({
    success: true as const,
    until: await s.forms.lock(ctx.principal),
  }));
  registerRoute(app, deps, r.formsUnlock, async (_i, ctx) => {
    await s.forms.unlock(ctx.principal);
    return { success: true as const };
  });
  registerRoute(app, deps, r.personAdd, async ({ body }, ctx) => ({
    success: true as const,
    person: await s.forms.addPerson(ctx.principal, body),
  }));
  registerRoute(app, deps, r.personUpdate, async ({ params, body }, ctx) => ({
    success: true as const,
    person: await s.forms.updatePerson(ctx.principal, params.id, body),
  }));
  registerRoute(app, deps, r.personDelete, async ({ params }, ctx) => {
    await s.forms.deletePerson(ctx.principal, params.id);
    return { success: true as const };
  });
  registerRoute(app, deps, r.formsSubmit, ({ body }, ctx) =>
    s.forms.submit(ctx.principal, body.principal_signer_id, meta(ctx)),
  );
  registerRoute(app, deps, r.principalSet, ({ body }, ctx) =>
    s.forms.setPrincipal(ctx.principal, body.kind, body.person_id),
  );
  registerRoute(app, deps, r.formsPdf, async (_i, ctx, _req, reply) =>
    sendDocument(
      reply,
      await s.docs.formsPdf(ctx.principal.accountUuid),
      'application-forms.pdf',
      'application/pdf',
    ),
  );
  registerRoute(app, deps, r.formsSign, async ({ body }, ctx) => ({
    success: true as const,
    signature: await s.docs.signForms(ctx.principal, body.signature, meta(ctx)),
  }));
  registerRoute(app, deps, r.signatures, async (_i, ctx) => ({
    success: true as const,
    signatures: await s.docs.listSignatures(ctx.principal.accountUuid),
  }));
  registerRoute(app, deps, r.signaturePdf, async ({ params }, ctx, _req, reply) => {
    const doc = await s.docs.signaturePdf(ctx.principal.accountUuid, params.id);
    return sendDocument(reply, doc.bytes, doc.name, 'application/pdf');
  });
}
