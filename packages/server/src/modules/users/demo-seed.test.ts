import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginWithTotp } from '../../test/identity-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { DemoSeedContext } from '../module.ts';
import { DEMO_PASSWORD, seedUsers } from './users.seed.ts';

let t: TestApp;
const ctx: DemoSeedContext = { ids: {}, logins: [] };
beforeAll(async () => {
  t = await createTestApp();
  await seedUsers(t.deps, ctx);
});
afterAll(() => t.close());

describe('demo logins', () => {
  it('every listed login works with its password and TOTP secret; rights match the role', async () => {
    expect(ctx.logins.map((l) => l.login)).toEqual([
      'master@northwind.example',
      'standard@northwind.example',
      'admin@clearline.example',
      'csm@clearline.example',
    ]);
    const tokens = new Map<string, string>();
    for (const l of ctx.logins) {
      expect(l.password).toBe(DEMO_PASSWORD);
      tokens.set(l.login, await loginWithTotp(t, l.login, l.totpSecret, l.password));
    }
    const actions = async (login: string) =>
      (await t.call({ method: 'GET', url: '/api/frusrs/rights', token: tokens.get(login) })).json().actions;
    expect(await actions('standard@northwind.example')).toContain('payments/createPayout');
    expect(await actions('standard@northwind.example')).not.toContain('payments/approve');
    expect(await actions('master@northwind.example')).toContain('users/manage');
    expect(await actions('admin@clearline.example')).toContain('users/impersonate');
    const me = await t.call({
      method: 'GET',
      url: '/api/frusrs/me',
      token: tokens.get('master@northwind.example'),
    });
    expect(me.json().user.available_merchants.map((m: { name: string }) => m.name)).toEqual([
      'Northwind Digital UAB',
      'Northwind Trading Ltd',
    ]);
    expect(Object.keys(ctx.ids)).toEqual(
      expect.arrayContaining([
        'demoCompanyId',
        'secondCompanyId',
        'masterUserId',
        'standardUserId',
        'adminUserId',
      ]),
    );
  });
});
