import { apiRoutes } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';
import type { ChecksService } from './checks.service.ts';

export function registerChecksRoutes(app: FastifyInstance, deps: AppDeps, checks: ChecksService) {
  registerRoute(app, deps, apiRoutes.checkRequisite, async ({ params, body }) => ({
    success: true as const,
    ...checks.checkRequisite(params.method, params.currency, body.iban),
  }));
  registerRoute(app, deps, apiRoutes.checkIntermediary, async ({ body }) => ({
    success: true as const,
    bank: checks.checkIntermediary(body.bankSwiftCode),
  }));
  registerRoute(app, deps, apiRoutes.checkCop, async ({ params, body }) => ({
    success: true as const,
    ...(await checks.checkCop(params.method, body.payee, body.payeeRequisite, body.payee_type)),
  }));
}
