import { apiRoutes, menuItemsFor } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { RequestContext } from '../../http/context.ts';
import { registerRoute } from '../../http/register.ts';
import type { AccessRequestsService } from './access-requests.service.ts';
import type { UsersService } from './users.service.ts';

const meta = (ctx: RequestContext) => ({ ip: ctx.ip, userAgent: ctx.userAgent });
const done = { success: true as const };

export function registerUsersRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  users: UsersService,
  access: AccessRequestsService,
): void {
  registerRoute(app, deps, apiRoutes.userProfile, async ({ params }, ctx) => ({
    ...done,
    user: await users.profileFor(ctx.principal, params.id),
  }));

  registerRoute(app, deps, apiRoutes.companyUsers, async ({ params, query }, ctx) => ({
    ...done,
    ...(await users.companyUsers(ctx.principal, params.group, params.page, query.rows, query.merchant_id)),
  }));

  registerRoute(app, deps, apiRoutes.myRights, async (_input, ctx) => ({
    ...done,
    actions: [...ctx.principal.rights].sort(),
  }));

  registerRoute(app, deps, apiRoutes.menuItems, async (_input, ctx) => ({
    ...done,
    menu_items: menuItemsFor({
      rights: ctx.principal.rights,
      serviceCode: await users.currentServiceCode(ctx.principal),
      isStaff: ctx.principal.isAdmin,
    }),
  }));

  registerRoute(app, deps, apiRoutes.changeCurrentMerchant, async ({ body }, ctx) => ({
    ...done,
    user: await users.changeCurrentMerchant(ctx.principal, body.merchant_id),
  }));

  registerRoute(app, deps, apiRoutes.changeSettings, async ({ body }, ctx) => ({
    ...done,
    ...(await users.changeSettings(ctx.principal, body)),
  }));

  registerRoute(app, deps, apiRoutes.setUserRights, async ({ params, body }, ctx) => ({
    ...done,
    user: await users.setRights(
      ctx.principal,
      params.id,
      body.access_rights,
      body.master_user,
      meta(ctx),
      body.merchant_id,
    ),
  }));

  registerRoute(app, deps, apiRoutes.resetUserPassword, async ({ params }, ctx) => ({
    ...done,
    user: await users.resetPassword(ctx.principal, params.id, meta(ctx)),
  }));
  registerRoute(app, deps, apiRoutes.resetUserMfa, async ({ params }, ctx) => ({
    ...done,
    user: await users.resetMfa(ctx.principal, params.id, meta(ctx)),
  }));
  registerRoute(app, deps, apiRoutes.deactivateUser, async ({ params }, ctx) => ({
    ...done,
    user: await users.deactivate(ctx.principal, params.id, meta(ctx)),
  }));
  registerRoute(app, deps, apiRoutes.activateUser, async ({ params }, ctx) => ({
    ...done,
    user: await users.activate(ctx.principal, params.id, meta(ctx)),
  }));

  registerRoute(app, deps, apiRoutes.impersonate, async ({ params }, ctx) => ({
    ...done,
    token: await access.impersonate(ctx.principal, params.id, meta(ctx)),
  }));

  registerRoute(app, deps, apiRoutes.requestPasswordReset, async ({ params }) => {
    await access.requestReset(params.id, 'passwordResetRequest');
    return done;
  });
  registerRoute(app, deps, apiRoutes.requestMfaReset, async ({ params }) => {
    await access.requestReset(params.id, 'mfaResetRequest');
    return done;
  });
}
