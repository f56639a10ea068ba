// Zod-free, so a screen that needs only the limits (the dashboard's survey prompt) does not load the
// survey schemas and zod with them (issue 15).

/** Question kinds of a client survey (spec §2: survey with skip, complete, next, back). */
export const SURVEY_QUESTION_TYPES = ['single', 'multi', 'text', 'rating'] as const;
export type SurveyQuestionType = (typeof SURVEY_QUESTION_TYPES)[number];

export const SURVEY_LIMITS = {
  title: 200,
  question: 500,
  option: 120,
  options: 10,
  questions: 20,
  answer: 2000,
};
export const SURVEY_RATING = { min: 1, max: 5 } as const;
