import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHistory } from '../db/schema/index.ts';
import {
  COMPANY,
  createRecord,
  lastCode,
  loginAs,
  makeAdmin,
  PASSWORD,
  person,
  setBoardingPassword,
  sha512,
} from '../modules/boarding/boarding.fixtures.ts';
import { makeCompany } from '../test/fixtures.ts';
import { makeLoginUser, postLogin, sha512hex, TEST_PASSWORD, totpCode } from '../test/identity-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Issue 17: every attempt counter takes its count atomically BEFORE the answer is checked, so a
 * burst of 50 parallel wrong answers has at most 5 checked, and a right answer sent inside or
 * after the burst is refused once the block is on. Meaningful on PostgreSQL (TEST_DATABASE_URL),
 * where the requests really run in parallel; on PGlite it still checks the rule.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BURST = 50;
const codeOf = (r: { body: string }) => {
  try {
    return JSON.parse(r.body).code as string | undefined;
  } catch {
    return undefined;
  }
};

/**
 * 50 wrong one-time codes and the right one at once through `exchange`, then what every one-time
 * code counter must give: no 5xx, at most 5 codes checked, the right code refused in and after
 * the burst.
 */
async function expectOtpBurstBlocked(
  right: string,
  exchange: (code: string) => Promise<{ statusCode: number; body: string }>,
) {
  const wrongCode = (i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
  const answers = await Promise.all([
    ...Array.from({ length: BURST }, (_, i) => exchange(wrongCode(i))),
    exchange(right),
  ]);
  expect(answers.every((a) => a.statusCode < 500)).toBe(true);
  expect(answers.filter((a) => codeOf(a) === 'OTP_INVALID').length).toBeLessThanOrEqual(5);
  expect(answers.at(-1)?.statusCode).not.toBe(200);
  expect(codeOf(await exchange(right))).toBe('OTP_BLOCKED');
}

/** A new boarding record whose Business Contact has set PASSWORD. */
async function recordWithBcPassword() {
  const admin = await makeAdmin(t);
  const { uuid, email } = await createRecord(t, admin);
  await setBoardingPassword(t, uuid, 'bc', email);
  return { uuid, email };
}

describe('attempt counters under a parallel burst', () => {
  it('login lockout: 50 wrong passwords + the right one → at most 5 checked, the right one refused', async () => {
    const company = await makeCompany(t);
    const u = await makeLoginUser(t, { merchantId: company.id, rights: ['create'] });
    const wrong = Array.from({ length: BURST }, (_, i) =>
      postLogin(t, { login: u.login, password: sha512hex(`wrong-${i}`) }),
    );
    const right = postLogin(t, {
      login: u.login,
      password: sha512hex(TEST_PASSWORD),
      secret_code: totpCode(t, u.secret),
    });
    const answers = await Promise.all([...wrong, right]);
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);
    const checked = await t.deps.db
      .select()
      .from(securityHistory)
      .where(
        and(
          eq(securityHistory.userId, u.user.id),
          eq(securityHistory.actionType, 'login'),
          eq(securityHistory.actionResult, 'failure'),
        ),
      );
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(answers.at(-1)?.statusCode).not.toBe(200);
    // After the burst the block holds: the right password and a fresh code are refused.
    t.clock.advance(30_000);
    const after = await postLogin(t, {
      login: u.login,
      password: sha512hex(TEST_PASSWORD),
      secret_code: totpCode(t, u.secret),
    });
    expect(codeOf(after)).toBe('LOGIN_BLOCKED');
  });

  it('boarding login: 50 wrong passwords + the right one → at most 5 checked, the right one refused', async () => {
    const { uuid, email } = await recordWithBcPassword();
    const lgn = (pss: string) =>
      t.call({ method: 'POST', url: `/api/crm_accounts/lgn/${uuid}/bc`, payload: { eml: email, pss } });
    const answers = await Promise.all([
      ...Array.from({ length: BURST }, (_, i) => lgn(sha512(`wrong-${i}`))),
      lgn(sha512(PASSWORD)),
    ]);
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);
    const checked = answers.filter((a) => codeOf(a) === 'BOARDING_LOGIN_FAILED').length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(answers.at(-1)?.statusCode).not.toBe(200);
    expect(codeOf(await lgn(sha512(PASSWORD)))).toBe('BOARDING_LOGIN_BLOCKED');
  });

  it('boarding login: right passwords sent together after four wrong ones all log in; only wrong ones count', async () => {
    const { uuid, email } = await recordWithBcPassword();
    const lgn = (pss: string) =>
      t.call({ method: 'POST', url: `/api/crm_accounts/lgn/${uuid}/bc`, payload: { eml: email, pss } });
    for (let i = 0; i < 4; i++) expect(codeOf(await lgn(sha512(`wrong-${i}`)))).toBe('BOARDING_LOGIN_FAILED');
    // Several tabs or a double click: a right password never uses one of the five attempts.
    const right = await Promise.all(Array.from({ length: 6 }, () => lgn(sha512(PASSWORD))));
    expect(right.map((a) => codeOf(a) ?? a.statusCode)).toEqual(Array(6).fill(200));
    // The right answer ended the run of wrong ones: four more are still no block.
    for (let i = 0; i < 4; i++) expect(codeOf(await lgn(sha512(`again-${i}`)))).toBe('BOARDING_LOGIN_FAILED');
    expect((await lgn(sha512(PASSWORD))).statusCode).toBe(200);
  });

  it('boarding one-time code: 50 wrong codes + the right one → at most 5 checked, the right one refused', async () => {
    const { uuid, email } = await recordWithBcPassword();
    const login = await t.call({
      method: 'POST',
      url: `/api/crm_accounts/lgn/${uuid}/bc`,
      payload: { eml: email, pss: sha512(PASSWORD) },
    });
    const { token: pre, contact_uuid } = login.json();
    const right = await lastCode(t, email);
    const exchange = (otp_code: string) =>
      t.call({
        method: 'POST',
        url: '/api/security/otp_tkn/boarding_verification',
        token: pre,
        payload: { acc_uuid: uuid, contact_uuid, otp_code },
      });
    await expectOtpBurstBlocked(right, exchange);
  });

  it('verification page code: 50 wrong codes + the right one → at most 5 checked, the right one refused', async () => {
    const admin = await makeAdmin(t);
    const { uuid, email } = await createRecord(t, admin);
    const bc = await loginAs(t, uuid, 'bc', email);
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.call({ method, url: `/api${url}`, token: bc, ...(payload ? { payload } : {}) });
    await call('POST', '/boarding/forms/lock');
    await call('PUT', '/boarding/forms', { company: COMPANY });
    const p = person({ last_name: 'Burst', email: 'burst@nordlicht.example', ownership: '100' });
    const added = (await call('POST', '/boarding/forms/persons', p)).json().person;
    await call('POST', '/boarding/forms/submit', { principal_signer_id: added.id });
    await t.call({
      method: 'POST',
      url: `/api/operator/boarding/${uuid}/internal-check`,
      token: admin,
      payload: { decision: 'approve' },
    });
    await call('GET', `/crm_accounts/send_ver_links/${uuid}/bc`);
    const mail = (await t.deps.mail.outbox(p.email, 5)).find((m) => m.kind === 'verification-link');
    const contactUuid = /\/([0-9a-f-]{36})\n/.exec(mail?.textBody ?? '')?.[1] ?? '';
    expect(contactUuid).not.toBe('');
    await t.call({
      method: 'POST',
      url: '/api/security/gen_otp/initial_verification',
      payload: { acc_uuid: uuid, contact_uuid: contactUuid },
    });
    const right = await lastCode(t, p.email);
    const exchange = (otp_code: string) =>
      t.call({
        method: 'POST',
        url: '/api/security/otp_tkn/initial_verification',
        payload: { acc_uuid: uuid, contact_uuid: contactUuid, otp_code },
      });
    await expectOtpBurstBlocked(right, exchange);
  });
});
