import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = (await makeUser(t, { group: 'admin' })).token;
});
afterAll(() => t.close());

const today = () => t.clock.now().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(t.clock.now().getTime() + n * 86_400_000).toISOString().slice(0, 10);

async function publish(body: Record<string, unknown>) {
  const res = await t.call({
    method: 'POST',
    url: '/api/operator/notices',
    token: staff,
    payload: {
      title: 'Notice',
      text: 'Text',
      audience: 'all',
      starts_on: today(),
      ends_on: inDays(7),
      ...body,
    },
  });
  t.clock.advance(1000);
  return res;
}

const listFor = (token: string, status = 'unread', body: Record<string, unknown> = {}) =>
  t.call({ method: 'POST', url: `/api/notices/${status}/1`, token, payload: body });

describe('system notices', () => {
  it('reach all clients, one platform label or one company, live between their dates; 5 unread newest first', async () => {
    const uk = await makeCompany(t, { platform: 'UK' });
    const ca = await makeCompany(t, { platform: 'CA' });
    const ukUser = await makeUser(t, { merchantId: uk.id });
    const caUser = await makeUser(t, { merchantId: ca.id });
    const published: string[] = [];
    for (let i = 0; i < 6; i++) published.push((await publish({ title: `All ${i}` })).json().notice.id);
    const forCa = (await publish({ title: 'Canada only', audience: 'platform', platform: 'CA' })).json()
      .notice;
    const forUk = (await publish({ title: 'UK company', audience: 'company', merchant_id: uk.id })).json()
      .notice;
    expect(forUk.merchant_name).toBe(uk.name);
    await publish({ title: 'Later', starts_on: inDays(2), ends_on: inDays(3) });

    const first = (await listFor(ukUser.token)).json();
    expect(first.total).toBe(7);
    expect(first.notices.map((n: { title: string }) => n.title)).toEqual([
      'UK company',
      'All 5',
      'All 4',
      'All 3',
      'All 2',
    ]);
    const caList = (await listFor(caUser.token, 'all', { rows: 20 })).json();
    expect(caList.notices.map((n: { title: string }) => n.title)).toContain('Canada only');
    expect(caList.notices.map((n: { title: string }) => n.title)).not.toContain('UK company');

    // Open one, mark read; it leaves the unread list (per user).
    const one = await t.call({
      method: 'GET',
      url: `/api/notices/get_record/${forUk.id}`,
      token: ukUser.token,
    });
    expect(one.json().notice).toMatchObject({ title: 'UK company', read_status: 0 });
    const read = await t.call({
      method: 'POST',
      url: '/api/notices/read_status',
      token: ukUser.token,
      payload: { notices: [forUk.id, published[0]] },
    });
    expect(read.statusCode).toBe(200);
    expect((await listFor(ukUser.token)).json().total).toBe(5);
    expect((await listFor(ukUser.token, 'read')).json().total).toBe(2);
    expect(
      (await listFor(ukUser.token, 'all', { filter_param: 'title', filter_value: 'company' })).json().total,
    ).toBe(1);
    const sorted = (await listFor(ukUser.token, 'all', { sort_param: 'title', sort_order: 'asc' })).json();
    expect(sorted.notices[0].title).toBe('All 0');

    // Tenancy: company and platform notices of others are not found, and nothing is marked.
    const theirs = await t.call({
      method: 'GET',
      url: `/api/notices/get_record/${forCa.id}`,
      token: ukUser.token,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('NOTICE_NOT_FOUND');
    expect(
      (await t.call({ method: 'GET', url: `/api/notices/get_record/${forUk.id}`, token: caUser.token }))
        .statusCode,
    ).toBe(404);
    const markOthers = await t.call({
      method: 'POST',
      url: '/api/notices/read_status',
      token: caUser.token,
      payload: { notices: [published[1], forUk.id] },
    });
    expect(markOthers.statusCode).toBe(404);
    expect((await listFor(caUser.token, 'read')).json().total).toBe(0);
  });

  it('refuses bad notices and clients publishing', async () => {
    const client = await makeUser(t, { merchantId: (await makeCompany(t)).id });
    expect((await publish({ title: '' })).statusCode).toBe(417);
    expect((await publish({ starts_on: inDays(3), ends_on: inDays(1) })).json().fields.ends_on).toBeDefined();
    expect((await publish({ audience: 'platform' })).json().fields.platform).toBeDefined();
    expect(
      (await publish({ audience: 'company', merchant_id: '00000000-0000-4000-8000-000000000000' })).json()
        .code,
    ).toBe('NOTICE_AUDIENCE_INVALID');
    const res = await t.call({
      method: 'POST',
      url: '/api/operator/notices',
      token: client.token,
      payload: { title: 'x', text: 'y', audience: 'all', starts_on: today(), ends_on: today() },
    });
    expect(res.statusCode).toBe(403);
    const staffList = await t.call({
      method: 'POST',
      url: '/api/operator/notices/list/1/50',
      token: staff,
      payload: {},
    });
    expect(staffList.json().notices.some((n: { title: string }) => n.title === 'x')).toBe(false);
  });
});
