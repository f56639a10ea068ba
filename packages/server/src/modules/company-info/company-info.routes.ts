import { apiRoutes } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, service } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';

const done = true as const;

/** List of Contacts, provider contacts, Features and Alerts: parse, call the service, answer. */
export function registerCompanyInfoRoutes(app: FastifyInstance, deps: AppDeps): void {
  const info = () => service(deps, 'companyInfo');

  registerRoute(app, deps, apiRoutes.companyContacts, async (_in, ctx) => ({
    success: done,
    ...(await info().contacts(ctx.principal)),
  }));

  registerRoute(app, deps, apiRoutes.companySaveContact, async ({ body }, ctx) => ({
    success: done,
    ...(await info().saveContact(ctx.principal, body, ctx)),
  }));

  registerRoute(app, deps, apiRoutes.companyDeleteContact, async ({ body }, ctx) => ({
    success: done,
    ...(await info().deleteContact(ctx.principal, body.uuid, ctx)),
  }));

  registerRoute(app, deps, apiRoutes.providerContacts, async (_in, ctx) => ({
    success: done,
    ...(await info().providerContacts(ctx.principal)),
  }));

  registerRoute(app, deps, apiRoutes.featuresAlerts, async (_in, ctx) => ({
    success: done,
    ...(await info().featuresAlerts(ctx.principal)),
  }));
}
