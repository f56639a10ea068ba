import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany } from '../../test/fixtures.ts';
import {
  loginWithTotp,
  makeLoginUser,
  newPasswordFields,
  postLogin,
  sha512hex,
  TEST_PASSWORD,
} from '../../test/identity-fixtures.ts';
import { createTestAppWithMail, linkIn, type TestAppWithMail } from '../../test/smtp.ts';

let t: TestAppWithMail;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

const pw = sha512hex(TEST_PASSWORD);

async function companyWithMaster() {
  const company = await makeCompany(t);
  const master = await makeLoginUser(t, {
    merchantId: company.id,
    isMaster: true,
    rights: ['create', 'approve'],
  });
  const standard = await makeLoginUser(t, { merchantId: company.id, rights: ['create'] });
  return { company, master, standard };
}

describe('change password', () => {
  it("says 'Wrong password' (401) for a wrong old one and refuses a new one equal to the old", async () => {
    const { standard } = await companyWithMaster();
    const wrong = await t.post('/api/frusrs/change_password', standard.token, {
      old_password: sha512hex('Not-Mine-12!'),
      ...newPasswordFields('Another-Pass-3'),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().messages).toEqual(['Wrong password']);
    const same = await t.post('/api/frusrs/change_password', standard.token, {
      old_password: pw,
      ...newPasswordFields(TEST_PASSWORD),
    });
    expect(same.json().code).toBe('PASSWORD_SAME_AS_OLD');
  });

  it('refuses counts below the policy and a common password, changing nothing', async () => {
    const { standard } = await companyWithMaster();
    const weak = await t.post('/api/frusrs/change_password', standard.token, {
      old_password: pw,
      ...newPasswordFields('abcdefghij'),
    });
    expect(weak.statusCode).toBe(417);
    expect(Object.keys(weak.json().fields)).toEqual(['alpha_capitals', 'numbers', 'special_chars']);
    const common = await t.post('/api/frusrs/change_password', standard.token, {
      old_password: pw,
      ...newPasswordFields('Password123!'),
    });
    expect(common.json().code).toBe('PASSWORD_TOO_COMMON');
    expect(await loginWithTotp(t, standard.login, standard.secret)).toBeTruthy();
  });

  it('changes the password and ends the session server-side', async () => {
    const { standard } = await companyWithMaster();
    const res = await t.post('/api/frusrs/change_password', standard.token, {
      old_password: pw,
      ...newPasswordFields('Fresh-Pass-77'),
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await t.call({ method: 'GET', url: '/api/frusrs/rights', token: standard.token })).statusCode,
    ).toBe(401);
    expect(await loginWithTotp(t, standard.login, standard.secret, 'Fresh-Pass-77')).toBeTruthy();
  });
});

describe('password renewal link (over SMTP)', () => {
  it('forgot password reaches the Master User, who sends a 15-minute single-use link', async () => {
    const { master, standard } = await companyWithMaster();
    const req = await t.call({
      method: 'GET',
      url: `/api/user_invitations/renewprequest/${encodeURIComponent(standard.login)}`,
    });
    expect(req.statusCode).toBe(200);
    const toMaster = await t.smtp.waitFor(master.user.email, 'password reset');
    expect(toMaster.text).toContain(standard.user.email);
    // An unknown login gets the same answer.
    expect(
      (await t.call({ method: 'GET', url: '/api/user_invitations/renewprequest/nobody%40x.example' }))
        .statusCode,
    ).toBe(200);

    const send = await t.post(`/api/frusrs/reset_password/${standard.user.id}`, master.token);
    expect(send.statusCode).toBe(200);
    const mail = await t.smtp.waitFor(standard.user.email, 'Set a new password');
    const path = linkIn(mail, '/frusrs/renewp/');
    const info = await t.call({ method: 'GET', url: `/api${path}` });
    expect(info.json().email).toBe(standard.user.email);

    const set = await t.post(`/api${path}`, undefined, newPasswordFields('Renewed-Pass-5'));
    expect(set.statusCode).toBe(200);
    const reused = await t.post(`/api${path}`, undefined, newPasswordFields('Renewed-Pass-6'));
    expect(reused.statusCode).toBe(404);
    expect(reused.json().code).toBe('LINK_INVALID');
    expect(await loginWithTotp(t, standard.login, standard.secret, 'Renewed-Pass-5')).toBeTruthy();
  });

  it('refuses the link after 15 minutes', async () => {
    const { master, standard } = await companyWithMaster();
    await t.post(`/api/frusrs/reset_password/${standard.user.id}`, master.token);
    const path = linkIn(await t.smtp.waitFor(standard.user.email, 'Set a new password'), '/frusrs/renewp/');
    t.clock.advance(15 * 60_000 + 1);
    const late = await t.post(`/api${path}`, undefined, newPasswordFields('Too-Late-Pass-1'));
    expect(late.statusCode).toBe(404);
    expect(late.json().code).toBe('LINK_EXPIRED');
    expect((await t.call({ method: 'GET', url: '/api/frusrs/renewp/made-up-token' })).json().code).toBe(
      'LINK_INVALID',
    );
  });

  it('a user whose profile language is Russian gets the renewal link in Russian', async () => {
    const { master, standard } = await companyWithMaster();
    const saved = await t.post('/api/frusrs/change_settings', standard.token, { ui_language: 'ru' });
    expect(saved.statusCode).toBe(200);
    await t.post(`/api/frusrs/reset_password/${standard.user.id}`, master.token);
    // The outbox keeps the text as written (the test SMTP catcher does not decode MIME words).
    const [mail] = (await t.deps.mail.outbox(standard.user.email, 5)).filter(
      (m) => m.kind === 'password-renewal',
    );
    expect(mail?.subject).toBe('Задайте новый пароль');
    expect(mail?.textBody).toContain('в течение 15 минут');
    expect(mail?.textBody).toMatch(/\/frusrs\/renewp\/\S+/);
  });

  it('a Master User whose profile language is Russian reads the reset request in Russian', async () => {
    const { master, standard } = await companyWithMaster();
    const saved = await t.post('/api/frusrs/change_settings', master.token, { ui_language: 'ru' });
    expect(saved.statusCode).toBe(200);
    const req = await t.call({
      method: 'GET',
      url: `/api/user_invitations/renewprequest/${encodeURIComponent(standard.login)}`,
    });
    expect(req.statusCode).toBe(200);
    const [mail] = (await t.deps.mail.outbox(master.user.email, 5)).filter((m) => m.kind === 'reset-request');
    expect(mail?.subject).toMatch(/ запрашивает сброс пароля$/);
    expect(mail?.textBody).toContain(`(${standard.user.email}) запрашивает сброс пароля`);
  });

  it('a Standard User cannot send a reset to a colleague', async () => {
    const { master, standard } = await companyWithMaster();
    const res = await t.post(`/api/frusrs/reset_password/${master.user.id}`, standard.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().messages).toEqual(['Only Master User is able to perform this operation.']);
  });
});

describe('email change (over SMTP)', () => {
  it('sets email_confirmed false, mails a link to the new address, and the link confirms it once', async () => {
    const { standard } = await companyWithMaster();
    const next = `new-${standard.user.id.slice(0, 8)}@example.com`;
    const wrong = await t.post('/api/frusrs/change_email', standard.token, {
      password: sha512hex('Bad-Pass-11!'),
      email: next,
    });
    expect(wrong.json().messages).toEqual(['Wrong password']);
    const same = await t.post('/api/frusrs/change_email', standard.token, {
      password: pw,
      email: standard.user.email,
    });
    expect(same.json().code).toBe('EMAIL_SAME_AS_CURRENT');

    const res = await t.post('/api/frusrs/change_email', standard.token, { password: pw, email: next });
    expect(res.json()).toMatchObject({ success: true, email: next, email_confirmed: false });
    const me = await t.call({ method: 'GET', url: '/api/frusrs/me', token: standard.token });
    expect(me.json().user.email_confirmed).toBe(false);

    const path = linkIn(await t.smtp.waitFor(next, 'Confirm'), '/user/email-confirmation/');
    const token = path.split('/').pop();
    const ok = await t.call({ method: 'GET', url: `/api/frusrs/change_email/${token}` });
    expect(ok.statusCode).toBe(200);
    expect(
      (await t.call({ method: 'GET', url: '/api/frusrs/me', token: standard.token })).json().user
        .email_confirmed,
    ).toBe(true);
    const again = await t.call({ method: 'GET', url: `/api/frusrs/change_email/${token}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().messages).toEqual(['Wrong link to confirm email']);
  });

  it('refuses an email another user has', async () => {
    const { master, standard } = await companyWithMaster();
    const res = await t.post('/api/frusrs/change_email', standard.token, {
      password: pw,
      email: master.user.email.toUpperCase(),
    });
    expect(res.json().code).toBe('EMAIL_TAKEN');
  });

  it('resending a confirmation for a confirmed email says there is no token to send', async () => {
    const { standard } = await companyWithMaster();
    const res = await t.post('/api/frusrs/change_email/resend', standard.token);
    expect(res.json().messages).toEqual(['No email confirmation token!']);
  });
});

describe('pre-MFA token', () => {
  it('opens no other endpoint', async () => {
    const { standard } = await companyWithMaster();
    const pre = (await postLogin(t, { login: standard.login, password: pw })).json().token;
    for (const [method, url] of [
      ['GET', '/api/frusrs/me'],
      ['GET', '/api/menu_items'],
      ['POST', '/api/frusrs/change_password'],
      ['POST', '/api/frusrs/scrt_history/1/10'],
    ] as const) {
      const res = await t.call({ method, url, token: pre, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
