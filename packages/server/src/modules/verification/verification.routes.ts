import { apiRoutes } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';
import { meta } from '../boarding/http.ts';
import type { DocsService } from '../boarding-docs/docs.service.ts';
import type { VerificationService } from './verification.service.ts';

export function registerVerificationRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  s: { verification: VerificationService; docs: DocsService },
) {
  const r = apiRoutes;
  registerRoute(app, deps, r.verificationMe, async (_i, ctx) => ({
    success: true as const,
    ...(await s.verification.me(ctx.principal)),
  }));
  registerRoute(app, deps, r.verificationPassport, async ({ body }, ctx) => ({
    success: true as const,
    ...(await s.verification.passportCheck(ctx.principal, body, meta(ctx))),
  }));
  registerRoute(app, deps, r.verificationStart, async (_i, ctx) => ({
    success: true as const,
    ...(await s.verification.start(ctx.principal)),
  }));
  registerRoute(app, deps, r.verificationResult, async (_i, ctx) => ({
    success: true as const,
    ...(await s.verification.result(ctx.principal)),
  }));
  registerRoute(app, deps, r.questionnaireSign, async ({ body }, ctx) => {
    const { person } = await s.verification.personOf(ctx.principal);
    const signature = await s.docs.signQuestionnaire(
      ctx.principal.accountUuid,
      person.id,
      ctx.principal.contactUuid,
      body.signature,
      meta(ctx),
    );
    return { success: true as const, signature };
  });
  registerRoute(app, deps, r.meetingGet, async ({ params, query }) => ({
    success: true as const,
    meeting: await s.verification.meeting(params.record, query.invitee_id),
  }));
  registerRoute(app, deps, r.meetingRespond, async ({ params, body }) => ({
    success: true as const,
    meeting: await s.verification.respondMeeting(
      params.record,
      body.invitee_type,
      body.invitee_id,
      body.accept_status,
    ),
  }));
  registerRoute(app, deps, r.verificationSimulator, async ({ params }, _ctx, _req, reply) => {
    const ref = params.reference.replace(/[^\w-]/g, '');
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ID &amp; facial verification (simulator)</title></head><body><h1>ID &amp; facial verification</h1><p>Simulated check ${ref} is running. Return to the verification page and use "Check status".</p></body></html>`;
  });
}
