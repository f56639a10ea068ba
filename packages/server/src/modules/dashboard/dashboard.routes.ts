import { apiRoutes, DEFAULT_WIDGET_LAYOUT } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, service } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';

export function registerDashboardRoutes(app: FastifyInstance, deps: AppDeps): void {
  const dashboard = () => service(deps, 'dashboard');
  const ok = true as const;

  registerRoute(app, deps, apiRoutes.dashboardWidgets, async (_in, ctx) => ({
    success: ok,
    widgets: await dashboard().widgets(ctx.principal, DEFAULT_WIDGET_LAYOUT),
  }));

  registerRoute(app, deps, apiRoutes.dashboardSaveWidgets, async ({ body }, ctx) => ({
    success: ok,
    widgets: await dashboard().saveWidgets(ctx.principal, body.widgets),
  }));

  registerRoute(app, deps, apiRoutes.dashboardChecklist, async (_in, ctx) => ({
    success: ok,
    ...(await dashboard().checklist(ctx.principal)),
  }));

  registerRoute(app, deps, apiRoutes.paymentStatuses, async ({ body }, ctx) => ({
    success: ok,
    group_by: body.group_by,
    payment_statuses: await dashboard().paymentStatuses(ctx.principal, body, ctx.tzOffset),
  }));

  registerRoute(app, deps, apiRoutes.recentPayments, async ({ query }, ctx) => ({
    success: ok,
    payments: await dashboard().recent(ctx.principal, query.limit),
  }));
}
