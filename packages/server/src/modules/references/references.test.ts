import { becsBankOf, CURRENCIES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceValues } from '../../db/schema/index.ts';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const company = await makeCompany(t);
  token = (await makeUser(t, { merchantId: company.id })).token;
});
afterAll(() => t.close());

const get = (url: string, bearer: string | undefined = token) =>
  t.call({ method: 'GET', url, token: bearer });

describe('reference data (spec §7)', () => {
  it('serves ISO 3166 countries by code and by reference id, the same list', async () => {
    const byCode = await get('/api/references/values_by_code/countries');
    expect(byCode.statusCode, byCode.body).toBe(200);
    const values = byCode.json().reference_values as {
      value: string;
      description: string;
      reference_id: number;
    }[];
    expect(values.length).toBeGreaterThanOrEqual(249);
    expect(values.find((v) => v.value === 'DE')).toMatchObject({ description: 'Germany', reference_id: 1 });
    expect(values.find((v) => v.value === 'GB')?.description).toMatch(/United Kingdom/);
    const byId = await get('/api/references/values_by_ref_id/1');
    expect(byId.json().reference_values).toEqual(values);
  });

  it('serves currencies with ISO numbers, names and the domain exponents', async () => {
    const all = (await get('/api/currencies/all')).json().currencies as {
      code: string;
      numeric: string;
      name: string;
      exponent: number;
      kind: string;
    }[];
    expect(all.map((c) => c.code).sort()).toEqual(Object.keys(CURRENCIES).sort());
    expect(all.find((c) => c.code === 'EUR')).toEqual({
      code: 'EUR',
      numeric: '978',
      name: 'Euro',
      exponent: 2,
      kind: 'fiat',
    });
    expect(all.find((c) => c.code === 'JPY')?.exponent).toBe(0);
    const crypto = (await get('/api/currencies/crypto')).json().currencies as {
      code: string;
      exponent: number;
    }[];
    expect(crypto.find((c) => c.code === 'BTC')?.exponent).toBe(8);
    expect(crypto.every((c) => c.code !== 'EUR')).toBe(true);
  });

  it('serves the Australian BECS banks by BSB prefix from the seeded table (spec §3), by code and by id', async () => {
    const res = await get('/api/references/values_by_code/becs_banks');
    expect(res.statusCode, res.body).toBe(200);
    const banks = res.json().reference_values as {
      value: string;
      description: string;
      reference_id: number;
    }[];
    expect(banks.length).toBeGreaterThanOrEqual(30);
    expect(banks.every((b) => /^\d{2,3}$/.test(b.value) && b.description.length > 0)).toBe(true);
    expect(new Set(banks.map((b) => b.value)).size).toBe(banks.length);
    expect(
      (await get(`/api/references/values_by_ref_id/${banks[0]?.reference_id}`)).json().reference_values,
    ).toEqual(banks);
    expect(becsBankOf('062-000', banks)?.bank).toBe('Commonwealth Bank of Australia');
    expect(becsBankOf('012003', banks)?.bank).toMatch(/^Australia and New Zealand Banking Group/);
    // The spec §9 internal BECS bank code 802985: a three-digit prefix wins over none.
    expect(becsBankOf('802-985', banks)).toEqual({ prefix: '802', bank: 'Cuscal Limited' });
    expect(becsBankOf('999-999', banks)).toBeNull();
    expect(becsBankOf('06', banks)).toBeNull();
  });

  it('answers an unknown list with 404 and a clear message, and bad parameters with 4xx', async () => {
    const unknown = await get('/api/references/values_by_code/no_such_list');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().messages).toEqual(['The reference list no_such_list does not exist.']);
    expect((await get('/api/references/values_by_ref_id/999')).statusCode).toBe(404);
    expect((await get('/api/references/values_by_ref_id/-1')).statusCode).toBe(417);
    expect((await get('/api/references/values_by_code/DROP%20TABLE')).statusCode).toBe(417);
    expect((await get('/api/currencies/everything')).statusCode).toBe(417);
    const anonymous = await t.call({ method: 'GET', url: '/api/references/values_by_code/countries' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('loads the data once: a second start finds it and changes nothing', async () => {
    const before = await t.deps.db.select().from(referenceValues);
    await t.deps.services.references?.ensureLoaded();
    expect(await t.deps.db.select().from(referenceValues)).toEqual(before);
  });
});
