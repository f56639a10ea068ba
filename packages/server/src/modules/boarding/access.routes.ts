import { apiRoutes } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';
import { type AccessService, assertOwnLink } from './access.service.ts';
import type { ContactsService } from './contacts.service.ts';
import { meta } from './http.ts';
import type { OverviewService } from './overview.service.ts';
import type { VerificationService } from '../verification/verification.service.ts';

export function registerAccessRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  s: {
    access: AccessService;
    overview: OverviewService;
    contacts: ContactsService;
    verification: VerificationService;
  },
) {
  const r = apiRoutes;
  registerRoute(app, deps, r.boardingNeedPassword, async ({ params, query }) => {
    const out = await s.access.needPassword(params.uuid, params.role, query.eml);
    return { success: true as const, set_pss: out.setPss, account_name: out.accountName };
  });
  registerRoute(app, deps, r.boardingSetPassword, async ({ params, body }) => {
    await s.access.setPassword(params.uuid, params.role, body.eml, body.pss, body);
    return { success: true as const };
  });
  registerRoute(app, deps, r.boardingLogin, async ({ params, body }, ctx) => {
    const out = await s.access.login(params.uuid, params.role, body.eml, body.pss, meta(ctx));
    return {
      success: true as const,
      token: out.token,
      otp_required: true as const,
      contact_uuid: out.contactUuid,
    };
  });
  registerRoute(app, deps, r.boardingRefresh, async ({ params }, ctx) => {
    assertOwnLink(ctx.principal, params);
    return {
      success: true as const,
      token: await s.access.refresh(ctx.principal.sessionId, ctx.principal.contactId, 'boarding', {
        role: ctx.principal.role,
        scopes: [...ctx.principal.scopes],
      }),
    };
  });
  registerRoute(app, deps, r.otpGenerate, async ({ params, body }) => {
    await s.access.generateOtp(params.type, body.acc_uuid, body.contact_uuid);
    return { success: true as const };
  });
  registerRoute(app, deps, r.otpToken, async ({ params, body }, ctx, req) => ({
    success: true as const,
    ...(await s.access.exchangeOtp(params.kind, req, body, meta(ctx))),
  }));
  registerRoute(app, deps, r.otpRefresh, async (_i, ctx) => ({
    success: true as const,
    token: await s.access.refresh(ctx.principal.sessionId, ctx.principal.contactUuid, 'verification'),
  }));
  registerRoute(app, deps, r.accountInfo, async ({ params }) => ({
    success: true as const,
    ...(await s.access.accountInfo(params.uuid)),
  }));
  registerRoute(app, deps, r.consolidated, async ({ params }, ctx) => {
    assertOwnLink(ctx.principal, params);
    return s.overview.consolidated(ctx.principal);
  });
  registerRoute(app, deps, r.setRole, async ({ params, body }, ctx) => {
    assertOwnLink(ctx.principal, params);
    return { success: true as const, ...(await s.access.switchRole(ctx.principal, body.role, meta(ctx))) };
  });
  registerRoute(app, deps, r.contactData, async ({ params }, ctx) => {
    assertOwnLink(ctx.principal, params);
    const c = await s.overview.consolidated(ctx.principal);
    const contact = await s.contacts.self(ctx.principal);
    return {
      success: true as const,
      contact,
      role: ctx.principal.role,
      available_roles: c.available_roles,
      scopes: c.scopes,
    };
  });
  registerRoute(app, deps, r.contacts, async ({ params }, ctx) => {
    assertOwnLink(ctx.principal, params);
    return { success: true as const, contacts: await s.contacts.list(ctx.principal) };
  });
  registerRoute(app, deps, r.contactNotifications, async ({ params }, ctx) => {
    assertOwnLink(ctx.principal, params);
    return { success: true as const, ...(await s.contacts.notifications(ctx.principal)) };
  });
  registerRoute(app, deps, r.setContactNotifications, async ({ params, body }, ctx) => {
    assertOwnLink(ctx.principal, params);
    return {
      success: true as const,
      ...(await s.contacts.setNotifications(ctx.principal, body.notification_contacts)),
    };
  });
  registerRoute(app, deps, r.saveContact, async ({ params, body }, ctx) => {
    assertOwnLink(ctx.principal, params);
    return { success: true as const, contact: await s.contacts.save(ctx.principal, body) };
  });
  registerRoute(app, deps, r.deleteContact, async ({ params, body }, ctx) => {
    assertOwnLink(ctx.principal, params);
    await s.contacts.remove(ctx.principal, body.uuid);
    return { success: true as const };
  });
  registerRoute(app, deps, r.sendVerificationLinks, async ({ params }, ctx) => {
    assertOwnLink(ctx.principal, params);
    return { success: true as const, sent: await s.verification.sendLinks(ctx.principal.accountUuid) };
  });
}
