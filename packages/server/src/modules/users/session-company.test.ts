import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginWithTotp } from '../../test/identity-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { DemoSeedContext } from '../module.ts';
import { seedUsers } from './users.seed.ts';

/** Issue 34: the company a user acts for is a property of the session (tab), not of the user. */
let t: TestApp;
const ctx: DemoSeedContext = { ids: {}, logins: [] };
beforeAll(async () => {
  t = await createTestApp();
  await seedUsers(t.deps, ctx);
});
afterAll(() => t.close());

const master = () => {
  const l = ctx.logins.find((x) => x.login === 'master@northwind.example');
  if (!l) throw new Error('demo Master User not seeded');
  return l;
};
const login = () => loginWithTotp(t, master().login, master().totpSecret, master().password);
const currentOf = async (token: string) =>
  (await t.call({ method: 'GET', url: '/api/frusrs/me', token })).json().user.current_merchant?.name;
/** Company settings answer only for the company the caller acts for (404 for another). */
const settingsStatus = async (token: string, companyId: string | undefined) =>
  (await t.call({ method: 'GET', url: `/api/settings/company/${companyId}`, token })).statusCode;

describe('current company per session', () => {
  it('switching company in one session leaves the same user’s other session in its company', async () => {
    const tabA = await login();
    const tabB = await login();
    expect(await currentOf(tabA)).toBe('Northwind Trading Ltd');
    expect(await currentOf(tabB)).toBe('Northwind Trading Ltd');

    const sw = await t.post('/api/frusrs/change_current_merchant/', tabA, {
      merchant_id: ctx.ids.secondCompanyId,
    });
    expect(sw.statusCode).toBe(200);
    expect(sw.json().user.current_merchant.name).toBe('Northwind Digital UAB');

    // The tab that switched acts for its new company with the same token; the other tab does not move.
    expect(await currentOf(tabA)).toBe('Northwind Digital UAB');
    expect(await currentOf(tabB)).toBe('Northwind Trading Ltd');
    expect(await settingsStatus(tabA, ctx.ids.secondCompanyId)).toBe(200);
    expect(await settingsStatus(tabA, ctx.ids.demoCompanyId)).toBe(404);
    expect(await settingsStatus(tabB, ctx.ids.demoCompanyId)).toBe(200);
    expect(await settingsStatus(tabB, ctx.ids.secondCompanyId)).toBe(404);

    // A token refresh keeps the session's company.
    const refreshed = await t.call({ method: 'GET', url: '/api/frusrs/tkn', token: tabA });
    expect(refreshed.statusCode).toBe(200);
    expect(await currentOf(refreshed.json().token)).toBe('Northwind Digital UAB');

    // A new login starts in the company last switched to.
    expect(await currentOf(await login())).toBe('Northwind Digital UAB');
    expect(await currentOf(tabB)).toBe('Northwind Trading Ltd');
  });
});
