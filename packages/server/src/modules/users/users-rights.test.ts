import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import {
  loginWithTotp,
  makeLoginUser,
  postLogin,
  sha512hex,
  TEST_PASSWORD,
} from '../../test/identity-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function company() {
  const c = await makeCompany(t);
  const master = await makeUser(t, { merchantId: c.id, isMaster: true, rights: ['create', 'approve'] });
  const standard = await makeUser(t, { merchantId: c.id, rights: ['create'] });
  return { c, master, standard };
}
const setRights = (token: string, userId: string, payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: `/api/frusrs/rights/${userId}`, token, payload });

describe('rights', () => {
  it('a Standard User cannot raise their own rights', async () => {
    const { standard } = await company();
    const res = await setRights(standard.token, standard.user.id, {
      access_rights: ['create', 'approve', 'approveOwn'],
    });
    expect(res.statusCode).toBe(403);
    const actions = (await t.call({ method: 'GET', url: '/api/frusrs/rights', token: standard.token })).json()
      .actions;
    expect(actions).not.toContain('payments/approve');
  });

  it('the Master User and an admin change rights; the §5 rules hold; the change applies at once', async () => {
    const { c, master, standard } = await company();
    const bad = await setRights(master.token, standard.user.id, { access_rights: ['approveOwn'] });
    expect(bad.json().code).toBe('RIGHTS_INCONSISTENT');
    const ok = await setRights(master.token, standard.user.id, { access_rights: ['create', 'approve'] });
    expect(ok.json().user.access_rights).toEqual(['create', 'approve']);
    const actions = (await t.call({ method: 'GET', url: '/api/frusrs/rights', token: standard.token })).json()
      .actions;
    expect(actions).toContain('payments/approve');

    const admin = await makeUser(t, { group: 'CSM' });
    const byAdmin = await setRights(admin.token, standard.user.id, {
      access_rights: ['refund'],
      merchant_id: c.id,
    });
    expect(byAdmin.json().user.access_rights).toEqual(['refund']);
  });

  it("company A's Master User gets 404 for company B's users, list and profile", async () => {
    const a = await company();
    const b = await company();
    expect((await setRights(a.master.token, b.standard.user.id, { access_rights: [] })).statusCode).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `/api/frusrs/${b.standard.user.id}`, token: a.master.token }))
        .statusCode,
    ).toBe(404);
    const list = await t.call({
      method: 'GET',
      url: `/api/frusrs/default_group/1?merchant_id=${b.c.id}`,
      token: a.master.token,
    });
    expect(list.statusCode).toBe(404);
    const own = await t.call({ method: 'GET', url: '/api/frusrs/default_group/1', token: a.master.token });
    expect(own.json().total).toBe(2);
    expect(
      own
        .json()
        .users.map((u: { id: string }) => u.id)
        .sort(),
    ).toEqual([a.master.user.id, a.standard.user.id].sort());
  });

  it('a Standard User cannot list the users', async () => {
    const { standard } = await company();
    const res = await t.call({ method: 'GET', url: '/api/frusrs/default_group/1', token: standard.token });
    expect(res.json().messages).toEqual(['Only Master User is able to perform this operation.']);
  });

  it('deactivate ends the sessions and refuses login; activate lets the user back', async () => {
    const c = await makeCompany(t);
    const master = await makeUser(t, { merchantId: c.id, isMaster: true });
    const u = await makeLoginUser(t, { merchantId: c.id, rights: ['create'] });
    const res = await t.post(`/api/frusrs/deactivate/${u.user.id}`, master.token);
    expect(res.json().user.status).toBe('deactivated');
    expect((await t.call({ method: 'GET', url: '/api/frusrs/rights', token: u.token })).statusCode).toBe(401);
    expect((await postLogin(t, { login: u.login, password: sha512hex(TEST_PASSWORD) })).json().code).toBe(
      'LOGIN_USER_DEACTIVATED',
    );
    await t.post(`/api/frusrs/activate/${u.user.id}`, master.token);
    expect(await loginWithTotp(t, u.login, u.secret)).toBeTruthy();
    const self = await t.post(`/api/frusrs/deactivate/${master.user.id}`, master.token);
    expect(self.statusCode).toBe(403);
  });

  it('reset MFA clears the secret so the next login sets up a new one', async () => {
    const c = await makeCompany(t);
    const master = await makeUser(t, { merchantId: c.id, isMaster: true });
    const u = await makeLoginUser(t, { merchantId: c.id });
    await t.post(`/api/frusrs/reset_mfa/${u.user.id}`, master.token);
    expect(
      (await postLogin(t, { login: u.login, password: sha512hex(TEST_PASSWORD) })).json().login_prompt,
    ).toBe('mfa_setup');
  });
});

