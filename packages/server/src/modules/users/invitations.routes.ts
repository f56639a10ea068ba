import { apiRoutes } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';
import type { GroupsService } from './groups.service.ts';
import type { InvitationsService } from './invitations.service.ts';

const done = { success: true as const };

export function registerInvitationRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  invitations: InvitationsService,
  groups: GroupsService,
): void {
  registerRoute(app, deps, apiRoutes.createInvitation, async ({ body }, ctx) => ({
    ...done,
    invitation: await invitations.invite(
      ctx.principal,
      {
        email: body.email,
        firstName: body.first_name,
        lastName: body.last_name,
        kind: body.type,
        rights: body.access_rights,
        mfaRequired: body.mfa_required,
        merchantId: body.merchant_id,
        ...(body.expires_at ? { expiresAt: new Date(body.expires_at) } : {}),
      },
      { ip: ctx.ip, userAgent: ctx.userAgent },
    ),
  }));

  registerRoute(app, deps, apiRoutes.listInvitations, async ({ params, body }, ctx) => ({
    ...done,
    ...(await invitations.list(ctx.principal, body.status, params.page, params.rows, body.merchant_id)),
  }));

  registerRoute(app, deps, apiRoutes.cancelInvitation, async ({ params }, ctx) => ({
    ...done,
    invitation: await invitations.cancel(ctx.principal, params.id),
  }));
  registerRoute(app, deps, apiRoutes.resendInvitation, async ({ params }, ctx) => ({
    ...done,
    invitation: await invitations.resend(ctx.principal, params.id),
  }));
  registerRoute(app, deps, apiRoutes.prolongInvitation, async ({ params }, ctx) => ({
    ...done,
    invitation: await invitations.prolong(ctx.principal, params.id),
  }));

  registerRoute(app, deps, apiRoutes.invitationInfo, async ({ params }) => ({
    ...done,
    ...(await invitations.info(params.code)),
  }));
  registerRoute(app, deps, apiRoutes.selfRegister, async ({ params, body }) => ({
    ...done,
    ...(await invitations.register(params.code, body.password, {
      length: body.length,
      alpha_capitals: body.alpha_capitals,
      numbers: body.numbers,
      special_chars: body.special_chars,
    })),
  }));

  registerRoute(app, deps, apiRoutes.groups, async () => ({ ...done, groups: groups.list() }));
  registerRoute(app, deps, apiRoutes.group, async ({ params }) => ({
    ...done,
    ...(await groups.group(params.id)),
  }));
  registerRoute(app, deps, apiRoutes.userGroups, async ({ params, body }) => ({
    ...done,
    ...(await groups.links(
      {
        status: body.status,
        group: body.group_name,
        filterParam: body.filter_param,
        filterValue: body.filter_value,
        sortParam: body.sort_param,
        sortOrder: body.sort_order,
      },
      params.page,
      params.rows,
    )),
  }));
  registerRoute(app, deps, apiRoutes.companyAccountManagers, async () => ({
    ...done,
    managers: await groups.accountManagers(),
  }));
  registerRoute(app, deps, apiRoutes.addUserGroup, async ({ body }, ctx) => ({
    ...done,
    group: await groups.add(ctx.principal, body.user_id, body.group_id, {
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    }),
  }));
  registerRoute(app, deps, apiRoutes.delUserGroup, async ({ body }, ctx) => ({
    ...done,
    group: await groups.del(ctx.principal, body.user_id, body.group_id, {
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    }),
  }));
}
