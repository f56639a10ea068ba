import { apiRoutes } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';
import type { ReferencesService } from './references.service.ts';

export function registerReferenceRoutes(app: FastifyInstance, deps: AppDeps, references: ReferencesService) {
  registerRoute(app, deps, apiRoutes.referenceValuesByCode, async ({ params }) => ({
    success: true as const,
    reference_values: await references.byCode(params.code),
  }));
  registerRoute(app, deps, apiRoutes.referenceValuesByRefId, async ({ params }) => ({
    success: true as const,
    reference_values: await references.byRefId(params.id),
  }));
  registerRoute(app, deps, apiRoutes.currencyList, async ({ params }) => ({
    success: true as const,
    currencies: await references.currencies(params.param),
  }));
}
