import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { verifyAuditChain } from '../audit/audit.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ trustedProxies: ['127.0.0.1'] }); // the tests' requests arrive through a "proxy" naming the client
});
afterAll(() => t.close());

const history = (token: string, body: Record<string, unknown> = {}) =>
  t.call({ method: 'POST', url: '/api/frusrs/scrt_history/1/20', token, payload: body });

describe('impersonation', () => {
  it('an admin lists a company (admins excluded) and acts as a user; history and audit record it', async () => {
    const c = await makeCompany(t);
    const client = await makeUser(t, { merchantId: c.id, rights: ['create'] });
    const admin = await makeUser(t, { group: 'admin' });
    const otherAdmin = await makeUser(t, { group: 'CSM', merchantId: c.id });
    const list = await t.call({
      method: 'GET',
      url: `/api/frusrs/default_group/1?merchant_id=${c.id}`,
      token: admin.token,
    });
    expect(list.json().users.map((u: { id: string }) => u.id)).toEqual([client.user.id]);

    const res = await t.call({
      method: 'GET',
      url: `/api/frusrs/hsh/${client.user.id}`,
      token: admin.token,
      headers: { 'user-agent': 'AdminBrowser/1' },
    });
    expect(res.statusCode).toBe(200);
    const token = res.json().token;
    const me = (await t.call({ method: 'GET', url: '/api/frusrs/me', token })).json().user;
    expect(me).toMatchObject({ id: client.user.id, impersonator_id: admin.user.id });
    // Acting as the user does not open the user's own credentials.
    const pw = await t.call({
      method: 'POST',
      url: '/api/frusrs/change_email',
      token,
      payload: { password: 'a'.repeat(128), email: 'x@y.example' },
    });
    expect(pw.statusCode).toBe(403);

    const rec = (await history(client.token, { action_type: 'impersonation' })).json().records;
    expect(rec).toHaveLength(1);
    expect(rec[0]).toMatchObject({
      action_result: 'success',
      impersonator_id: admin.user.id,
      user_agent: 'AdminBrowser/1',
    });
    expect(await verifyAuditChain(t.deps.db)).toBeNull();

    expect(
      (await t.call({ method: 'GET', url: `/api/frusrs/hsh/${otherAdmin.user.id}`, token: admin.token }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: `/api/frusrs/hsh/${admin.user.id}`, token: client.token }))
        .statusCode,
    ).toBe(403);
  });
});

describe('admin groups and account managers', () => {
  it('the admin group links a user to CSM and removes it; a CSM may list but not grant', async () => {
    const admin = await makeUser(t, { group: 'admin' });
    const csm = await makeUser(t, { group: 'CSM' });
    const newcomer = await makeUser(t);
    const add = await t.call({
      method: 'POST',
      url: '/api/user_available_groups/add_user_groups',
      token: admin.token,
      payload: { user_id: newcomer.user.id, group_id: 'CSM' },
    });
    expect(add.json().group).toMatchObject({ group_id: 'CSM', status: 'active' });
    const asCsm = await t.call({ method: 'GET', url: '/api/frusrs/rights', token: newcomer.token });
    expect(asCsm.json().actions).toContain('users/getHash');

    const list = await t.call({
      method: 'POST',
      url: '/api/user_available_groups/get_user_groups/1/10',
      token: csm.token,
      payload: {
        group_name: 'CSM',
        status: 'active',
        filter_param: 'email',
        filter_value: newcomer.user.email,
      },
    });
    expect(list.json().groups.map((g: { user_id: string }) => g.user_id)).toEqual([newcomer.user.id]);
    const grant = await t.call({
      method: 'POST',
      url: '/api/user_available_groups/add_user_groups',
      token: csm.token,
      payload: { user_id: newcomer.user.id, group_id: 'admin' },
    });
    expect(grant.statusCode).toBe(403);

    const del = await t.call({
      method: 'POST',
      url: '/api/user_available_groups/del_user_groups',
      token: admin.token,
      payload: { user_id: newcomer.user.id, group_id: 'CSM' },
    });
    expect(del.json().group.status).toBe('deleted');
    expect((await t.call({ method: 'GET', url: '/api/groups', token: newcomer.token })).statusCode).toBe(403);
    const groups = await t.call({ method: 'GET', url: '/api/groups', token: admin.token });
    expect(groups.json().groups.map((g: { id: string }) => g.id)).toEqual(['admin', 'CSM', 'FIN_OPS_EXTRA']);
  });

  it("a client's Master User sees the active account managers, read only; a Standard User may not", async () => {
    const c = await makeCompany(t);
    const master = await makeUser(t, { merchantId: c.id, isMaster: true });
    const standard = await makeUser(t, { merchantId: c.id });
    const manager = await makeUser(t, { group: 'CSM' });
    const removed = await makeUser(t, { group: 'CSM' });
    const admin = await makeUser(t, { group: 'admin' });
    await t.call({
      method: 'POST',
      url: '/api/user_available_groups/del_user_groups',
      token: admin.token,
      payload: { user_id: removed.user.id, group_id: 'CSM' },
    });
    const url = '/api/user_available_groups/account_managers';
    const seen = await t.call({ method: 'GET', url, token: master.token });
    expect(seen.statusCode).toBe(200);
    const managers = seen.json().managers as { user_id: string; email: string; group_id: string }[];
    expect(managers.find((m) => m.user_id === manager.user.id)).toMatchObject({
      email: manager.user.email,
      group_id: 'CSM',
    });
    expect(managers.map((m) => m.user_id)).not.toContain(removed.user.id);
    expect(managers.map((m) => m.user_id)).not.toContain(admin.user.id);
    expect((await t.call({ method: 'GET', url, token: standard.token })).statusCode).toBe(403);
  });

  it('a client user cannot reach the group calls', async () => {
    const c = await makeCompany(t);
    const master = await makeUser(t, { merchantId: c.id, isMaster: true });
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/user_available_groups/get_user_groups/1/10',
          token: master.token,
          payload: {},
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('security history', () => {
  it('records logins with IP country from the offline database and filters by type, result and dates', async () => {
    const { makeLoginUser, postLogin, sha512hex, loginWithTotp } = await import(
      '../../test/identity-fixtures.ts'
    );
    const c = await makeCompany(t);
    const u = await makeLoginUser(t, { merchantId: c.id });
    const gb = { 'x-forwarded-for': '81.2.69.160', 'user-agent': 'Firefox/140' };
    await postLogin(t, { login: u.login, password: sha512hex('Wrong-Pass-77!') }, gb);
    const token = await loginWithTotp(t, u.login, u.secret);
    const all = (await history(token)).json();
    expect(all.total).toBe(2);
    const failed = (await history(token, { action_type: 'login', action_result: 'failure' })).json().records;
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      ip_address: '81.2.69.160',
      ip_country: 'GB',
      user_agent: 'Firefox/140',
      errors: 'LOGIN_FAILED',
    });
    const future = (await history(token, { date_from: '2999-01-01' })).json();
    expect(future.total).toBe(0);
    const bad = await history(token, { action_type: 'dance' });
    expect(bad.statusCode).toBe(417);
  });
});
