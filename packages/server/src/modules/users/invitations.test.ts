import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import {
  loginWithTotp,
  makeLoginUser,
  newPasswordFields,
  postLogin,
  sha512hex,
  totpCode,
} from '../../test/identity-fixtures.ts';
import { createTestAppWithMail, linkIn, type TestAppWithMail } from '../../test/smtp.ts';

let t: TestAppWithMail;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

let seq = 0;
const invite = (token: string, extra: Record<string, unknown> = {}) =>
  t.post('/api/user_invitations/create', token, {
    email: `invitee-${++seq}-${Date.now()}@example.com`,
    first_name: 'Ivy',
    last_name: 'Invitee',
    type: 'standard',
    mfa_required: true,
    access_rights: ['create'],
    ...extra,
  });

async function company() {
  const c = await makeCompany(t);
  const master = await makeLoginUser(t, { merchantId: c.id, isMaster: true, rights: ['create', 'approve'] });
  return { c, master };
}

describe('invitations', () => {
  it('invites by email; the newcomer registers from the mail, sets up MFA and sees only granted rights', async () => {
    const { master } = await company();
    const res = await invite(master.token, { access_rights: ['create', 'instantFx'] });
    expect(res.statusCode).toBe(200);
    const inv = res.json().invitation;
    expect(inv).toMatchObject({
      status: 'invited',
      type: 'standard',
      access_rights: ['create', 'instantFx'],
      mfa_required: true,
    });
    expect(inv.inviter_name).toBe('Test User');

    const mail = await t.smtp.waitFor(inv.email, 'invited');
    // The link's end as a person reads it, in UTC and saying so, not an ISO string.
    const until = new Date(inv.expires_at);
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const hhmm = until.toISOString().slice(11, 16);
    expect(mail.text).toContain(
      `The link works until ${until.getUTCDate()} ${months[until.getUTCMonth()]} ${until.getUTCFullYear()}, ${hhmm} UTC.`,
    );
    expect(mail.text).not.toContain(inv.expires_at);
    const path = linkIn(mail, '/frusrs/slfrgn/');
    const info = await t.call({ method: 'GET', url: `/api${path}` });
    expect(info.json()).toMatchObject({ email: inv.email, type: 'standard', mfa_required: true });

    const weak = await t.post(`/api${path}`, undefined, newPasswordFields('weakpass', 'password'));
    expect(weak.statusCode).toBe(417);
    const reg = await t.post(`/api${path}`, undefined, newPasswordFields('Ivy-Strong-Pass1', 'password'));
    expect(reg.statusCode).toBe(200);
    const reused = await t.post(`/api${path}`, undefined, newPasswordFields('Ivy-Strong-Pass2', 'password'));
    expect(reused.json().code).toBe('LINK_INVALID');

    const pw = sha512hex('Ivy-Strong-Pass1');
    const step1 = await postLogin(t, { login: inv.email, password: pw });
    expect(step1.json().login_prompt).toBe('mfa_setup');
    const secret = (await t.post('/api/frusrs/get_secret', step1.json().token, { password: pw })).json()
      .secret;
    const full = await postLogin(t, { login: inv.email, password: pw, secret_code: totpCode(t, secret) });
    const token = full.json().token;
    const actions = (await t.call({ method: 'GET', url: '/api/frusrs/rights', token })).json().actions;
    expect(actions).toContain('payments/createPayout');
    expect(actions).toContain('fx/instant');
    expect(actions).not.toContain('payments/approve');
    expect(actions).not.toContain('users/manage');
    const menu = (await t.call({ method: 'GET', url: '/api/menu_items', token })).json().menu_items;
    expect(menu).toContain('makePayment');
    expect(menu).not.toContain('users');
    const me = (await t.call({ method: 'GET', url: '/api/frusrs/me', token })).json().user;
    expect(me).toMatchObject({ email_confirmed: true, has_secret: true, status: 'activated' });
  });

  it('refuses rights that break the §5 rules, and changes nothing', async () => {
    const { master } = await company();
    for (const rights of [['approve'], ['create', 'approveOwn']]) {
      const res = await invite(master.token, { access_rights: rights });
      expect(res.statusCode).toBe(417);
      expect(res.json().code).toBe('RIGHTS_INCONSISTENT');
    }
    const list = await t.post('/api/user_invitations/list/1/10', master.token);
    expect(list.json().total).toBe(0);
  });

  it('a Standard User cannot invite; an existing email is refused', async () => {
    const { c, master } = await company();
    const standard = await makeUser(t, { merchantId: c.id, rights: ['create'] });
    const res = await invite(standard.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().messages).toEqual(['Only Master User is able to perform this operation.']);
    const dup = await invite(master.token, { email: standard.user.email });
    expect(dup.json().code).toBe('USER_ALREADY_EXISTS');
  });

  it('cancel stops the link; resend replaces it; prolong revives an expired one', async () => {
    const { master } = await company();
    const a = (await invite(master.token)).json().invitation;
    const pathA = linkIn(await t.smtp.waitFor(a.email), '/frusrs/slfrgn/');
    const canceled = await t.post(`/api/user_invitations/cancel/${a.id}`, master.token);
    expect(canceled.json().invitation.status).toBe('canceled');
    expect((await t.call({ method: 'GET', url: `/api${pathA}` })).json().code).toBe('LINK_INVALID');
    const again = await t.post(`/api/user_invitations/cancel/${a.id}`, master.token);
    expect(again.json().code).toBe('INVITATION_ACTION_NOT_ALLOWED');

    const b = (await invite(master.token)).json().invitation;
    const oldPath = linkIn(await t.smtp.waitFor(b.email), '/frusrs/slfrgn/');
    await t.post(`/api/user_invitations/resend/${b.id}`, master.token);
    const newPath = linkIn(await t.smtp.waitFor(b.email), '/frusrs/slfrgn/');
    expect((await t.call({ method: 'GET', url: `/api${oldPath}` })).json().code).toBe('LINK_INVALID');
    expect((await t.call({ method: 'GET', url: `/api${newPath}` })).statusCode).toBe(200);

    t.clock.advance(8 * 86_400_000);
    expect((await t.call({ method: 'GET', url: `/api${newPath}` })).json().code).toBe('LINK_EXPIRED');
    // Eight days later the Master User logs in again.
    const token = await loginWithTotp(t, master.login, master.secret);
    const expired = await t.post('/api/user_invitations/list/1/10', token, { status: 'expired' });
    expect(expired.json().invitations.map((i: { id: string }) => i.id)).toContain(b.id);
    const prolonged = await t.post(`/api/user_invitations/prolong/${b.id}`, token);
    expect(prolonged.json().invitation.status).toBe('invited');
    expect((await t.call({ method: 'GET', url: `/api${newPath}` })).statusCode).toBe(200);
  });

  it("another company's invitation answers 404", async () => {
    const a = await company();
    const b = await company();
    const inv = (await invite(a.master.token)).json().invitation;
    const res = await t.post(`/api/user_invitations/cancel/${inv.id}`, b.master.token);
    expect(res.statusCode).toBe(404);
  });

  it('boarding go-live service creates the company and invites its Master User by mail', async () => {
    const { inTransaction } = await import('../../db/tx.ts');
    const { service } = await import('../../deps.ts');
    const users = service(t.deps, 'users');
    const out = await inTransaction(t.deps.db, async (tx) => {
      const { id } = await users.createCompany(tx, {
        name: 'Go Live Ltd',
        platform: 'UK',
        additionalData: { company_name: 'Go Live Ltd' },
      });
      return users.inviteUser(tx, {
        merchantId: id,
        email: 'golive@example.com',
        firstName: 'Gil',
        lastName: 'Live',
        kind: 'master',
        rights: ['create', 'approve'],
        mfaRequired: true,
        invitedBy: null,
      });
    });
    expect(out.userId).toBeTruthy();
    const mail = await t.smtp.waitFor('golive@example.com', 'Go Live Ltd');
    expect(linkIn(mail, '/frusrs/slfrgn/')).toMatch(/^\/frusrs\/slfrgn\//);
  });
});
