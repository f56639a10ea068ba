import { apiRoutes } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, service } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';

/** A bare date is a whole local day: from its start, to the start of the next day. */
function bound(value: string | null | undefined, tzOffset: number, endOfDay: boolean): Date | undefined {
  if (!value) return undefined;
  if (value.length > 10) return new Date(value);
  const start = new Date(`${value}T00:00:00Z`).getTime() - tzOffset * 60_000;
  return new Date(endOfDay ? start + 86_400_000 : start);
}

export function registerSecurityRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, apiRoutes.securityHistory, async ({ params, body }, ctx) => {
    const { rows, total } = await service(deps, 'securityHistory').list(
      ctx.principal.userId,
      {
        actionType: body.action_type ?? null,
        actionResult: body.action_result ?? null,
        ...withDate('from', bound(body.date_from, ctx.tzOffset, false)),
        ...withDate('to', bound(body.date_to, ctx.tzOffset, true)),
      },
      params.page,
      params.rows,
    );
    return {
      success: true as const,
      total,
      records: rows.map((r) => ({
        id: String(r.id),
        action_type: r.actionType as never,
        action_result: r.actionResult,
        created: r.createdAt.toISOString(),
        ip_address: r.ip,
        ip_country: r.ipCountry,
        user_agent: r.userAgent,
        errors: r.errors,
        impersonator_id: r.impersonatorId,
      })),
    };
  });
}

const withDate = <K extends string>(k: K, d: Date | undefined) => (d ? ({ [k]: d } as Record<K, Date>) : {});
