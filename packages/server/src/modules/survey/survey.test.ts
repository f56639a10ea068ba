import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { group: 'admin' });
});
afterAll(() => t.close());

const post = (url: string, token: string, payload: Record<string, unknown> = {}) =>
  t.call({ method: 'POST', url, token, payload });
const get = (url: string, token: string) => t.call({ method: 'GET', url, token });

const definition = {
  title: 'Quarterly check-in',
  questions: [
    { text: 'How satisfied are you?', type: 'rating', required: true },
    { text: 'Which areas do you use?', type: 'multi', options: ['Payments', 'FX', 'Statements'] },
    { text: 'Main channel?', type: 'single', options: ['Portal', 'API'], required: true },
    { text: 'Anything else?', type: 'text' },
  ],
};

async function createSurvey(body: Record<string, unknown> = definition) {
  const r = await post('/api/operator/surveys', admin.token, body);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().survey as { id: string; questions: { id: string }[] };
}

async function clientUser() {
  const company = await makeCompany(t);
  return makeUser(t, { merchantId: company.id });
}

describe('client surveys', () => {
  it('a client sees the active survey once, answers it, cannot answer twice; staff read the answers', async () => {
    const survey = await createSurvey();
    const [rating, areas, channel, other] = survey.questions.map((q) => q.id);
    const user = await clientUser();
    const current = await get('/api/survey/current', user.token);
    expect(current.json().survey).toMatchObject({ id: survey.id, title: 'Quarterly check-in' });

    const answers = [
      { question_id: rating, value: 4 },
      { question_id: areas, value: ['Payments', 'FX'] },
      { question_id: channel, value: 'API' },
      { question_id: other, value: '<b>More</b> currencies' },
    ];
    const done = await post(`/api/survey/answer/${survey.id}`, user.token, { answers });
    expect(done.statusCode, done.body).toBe(200);
    expect((await get('/api/survey/current', user.token)).json().survey).toBeNull();
    const twice = await post(`/api/survey/answer/${survey.id}`, user.token, { answers });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('SURVEY_ALREADY_ANSWERED');
    expect((await post(`/api/survey/skip/${survey.id}`, user.token)).statusCode).toBe(409);

    const staff = await get(`/api/operator/surveys/answers/${survey.id}`, admin.token);
    expect(staff.json().responses).toHaveLength(1);
    expect(staff.json().responses[0]).toMatchObject({ status: 'answered', answers });
    const list = await get('/api/operator/surveys/1/10', admin.token);
    expect(list.json().surveys[0]).toMatchObject({ id: survey.id, answered: 1, skipped: 0, questions: 4 });
  });

  it('refuses answers that do not fit the questions and stores nothing', async () => {
    const survey = await createSurvey();
    const [rating, areas, channel] = survey.questions.map((q) => q.id);
    const user = await clientUser();
    const cases: [unknown[], string][] = [
      [[{ question_id: channel, value: 'API' }], rating ?? ''],
      [
        [
          { question_id: rating, value: 3 },
          { question_id: channel, value: 'Fax' },
        ],
        channel ?? '',
      ],
      [
        [
          { question_id: rating, value: 3 },
          { question_id: channel, value: 'API' },
          { question_id: areas, value: ['Payments', 'Payments'] },
        ],
        areas ?? '',
      ],
      [
        [
          { question_id: rating, value: 3 },
          { question_id: channel, value: 'API' },
          { question_id: 'nope', value: 'x' },
        ],
        'nope',
      ],
    ];
    for (const [answers, field] of cases) {
      const r = await post(`/api/survey/answer/${survey.id}`, user.token, { answers });
      expect(r.statusCode, JSON.stringify(answers)).toBe(417);
      expect(Object.keys(r.json().fields ?? {})).toContain(field);
    }
    const outOfRange = await post(`/api/survey/answer/${survey.id}`, user.token, {
      answers: [{ question_id: rating, value: 9 }],
    });
    expect(outOfRange.statusCode).toBe(417);
    // Nothing was stored: the survey is still offered.
    expect((await get('/api/survey/current', user.token)).json().survey?.id).toBe(survey.id);
  });

  it('skipping is final too; one active survey at a time; clients cannot define surveys', async () => {
    const first = await createSurvey();
    const user = await clientUser();
    expect((await post(`/api/survey/skip/${first.id}`, user.token)).statusCode).toBe(200);
    expect((await get('/api/survey/current', user.token)).json().survey).toBeNull();
    const second = await createSurvey({ ...definition, title: 'Second' });
    expect((await get('/api/survey/current', user.token)).json().survey?.id).toBe(second.id);
    // The first one was retired when the second became active.
    const other = await clientUser();
    expect((await post(`/api/survey/skip/${first.id}`, other.token)).statusCode).toBe(404);

    expect((await post('/api/operator/surveys', user.token, definition)).statusCode).toBe(403);
    const bad = await post('/api/operator/surveys', admin.token, {
      title: ' ',
      questions: [{ text: 'Pick', type: 'single', options: ['Only one'] }],
    });
    expect(bad.statusCode).toBe(417);
    expect(bad.json().fields).toMatchObject({ title: 'required', 'questions.0.options': 'twoOptions' });
    expect(
      (await post(`/api/operator/surveys/active/${second.id}`, admin.token, { active: false })).statusCode,
    ).toBe(200);
    expect((await get('/api/survey/current', other.token)).json().survey).toBeNull();
  });
});
