import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle, securityHistory } from '../../db/schema/index.ts';
import { makeCompany } from '../../test/fixtures.ts';
import {
  makeLoginUser,
  postLogin,
  sha512hex,
  TEST_PASSWORD,
  totpCode,
} from '../../test/identity-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Only a wrong answer uses one of the five login attempts (as confirmations, issue 34). Parallel
 * right codes never answer LOGIN_BLOCKED (one logs in, the replays are refused without counting);
 * parallel or sequential wrong codes block exactly at five. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL with a real connection pool.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PARALLEL = 10;
const pw = sha512hex(TEST_PASSWORD);
const codesOf = (answers: LightMyRequestResponse[]) =>
  answers.map((a) => (a.statusCode === 200 ? 'OK' : (a.json().code as string)));
const tally = (codes: string[]) =>
  codes.reduce<Record<string, number>>((m, c) => {
    m[c] = (m[c] ?? 0) + 1;
    return m;
  }, {});

async function loginUser() {
  const company = await makeCompany(t);
  // Each test starts on a fresh TOTP step so earlier tests' codes are out of the window.
  t.clock.advance(120_000);
  return makeLoginUser(t, { merchantId: company.id, rights: ['create'] });
}

/** A code that matches none of the steps the server accepts now (one step either side). */
function wrongCode(secret: string, i = 0) {
  const accepted = new Set([-1, 0, 1].map((d) => totpCode(t, secret, d)));
  for (let n = 100_000 + i * 7919; ; n = (n + 1) % 1_000_000) {
    const c = String(n).padStart(6, '0');
    if (!accepted.has(c)) return c;
  }
}

const throttleOf = async (login: string) =>
  (await t.deps.db.select().from(loginThrottle).where(eq(loginThrottle.loginKey, login.toLowerCase())))[0];
const historyOf = (userId: string, action: string, result: 'success' | 'failure') =>
  t.deps.db
    .select()
    .from(securityHistory)
    .where(
      and(
        eq(securityHistory.userId, userId),
        eq(securityHistory.actionType, action),
        eq(securityHistory.actionResult, result),
      ),
    );

describe('login code step: only a wrong code uses an attempt', () => {
  it(`${PARALLEL} parallel logins with the same right code: one session, the replays refused, none blocked`, async () => {
    const u = await loginUser();
    const code = totpCode(t, u.secret);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        postLogin(t, { login: u.login, password: pw, secret_code: code }),
      ),
    );
    const codes = codesOf(answers);
    expect(tally(codes)).toEqual({ OK: 1, LOGIN_FAILED: PARALLEL - 1 });
    // The replays used no attempt: five wrong codes are still needed for a block.
    const throttle = await throttleOf(u.login);
    expect(throttle?.failures ?? 0).toBe(0);
    expect(throttle?.blockedUntil ?? null).toBeNull();
    t.clock.advance(30_000);
    const again = await postLogin(t, { login: u.login, password: pw, secret_code: totpCode(t, u.secret) });
    expect(again.statusCode).toBe(200);
  });

  it('parallel right codes after four wrong ones are not blocked (nothing is reserved before the check)', async () => {
    const u = await loginUser();
    for (let i = 0; i < 4; i++) {
      const r = await postLogin(t, { login: u.login, password: pw, secret_code: wrongCode(u.secret, i) });
      expect(r.json().code).toBe('LOGIN_FAILED');
    }
    const code = totpCode(t, u.secret);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        postLogin(t, { login: u.login, password: pw, secret_code: code }),
      ),
    );
    const codes = codesOf(answers);
    expect(codes).not.toContain('LOGIN_BLOCKED');
    expect(codes.filter((c) => c === 'OK').length).toBeGreaterThanOrEqual(1);
    expect((await historyOf(u.user.id, 'block', 'success')).length).toBe(0);
  });

  it('a replayed right code is refused with LOGIN_FAILED and never counts towards the block', async () => {
    const u = await loginUser();
    const code = totpCode(t, u.secret);
    expect((await postLogin(t, { login: u.login, password: pw, secret_code: code })).statusCode).toBe(200);
    for (let i = 0; i < 6; i++) {
      const replay = await postLogin(t, { login: u.login, password: pw, secret_code: code });
      expect(replay.statusCode).toBe(401);
      expect(replay.json().code).toBe('LOGIN_FAILED');
    }
    expect((await throttleOf(u.login))?.blockedUntil ?? null).toBeNull();
    t.clock.advance(30_000);
    expect(
      (await postLogin(t, { login: u.login, password: pw, secret_code: totpCode(t, u.secret) })).statusCode,
    ).toBe(200);
  });

  it(`${PARALLEL} parallel wrong codes block exactly at five`, async () => {
    const u = await loginUser();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        postLogin(t, { login: u.login, password: pw, secret_code: wrongCode(u.secret, i) }),
      ),
    );
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);
    // Four judged wrong, the fifth starts the block, the rest are judged inside it.
    expect(tally(codesOf(answers))).toEqual({ LOGIN_FAILED: 4, LOGIN_BLOCKED: PARALLEL - 4 });
    expect((await historyOf(u.user.id, 'login', 'failure')).length).toBe(5);
    expect((await historyOf(u.user.id, 'block', 'success')).length).toBe(1);
    const right = await postLogin(t, { login: u.login, password: pw, secret_code: totpCode(t, u.secret) });
    expect(right.json().code).toBe('LOGIN_BLOCKED');
  });

  it('sequential wrong codes block at the fifth with the lockout message, then even the right code', async () => {
    const u = await loginUser();
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await postLogin(t, { login: u.login, password: pw, secret_code: wrongCode(u.secret, i) });
      codes.push(r.json().code);
      if (i === 4) {
        expect(r.statusCode).toBe(403);
        expect(r.json().messages[0]).toBe('Too many failed attempts. Your access is blocked for 15 minutes.');
      }
    }
    expect(codes).toEqual([...Array(4).fill('LOGIN_FAILED'), 'LOGIN_BLOCKED']);
    const right = await postLogin(t, { login: u.login, password: pw, secret_code: totpCode(t, u.secret) });
    expect(right.json().code).toBe('LOGIN_BLOCKED');
    expect((await historyOf(u.user.id, 'login', 'failure')).length).toBe(5);
  });
});
