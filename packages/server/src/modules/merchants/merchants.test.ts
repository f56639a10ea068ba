import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { namePattern } from './merchants.service.ts';

let t: TestApp;
let acme: { id: string };
let acmeDigital: { id: string };
let other: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  acme = await makeCompany(t, { name: 'Acme Trading Ltd' });
  acmeDigital = await makeCompany(t, { name: 'Acme Digital UAB', platform: 'CJD' });
  other = await makeCompany(t, { name: '100% Margin Ltd' });
});
afterAll(() => t.close());

const list = (token: string, merchant_name?: string, page = 1, rows = 10) =>
  t.call({
    method: 'POST',
    url: `/api/merchants/company_merchants/${page}/${rows}`,
    token,
    payload: { merchant_name },
  });

describe('company list', () => {
  it('a client user sees only the companies they belong to', async () => {
    const { token } = await makeUser(t, { merchantId: acme.id, alsoMerchantIds: [acmeDigital.id] });
    const res = await list(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().merchants.map((m: { name: string }) => m.name)).toEqual([
      'Acme Digital UAB',
      'Acme Trading Ltd',
    ]);
    expect(res.json().quantity).toBe(2);
  });

  it('staff see every company, filtered by name with * as the wildcard and % taken literally', async () => {
    const { token } = await makeUser(t, { group: 'CSM' });
    expect((await list(token, 'acme')).json().quantity).toBe(2);
    expect((await list(token, 'Acme*UAB')).json().merchants.map((m: { id: string }) => m.id)).toEqual([
      acmeDigital.id,
    ]);
    expect((await list(token, '100%')).json().merchants.map((m: { id: string }) => m.id)).toEqual([other.id]);
    expect((await list(token, '%')).json().quantity).toBe(1); // only the company with a % in its name
    const count = await t.call({
      method: 'POST',
      url: '/api/merchants/company_merchants/count',
      token,
      payload: { merchant_name: 'acme' },
    });
    expect(count.json().quantity).toBe(2);
    const page2 = await list(token, 'acme', 2, 1);
    expect(page2.json().merchants).toHaveLength(1);
    expect(page2.json().quantity).toBe(2);
  });

  it('refuses a non-numeric page or an oversized page with 417', async () => {
    const { token } = await makeUser(t, { group: 'admin' });
    expect(
      (await t.call({ method: 'POST', url: '/api/merchants/company_merchants/x/10', token, payload: {} }))
        .statusCode,
    ).toBe(417);
    expect((await list(token, undefined, 1, 5000)).statusCode).toBe(417);
  });
});

describe('merchant data', () => {
  it("answers the caller's company and 404 for another company's id", async () => {
    const { token } = await makeUser(t, { merchantId: acme.id });
    const own = await t.call({ method: 'GET', url: `/api/merchants/${acme.id}`, token });
    expect(own.statusCode).toBe(200);
    expect(own.json().merchant_data).toMatchObject({
      name: 'Acme Trading Ltd',
      settings: { ipWhitelist: [] },
    });
    const foreign = await t.call({ method: 'GET', url: `/api/merchants/${other.id}`, token });
    expect(foreign.statusCode).toBe(404);
    expect(JSON.stringify(foreign.json())).not.toContain('Margin');
    expect((await t.call({ method: 'GET', url: '/api/merchants/not-a-uuid', token })).statusCode).toBe(417);
  });
});

it('namePattern escapes LIKE characters and turns * into a wildcard', () => {
  expect(namePattern(' acme ')).toBe('%acme%');
  expect(namePattern('a*b')).toBe('a%b');
  expect(namePattern('50%_off')).toBe('%50\\%\\_off%');
  expect(namePattern('   ')).toBeUndefined();
});
