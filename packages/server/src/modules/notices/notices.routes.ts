import { apiRoutes } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';
import { meta } from '../boarding/http.ts';
import type { NoticesService } from './notices.service.ts';

export function registerNoticesRoutes(app: FastifyInstance, deps: AppDeps, s: NoticesService) {
  const r = apiRoutes;
  registerRoute(app, deps, r.noticesList, async ({ params, body }, ctx) => ({
    success: true as const,
    ...(await s.list(ctx.principal, params.status, params.page, body)),
  }));
  registerRoute(app, deps, r.noticeGet, async ({ params }, ctx) => ({
    success: true as const,
    notice: await s.get(ctx.principal, params.id),
  }));
  registerRoute(app, deps, r.noticesReadStatus, async ({ body }, ctx) => ({
    success: true as const,
    message: await s.markRead(ctx.principal, body.notices),
  }));
  registerRoute(app, deps, r.opNoticeCreate, async ({ body }, ctx) => ({
    success: true as const,
    notice: await s.create(ctx.principal, body, meta(ctx)),
  }));
  registerRoute(app, deps, r.opNoticesList, async ({ params }) => ({
    success: true as const,
    ...(await s.staffList(params.page, params.rows)),
  }));
}