describe('companies, settings and menu', () => {
  it('switches to a shared company and refuses one the user is not in', async () => {
    const a = await makeCompany(t, { name: 'Alpha' });
    const b = await makeCompany(t, { name: 'Beta' });
    const other = await makeCompany(t);
    const u = await makeUser(t, {
      merchantId: a.id,
      alsoMerchantIds: [b.id],
      isMaster: true,
      rights: ['create'],
    });
    const me = (await t.call({ method: 'GET', url: '/api/frusrs/me', token: u.token })).json().user;
    expect(me.available_merchants.map((m: { name: string }) => m.name)).toEqual(['Alpha', 'Beta']);
    const sw = await t.post('/api/frusrs/change_current_merchant/', u.token, { merchant_id: b.id });
    expect(sw.json().user.current_merchant).toMatchObject({ id: b.id, name: 'Beta', master_user: true });
    const no = await t.post('/api/frusrs/change_current_merchant/', u.token, { merchant_id: other.id });
    expect(no.statusCode).toBe(404);
  });

  it('saves language and theme; auto-approve only with the approve right', async () => {
    const c = await makeCompany(t);
    const creator = await makeUser(t, { merchantId: c.id, rights: ['create'] });
    const approver = await makeUser(t, { merchantId: c.id, rights: ['create', 'approve'] });
    const res = await t.post('/api/frusrs/change_settings', creator.token, {
      ui_language: 'ru',
      ui_theme: 'light',
    });
    expect(res.json()).toMatchObject({ ui_language: 'ru', ui_theme: 'light' });
    const bad = await t.post('/api/frusrs/change_settings', creator.token, { ui_theme: 'pink' });
    expect(bad.statusCode).toBe(417);
    // MFA at sign-in is mandatory (spec §6, PSD2): it cannot be switched off.
    const mfaOff = await t.post('/api/frusrs/change_settings', creator.token, { mfa_login_prompt: false });
    expect(mfaOff.statusCode).toBe(417);
    expect(JSON.stringify(mfaOff.json())).toContain('cannot be switched off');
    const profile = await t.call({
      method: 'GET',
      url: `/api/frusrs/${creator.user.id}`,
      token: creator.token,
    });
    expect(profile.json().user.mfa_login_prompt).toBe(true);
    const refused = await t.post('/api/frusrs/change_settings', creator.token, {
      auto_approve_payouts: true,
    });
    expect(refused.json().code).toBe('AUTO_APPROVE_NEEDS_APPROVE');
    const ok = await t.post('/api/frusrs/change_settings', approver.token, { auto_approve_payouts: true });
    expect(ok.json().auto_approve_payouts).toBe(true);
  });

  it('the menu follows the rights', async () => {
    const c = await makeCompany(t);
    const master = await makeUser(t, { merchantId: c.id, isMaster: true, rights: ['create', 'instantFx'] });
    const plain = await makeUser(t, { merchantId: c.id });
    const m1 = (await t.call({ method: 'GET', url: '/api/menu_items', token: master.token })).json()
      .menu_items;
    const m2 = (await t.call({ method: 'GET', url: '/api/menu_items', token: plain.token })).json()
      .menu_items;
    expect(m1).toEqual(expect.arrayContaining(['users', 'makePayment', 'exchangeInstantFx']));
    expect(m2).not.toEqual(expect.arrayContaining(['users']));
    expect(m2).not.toContain('makePayment');
    // The directory: every member reads it, only the Master User is offered join, change and leave.
    expect(m1).toEqual(
      expect.arrayContaining(['directoryView', 'directoryJoin', 'directoryChange', 'directoryLeave']),
    );
    expect(m2).toContain('directoryView');
    for (const key of ['directoryJoin', 'directoryChange', 'directoryLeave']) expect(m2).not.toContain(key);
    expect(m2).toContain('security');
  });
});
