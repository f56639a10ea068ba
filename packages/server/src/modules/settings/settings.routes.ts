import { apiRoutes } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { RequestContext } from '../../http/context.ts';
import { registerRoute } from '../../http/register.ts';
import type { SettingsService } from './settings.service.ts';

const meta = (ctx: RequestContext) => ({ ip: ctx.ip, userAgent: ctx.userAgent });

/** Company settings and the two merchant settings calls of spec §7. */
export function registerSettingsRoutes(app: FastifyInstance, deps: AppDeps, settings: SettingsService): void {
  registerRoute(app, deps, apiRoutes.updateIpWhitelist, async ({ params, body }, ctx) => ({
    success: true as const,
    ...(await settings.updateIpWhitelist(ctx.principal, params.id, body, meta(ctx))),
  }));
  registerRoute(app, deps, apiRoutes.updatePostbackUrls, async ({ params, body }, ctx) => ({
    success: true as const,
    ...(await settings.updatePostbackUrls(ctx.principal, params.id, body.postbackUrls, meta(ctx))),
  }));
  registerRoute(app, deps, apiRoutes.companySettings, async ({ params }, ctx) => ({
    success: true as const,
    settings: await settings.companySettings(ctx.principal, params.id, meta(ctx)),
  }));
  registerRoute(app, deps, apiRoutes.updateCompanyNotifications, async ({ params, body }, ctx) => ({
    success: true as const,
    settings: await settings.updateNotifications(ctx.principal, params.id, body, meta(ctx)),
  }));
}
