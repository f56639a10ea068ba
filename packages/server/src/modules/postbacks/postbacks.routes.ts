import { apiRoutes } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, service } from '../../deps.ts';
import type { RequestContext } from '../../http/context.ts';
import { registerRoute } from '../../http/register.ts';

const meta = (ctx: RequestContext) => ({ ip: ctx.ip, userAgent: ctx.userAgent });

/** Delivery log, resend, test event and secret rotation (issue 9). */
export function registerPostbackRoutes(app: FastifyInstance, deps: AppDeps): void {
  const postbacks = service(deps, 'postbacks');
  registerRoute(app, deps, apiRoutes.postbackLog, async ({ params, body }, ctx) => ({
    success: true as const,
    ...(await postbacks.log(ctx.principal, params.id, body, params.page, params.rows)),
  }));
  registerRoute(app, deps, apiRoutes.postbackAttempts, async ({ params }, ctx) => ({
    success: true as const,
    ...(await postbacks.attempts(ctx.principal, params.id, params.eventId)),
  }));
  registerRoute(app, deps, apiRoutes.resendPostback, async ({ params }, ctx) => ({
    success: true as const,
    event: await postbacks.resend(ctx.principal, params.id, params.eventId, meta(ctx)),
  }));
  registerRoute(app, deps, apiRoutes.testPostback, async ({ params, body }, ctx) => ({
    success: true as const,
    event: await postbacks.sendTest(ctx.principal, params.id, body.type, meta(ctx)),
  }));
  registerRoute(app, deps, apiRoutes.rotatePostbackSecret, async ({ params }, ctx) => ({
    success: true as const,
    ...(await postbacks.rotateSecret(ctx.principal, params.id, meta(ctx))),
  }));
}
