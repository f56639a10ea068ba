import type { SurveyAnswer, SurveyQuestion } from '@portal/domain';
import { boolean, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const surveys = pgTable('surveys', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  questions: jsonb('questions').$type<SurveyQuestion[]>().notNull(),
  active: boolean('active').notNull().default(false),
  createdBy: uuid('created_by').notNull(),
  createdAt: ts('created_at').notNull(),
});

export const surveyResponses = pgTable(
  'survey_responses',
  {
    surveyId: uuid('survey_id').notNull(),
    userId: uuid('user_id').notNull(),
    merchantId: uuid('merchant_id'),
    status: text('status', { enum: ['answered', 'skipped'] }).notNull(),
    answers: jsonb('answers').$type<SurveyAnswer[]>().notNull().default([]),
    at: ts('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.userId] })],
);
