import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loginWithTotp,
  makeLoginUser,
  postLogin,
  sha512hex,
  TEST_PASSWORD,
  totpCode,
} from '../../test/identity-fixtures.ts';
import { makeCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { isTemporaryDbFailure } from './login.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pw = sha512hex(TEST_PASSWORD);
const rights = (token: string) => t.call({ method: 'GET', url: '/api/frusrs/rights', token });

async function clientUser() {
  const company = await makeCompany(t);
  return makeLoginUser(t, { merchantId: company.id, rights: ['create'] });
}

describe('login with mandatory MFA', () => {
  it('asks for the code after the password, then answers a full session token', async () => {
    const u = await clientUser();
    const first = await postLogin(t, { login: u.login, password: pw });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, login_prompt: 'mfa_code' });
    // The pre-MFA token opens nothing but the MFA step.
    expect((await rights(first.json().token)).statusCode).toBe(401);

    const second = await postLogin(t, { login: u.login, password: pw, secret_code: totpCode(t, u.secret) });
    expect(second.statusCode).toBe(200);
    expect(second.json().login_prompt).toBeUndefined();
    const res = await rights(second.json().token);
    expect(res.statusCode).toBe(200);
    expect(res.json().actions).toContain('payments/createPayout');
  });

  it('accepts the login case-insensitively and the code under otp_code too', async () => {
    const u = await clientUser();
    const res = await postLogin(t, {
      login: u.login.toUpperCase(),
      password: pw,
      otp_code: totpCode(t, u.secret),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeTruthy();
  });

  it('refuses a replayed code, and a code from two steps away', async () => {
    const u = await clientUser();
    const code = totpCode(t, u.secret);
    expect((await postLogin(t, { login: u.login, password: pw, secret_code: code })).statusCode).toBe(200);
    const replay = await postLogin(t, { login: u.login, password: pw, secret_code: code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('LOGIN_FAILED');
    const stale = await postLogin(t, {
      login: u.login,
      password: pw,
      secret_code: totpCode(t, u.secret, -2),
    });
    expect(stale.statusCode).toBe(401);
  });

  it('gives the same answer for an unknown login, a wrong password and a wrong code', async () => {
    const u = await clientUser();
    const unknown = await postLogin(t, { login: 'nobody@example.com', password: pw, secret_code: '123456' });
    const wrongPw = await postLogin(t, { login: u.login, password: sha512hex('Wrong-Pass-1') });
    const wrongCode = await postLogin(t, {
      login: u.login,
      password: pw,
      secret_code: totpCode(t, u.secret) === '000000' ? '111111' : '000000',
    });
    for (const r of [unknown, wrongPw, wrongCode]) {
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({ code: 'LOGIN_FAILED', messages: [unknown.json().messages[0]] });
    }
  });

  it('refuses a password that is not a SHA-512 hex digest and a code that is not 6 digits (417)', async () => {
    const bad = await postLogin(t, { login: 'a@b.c', password: TEST_PASSWORD });
    expect(bad.statusCode).toBe(417);
    expect(bad.json().fields.password).toMatch(/SHA-512/);
    const badCode = await postLogin(t, { login: 'a@b.c', password: pw, secret_code: '12345' });
    expect(badCode.statusCode).toBe(417);
    expect(badCode.json().fields.secret_code).toMatch(/6 digits/);
  });

  it('blocks for 15 minutes after 5 consecutive failures, even the right password; the block then ends', async () => {
    const u = await clientUser();
    const session = await loginWithTotp(t, u.login, u.secret);
    for (let i = 1; i <= 4; i++) {
      expect(
        (await postLogin(t, { login: u.login, password: sha512hex(`Wrong-${i}-Pass!`) })).statusCode,
      ).toBe(401);
    }
    const fifth = await postLogin(t, { login: u.login, password: sha512hex('Wrong-5-Pass!') });
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json().messages[0]).toBe('Too many failed attempts. Your access is blocked for 15 minutes.');
    // The block ended the open session server-side.
    expect((await rights(session)).statusCode).toBe(401);
    const sixth = await postLogin(t, { login: u.login, password: pw, secret_code: totpCode(t, u.secret, 1) });
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json().code).toBe('LOGIN_BLOCKED');

    t.clock.advance(15 * 60_000 + 1);
    expect(await loginWithTotp(t, u.login, u.secret)).toBeTruthy();
  });

  it('blocks an unknown login the same way, so the block reveals nothing', async () => {
    for (let i = 0; i < 5; i++) await postLogin(t, { login: 'ghost@example.com', password: pw });
    const res = await postLogin(t, { login: 'ghost@example.com', password: pw });
    expect(res.json().code).toBe('LOGIN_BLOCKED');
  });

  it('a success resets the count: 4 failures, a login, 4 more failures still do not block', async () => {
    const u = await clientUser();
    const fail = () => postLogin(t, { login: u.login, password: sha512hex('Nope-Nope-1!') });
    for (let i = 0; i < 4; i++) await fail();
    await loginWithTotp(t, u.login, u.secret);
    for (let i = 0; i < 4; i++) expect((await fail()).statusCode).toBe(401);
  });

  it('deactivated and blocked users get their own message, only after the right password', async () => {
    const company = await makeCompany(t);
    const off = await makeLoginUser(t, { merchantId: company.id, user: { status: 'deactivated' } });
    const blocked = await makeLoginUser(t, { merchantId: company.id, user: { status: 'blocked' } });
    expect((await postLogin(t, { login: off.login, password: pw })).json().code).toBe(
      'LOGIN_USER_DEACTIVATED',
    );
    expect((await postLogin(t, { login: blocked.login, password: pw })).json().code).toBe(
      'LOGIN_USER_BLOCKED',
    );
    expect((await postLogin(t, { login: off.login, password: sha512hex('Other-Pass-1!') })).json().code).toBe(
      'LOGIN_FAILED',
    );
  });

  it('refreshes a full session token, refuses a pre-MFA one, and fails after logout', async () => {
    const u = await clientUser();
    const token = await loginWithTotp(t, u.login, u.secret);
    const refreshed = await t.call({ method: 'GET', url: '/api/frusrs/tkn', token });
    expect(refreshed.statusCode).toBe(200);
    const pre = (await postLogin(t, { login: u.login, password: pw })).json().token;
    expect((await t.call({ method: 'GET', url: '/api/frusrs/tkn', token: pre })).statusCode).toBe(401);

    expect((await t.call({ method: 'POST', url: '/api/frusrs/logout', token, payload: {} })).statusCode).toBe(
      200,
    );
    expect((await rights(token)).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/api/frusrs/tkn', token: refreshed.json().token })).statusCode,
    ).toBe(401);
  });
});

describe('MFA setup', () => {
  it('leads a user without a secret to set one up; the first code confirms it; it cannot be replaced', async () => {
    const company = await makeCompany(t);
    const u = await makeLoginUser(t, { merchantId: company.id, withSecret: false });
    const first = await postLogin(t, { login: u.login, password: pw });
    expect(first.json().login_prompt).toBe('mfa_setup');
    const pre = first.json().token;

    const wrongPw = await t.post('/api/frusrs/get_secret', pre, { password: sha512hex('Bad-Pass-99!') });
    expect(wrongPw.statusCode).toBe(401);
    const created = await t.post('/api/frusrs/get_secret', pre, { password: pw });
    expect(created.statusCode).toBe(200);
    const { secret, qr_code, otpauth_url } = created.json();
    expect(qr_code).toMatch(/^data:image\/png;base64,/);
    expect(otpauth_url).toContain(`secret=${secret}`);
    // Without a code the login still asks for the setup to be finished.
    expect((await postLogin(t, { login: u.login, password: pw })).json().login_prompt).toBe('mfa_setup');

    const done = await postLogin(t, { login: u.login, password: pw, secret_code: totpCode(t, secret) });
    expect(done.statusCode).toBe(200);
    expect(done.json().login_prompt).toBeUndefined();

    const pre2 = (await postLogin(t, { login: u.login, password: pw })).json();
    expect(pre2.login_prompt).toBe('mfa_code');
    const again = await t.post('/api/frusrs/get_secret', pre2.token, { password: pw });
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('MFA_SECRET_EXISTS');
    // A full session token is not a pre-MFA token: get_secret refuses it.
    const full = await t.post('/api/frusrs/get_secret', done.json().token, { password: pw });
    expect(full.statusCode).toBe(401);
  });
});

describe('overdue password', () => {
  it('prompts for a new password, refuses the old one, and logs in with the new one and the code', async () => {
    const company = await makeCompany(t);
    const u = await makeLoginUser(t, {
      merchantId: company.id,
      user: { passwordChangeRequiredBy: new Date(t.clock.now().getTime() - 1000) },
    });
    expect((await postLogin(t, { login: u.login, password: pw })).json().login_prompt).toBe(
      'password_change',
    );
    const next = 'Brand-New-Pass-42';
    const counts = { length: 17, alpha_capitals: 3, numbers: 2, special_chars: 3 };
    const same = await postLogin(t, {
      login: u.login,
      password: pw,
      new_password: pw,
      ...counts,
      secret_code: totpCode(t, u.secret),
    });
    expect(same.json().code).toBe('PASSWORD_SAME_AS_OLD');
    const weak = await postLogin(t, {
      login: u.login,
      password: pw,
      new_password: sha512hex('short'),
      length: 5,
      alpha_capitals: 0,
      numbers: 0,
      special_chars: 0,
      secret_code: totpCode(t, u.secret),
    });
    expect(weak.statusCode).toBe(417);
    const ok = await postLogin(t, {
      login: u.login,
      password: pw,
      new_password: sha512hex(next),
      ...counts,
      secret_code: totpCode(t, u.secret),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toBeTruthy();
    expect(await loginWithTotp(t, u.login, u.secret, next)).toBeTruthy();
  });
});

describe('maintenance', () => {
  it('answers 403 MAINTENANCE to a client login while maintenance runs; an admin still logs in', async () => {
    const admin = await makeLoginUser(t, { group: 'admin' });
    const client = await clientUser();
    await t.deps.maintenance.start('Upgrade', 'test');
    try {
      t.clock.advance(30_000);
      const res = await postLogin(t, {
        login: client.login,
        password: pw,
        secret_code: totpCode(t, client.secret),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('MAINTENANCE');
      const adminToken = await loginWithTotp(t, admin.login, admin.secret);
      expect(
        (await t.call({ method: 'POST', url: '/api/maintenance/end', token: adminToken, payload: {} }))
          .statusCode,
      ).toBe(200);
    } finally {
      await t.deps.maintenance.end('test');
    }
  });
});

describe('spec §8 login conditions decided by the server', () => {
  it('a block earned at the overdue password change says so', async () => {
    const company = await makeCompany(t);
    const u = await makeLoginUser(t, {
      merchantId: company.id,
      user: { passwordChangeRequiredBy: new Date(t.clock.now().getTime() - 1000) },
    });
    const counts = { length: 17, alpha_capitals: 3, numbers: 2, special_chars: 3 };
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await postLogin(t, {
        login: u.login,
        password: pw,
        new_password: sha512hex('Brand-New-Pass-42'),
        ...counts,
        secret_code: '000000',
      });
      codes.push(res.json().code);
    }
    expect(codes.slice(0, 4)).toEqual(Array(4).fill('LOGIN_FAILED'));
    expect(codes[4]).toBe('LOGIN_BLOCKED_PASSWORD_CHANGE');
    // An ordinary block (wrong password) keeps the ordinary message: nothing is revealed.
    const other = await clientUser();
    let last = '';
    for (let i = 0; i < 5; i++)
      last = (await postLogin(t, { login: other.login, password: sha512hex('wrong') })).json().code;
    expect(last).toBe('LOGIN_BLOCKED');
  });

  it('answers 503 LOGIN_RECOVERY while the database recovers, not a server error', async () => {
    const u = await clientUser();
    const original = t.deps.maintenance.state;
    t.deps.maintenance.state = async () => {
      throw Object.assign(new Error('the database system is in recovery mode'), { code: '57P03' });
    };
    try {
      const res = await postLogin(t, { login: u.login, password: pw, secret_code: totpCode(t, u.secret) });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('LOGIN_RECOVERY');
    } finally {
      t.deps.maintenance.state = original;
    }
    expect((await postLogin(t, { login: u.login, password: pw })).statusCode).toBe(200);
  });

  it('tells temporary database failures from real errors', () => {
    expect(isTemporaryDbFailure(Object.assign(new Error('x'), { code: '57P01' }))).toBe(true);
    expect(isTemporaryDbFailure(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isTemporaryDbFailure(new Error('y', { cause: { code: 'ECONNREFUSED' } }))).toBe(true);
    expect(isTemporaryDbFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTemporaryDbFailure(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(isTemporaryDbFailure(new Error('boom'))).toBe(false);
  });
});
