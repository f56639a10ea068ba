import { randomUUID } from 'node:crypto';
import {
  type SurveyAnswer,
  type SurveyInput,
  type SurveyQuestion,
  surveyAnswerProblems,
} from '@portal/domain';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import * as repo from './survey.repo.ts';

const view = (s: repo.SurveyRow) => ({ id: s.id, title: s.title, questions: s.questions });

/**
 * Client surveys: staff define a questionnaire; each client user sees the active one once and
 * answers or skips it (either is final); staff read the answers.
 */
export function createSurveyService(deps: AppDeps) {
  const { db, clock } = deps;

  async function respond(
    p: UserPrincipal,
    id: string,
    status: 'answered' | 'skipped',
    answers: SurveyAnswer[],
  ) {
    const survey = await repo.findSurvey(db, id);
    if (!survey?.active) throw new DomainError('SURVEY_NOT_FOUND');
    if (status === 'answered') {
      const fields = surveyAnswerProblems(survey.questions, answers);
      if (Object.keys(fields).length > 0) throw new DomainError('SURVEY_ANSWERS_INVALID', {}, { fields });
    }
    const stored = await repo.insertResponse(db, {
      surveyId: id,
      userId: p.userId,
      merchantId: p.merchantId,
      status,
      answers: status === 'answered' ? answers : [],
      at: clock.now(),
    });
    if (!stored) throw new DomainError('SURVEY_ALREADY_ANSWERED');
  }

  return {
    async current(p: UserPrincipal) {
      // Staff acting as a client answer nothing in the client's name.
      if (p.impersonatorId) return null;
      const s = await repo.openSurveyFor(db, p.userId);
      return s ? view(s) : null;
    },

    answer: (p: UserPrincipal, id: string, answers: SurveyAnswer[]) => respond(p, id, 'answered', answers),
    skip: (p: UserPrincipal, id: string) => respond(p, id, 'skipped', []),

    async create(p: UserPrincipal, input: SurveyInput & { active: boolean }) {
      const questions: SurveyQuestion[] = input.questions.map((q) => ({
        id: randomUUID().slice(0, 8),
        text: q.text,
        type: q.type,
        required: q.required,
        options: q.options,
      }));
      return inTransaction(db, async (tx) => {
        const s = await repo.insertSurvey(tx, {
          title: input.title,
          questions,
          active: false,
          createdBy: p.userId,
          createdAt: clock.now(),
        });
        if (input.active) await repo.setActive(tx, s.id, true);
        return view(s);
      });
    },

    async setActive(id: string, active: boolean) {
      const done = await inTransaction(db, (tx) => repo.setActive(tx, id, active));
      if (!done) throw new DomainError('SURVEY_NOT_FOUND');
    },

    async list(page: number, rows: number) {
      const [list, quantity] = await Promise.all([repo.listSurveys(db, page, rows), repo.countSurveys(db)]);
      return {
        surveys: list.map((r) => ({
          id: r.survey.id,
          title: r.survey.title,
          active: r.survey.active,
          questions: r.survey.questions.length,
          answered: Number(r.answered),
          skipped: Number(r.skipped),
          created_at: r.survey.createdAt.toISOString(),
        })),
        quantity,
      };
    },

    async answers(id: string) {
      const survey = await repo.findSurvey(db, id);
      if (!survey) throw new DomainError('SURVEY_NOT_FOUND');
      const rows = await repo.responsesOf(db, id);
      const users = service(deps, 'users');
      const companies = await service(deps, 'merchants').namesOf(
        rows.flatMap((r) => (r.merchantId ? [r.merchantId] : [])),
      );
      const responses = await Promise.all(
        rows.map(async (r) => ({
          user_name: await users.userName(r.userId),
          company_name: r.merchantId ? (companies.get(r.merchantId) ?? '') : '',
          status: r.status,
          answers: r.answers,
          at: r.at.toISOString(),
        })),
      );
      return { survey: view(survey), responses };
    },
  };
}
export type SurveyService = ReturnType<typeof createSurveyService>;
