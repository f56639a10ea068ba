import { z } from 'zod';
import { defineRoute, ok, pageParams } from '../api/route.ts';
import { defineErrors, errorDef } from '../errors/define.ts';
import { SURVEY_LIMITS, SURVEY_QUESTION_TYPES, SURVEY_RATING } from './survey-limits.ts';

export * from './survey-limits.ts';

/** Validation messages are codes (`survey:validation.<code>` in the browser). */
const text = (max: number) => z.string().trim().min(1, 'required').max(max, 'tooLong');

export const surveyQuestionInputSchema = z
  .object({
    text: text(SURVEY_LIMITS.question),
    type: z.enum(SURVEY_QUESTION_TYPES),
    required: z.boolean().default(false),
    options: z.array(text(SURVEY_LIMITS.option)).max(SURVEY_LIMITS.options, 'tooMany').default([]),
  })
  .superRefine((q, ctx) => {
    const choice = q.type === 'single' || q.type === 'multi';
    if (choice && q.options.length < 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'twoOptions' });
    if (!choice && q.options.length > 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'noOptions' });
    if (new Set(q.options.map((o) => o.toLowerCase())).size !== q.options.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'duplicate' });
  });

export const surveyInputSchema = z.object({
  title: text(SURVEY_LIMITS.title),
  questions: z.array(surveyQuestionInputSchema).min(1, 'required').max(SURVEY_LIMITS.questions, 'tooMany'),
});
export type SurveyInput = z.output<typeof surveyInputSchema>;

export const surveyQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  type: z.enum(SURVEY_QUESTION_TYPES),
  required: z.boolean(),
  options: z.array(z.string()),
});
export type SurveyQuestion = z.output<typeof surveyQuestionSchema>;

export const surveySchema = z.object({
  id: z.string(),
  title: z.string(),
  questions: z.array(surveyQuestionSchema),
});

/** One answer: the chosen option(s), the text typed, or a rating. */
export const surveyAnswerSchema = z.object({
  question_id: z.string().min(1).max(64),
  value: z.union([
    z.string().trim().max(SURVEY_LIMITS.answer, 'tooLong'),
    z.array(z.string().max(SURVEY_LIMITS.option)).max(SURVEY_LIMITS.options),
    z.number().int().min(SURVEY_RATING.min).max(SURVEY_RATING.max),
  ]),
});
export type SurveyAnswer = z.output<typeof surveyAnswerSchema>;

/** Checks answers against the questions; answers a field → code map, empty when valid. */
export function surveyAnswerProblems(questions: readonly SurveyQuestion[], answers: readonly SurveyAnswer[]) {
  const problems: Record<string, string> = {};
  const byId = new Map(answers.map((a) => [a.question_id, a.value]));
  if (byId.size !== answers.length) problems.answers = 'duplicate';
  for (const a of answers)
    if (!questions.some((q) => q.id === a.question_id)) problems[a.question_id] = 'unknown';
  for (const q of questions) {
    const v = byId.get(q.id);
    const empty = v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
    if (empty) {
      if (q.required) problems[q.id] = 'required';
      continue;
    }
    const ok =
      (q.type === 'text' && typeof v === 'string') ||
      (q.type === 'rating' && typeof v === 'number') ||
      (q.type === 'single' && typeof v === 'string' && q.options.includes(v)) ||
      (q.type === 'multi' &&
        Array.isArray(v) &&
        new Set(v).size === v.length &&
        v.every((o) => q.options.includes(o)));
    if (!ok) problems[q.id] = 'invalidAnswer';
  }
  return problems;
}

export const surveyErrors = defineErrors({
  SURVEY_NOT_FOUND: errorDef(404, 'The survey was not found.'),
  SURVEY_ALREADY_ANSWERED: errorDef(409, 'You have already answered or skipped this survey.'),
  SURVEY_ANSWERS_INVALID: errorDef(417, 'Something went wrong. Validation problem.'),
});

const surveySummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  active: z.boolean(),
  questions: z.number().int(),
  answered: z.number().int(),
  skipped: z.number().int(),
  created_at: z.string(),
});

export const surveyRoutes = {
  currentSurvey: defineRoute({
    method: 'GET',
    path: '/survey/current',
    summary: 'The active survey the caller has neither answered nor skipped (null when none)',
    tag: 'survey',
    auth: 'user',
    right: 'merchants/view',
    response: ok({ survey: surveySchema.nullable() }),
  }),
  answerSurvey: defineRoute({
    method: 'POST',
    path: '/survey/answer/:id',
    summary: 'Complete a survey once',
    tag: 'survey',
    auth: 'user',
    right: 'merchants/view',
    errors: ['SURVEY_ALREADY_ANSWERED', 'SURVEY_ANSWERS_INVALID', 'SURVEY_NOT_FOUND'],
    params: z.object({ id: z.uuid() }),
    body: z.object({ answers: z.array(surveyAnswerSchema).max(SURVEY_LIMITS.questions * 2) }),
    response: ok({}),
  }),
  skipSurvey: defineRoute({
    method: 'POST',
    path: '/survey/skip/:id',
    summary: 'Skip a survey: it is not shown again',
    tag: 'survey',
    auth: 'user',
    right: 'merchants/view',
    errors: ['SURVEY_ALREADY_ANSWERED', 'SURVEY_ANSWERS_INVALID', 'SURVEY_NOT_FOUND'],
    params: z.object({ id: z.uuid() }),
    body: z.object({}).optional(),
    response: ok({}),
  }),
  operatorSurveys: defineRoute({
    method: 'GET',
    path: '/operator/surveys/:page/:rows',
    summary: 'Surveys with their answer counts (staff)',
    tag: 'operator',
    auth: 'admin',
    params: pageParams,
    response: ok({ surveys: z.array(surveySummarySchema), quantity: z.number().int() }),
  }),
  operatorCreateSurvey: defineRoute({
    method: 'POST',
    path: '/operator/surveys',
    summary: 'Define a survey; making it active retires the previous active one (staff)',
    tag: 'operator',
    auth: 'admin',
    errors: ['SURVEY_NOT_FOUND'],
    body: surveyInputSchema.extend({ active: z.boolean().default(true) }),
    response: ok({ survey: surveySchema }),
  }),
  operatorSurveyActive: defineRoute({
    method: 'POST',
    path: '/operator/surveys/active/:id',
    summary: 'Switch a survey on or off (staff)',
    tag: 'operator',
    auth: 'admin',
    errors: ['SURVEY_NOT_FOUND'],
    params: z.object({ id: z.uuid() }),
    body: z.object({ active: z.boolean() }),
    response: ok({}),
  }),
  operatorSurveyAnswers: defineRoute({
    method: 'GET',
    path: '/operator/surveys/answers/:id',
    summary: "A survey's questions and every response (staff)",
    tag: 'operator',
    auth: 'admin',
    errors: ['SURVEY_NOT_FOUND'],
    params: z.object({ id: z.uuid() }),
    response: ok({
      survey: surveySchema,
      responses: z.array(
        z.object({
          user_name: z.string(),
          company_name: z.string(),
          status: z.enum(['answered', 'skipped']),
          answers: z.array(surveyAnswerSchema),
          at: z.string(),
        }),
      ),
    }),
  }),
};
