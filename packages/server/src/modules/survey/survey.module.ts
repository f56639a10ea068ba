import type { AppModule } from '../module.ts';
import { registerSurveyRoutes } from './survey.routes.ts';
import { seedDemoSurvey } from './survey.seed.ts';
import { createSurveyService, type SurveyService } from './survey.service.ts';

declare module '../../deps.ts' {
  interface ServiceRegistry {
    survey: SurveyService;
  }
}

/** Client surveys defined by staff (spec §2 survey: skip, complete, next, back). */
export const surveyModule: AppModule = {
  name: 'survey',
  register(app, deps) {
    const survey = createSurveyService(deps);
    deps.services.survey = survey;
    registerSurveyRoutes(app, deps, survey);
  },
  seed: seedDemoSurvey,
};
