import { apiRoutes } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';
import type { SurveyService } from './survey.service.ts';

export function registerSurveyRoutes(app: FastifyInstance, deps: AppDeps, survey: SurveyService) {
  registerRoute(app, deps, apiRoutes.currentSurvey, async (_req, ctx) => ({
    success: true as const,
    survey: await survey.current(ctx.principal),
  }));
  registerRoute(app, deps, apiRoutes.answerSurvey, async ({ params, body }, ctx) => {
    await survey.answer(ctx.principal, params.id, body.answers);
    return { success: true as const };
  });
  registerRoute(app, deps, apiRoutes.skipSurvey, async ({ params }, ctx) => {
    await survey.skip(ctx.principal, params.id);
    return { success: true as const };
  });
  registerRoute(app, deps, apiRoutes.operatorSurveys, async ({ params }) => ({
    success: true as const,
    ...(await survey.list(params.page, params.rows)),
  }));
  registerRoute(app, deps, apiRoutes.operatorCreateSurvey, async ({ body }, ctx) => ({
    success: true as const,
    survey: await survey.create(ctx.principal, body),
  }));
  registerRoute(app, deps, apiRoutes.operatorSurveyActive, async ({ params, body }) => {
    await survey.setActive(params.id, body.active);
    return { success: true as const };
  });
  registerRoute(app, deps, apiRoutes.operatorSurveyAnswers, async ({ params }) => ({
    success: true as const,
    ...(await survey.answers(params.id)),
  }));
}
