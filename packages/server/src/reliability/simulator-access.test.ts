import { CLIENT_USER_RIGHTS } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onchainCompany } from '../modules/onchain/onchain.fixtures.ts';
import { makeUser } from '../test/fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Issue 34: every simulator control call is for the admin group only (not client users, not other
 * staff groups) and does not exist with SIMULATOR=off.
 */
type Call = { url: string; payload: Record<string, unknown> };
const controls = (merchantId: string, address: string): Call[] => [
  { url: '/api/operator/processing/outage', payload: { on: false } },
  {
    url: '/api/operator/processing/payin',
    payload: {
      merchant_id: merchantId,
      wallet_id: '999999',
      currency: 'EUR',
      amount: '1.00',
      payer_name: 'P',
    },
  },
  { url: '/api/operator/processing/run_due', payload: {} },
  {
    url: '/api/operator/processing/payin_va',
    payload: { va_number: 'LT000000000000000000', currency: 'EUR', amount: '1.00', payer_name: 'P' },
  },
  {
    url: '/api/onchain/sim/deposit',
    payload: { merchant_id: merchantId, network: 'ethereum', ticker: 'USDT', address, amount: '0' },
  },
  { url: '/api/onchain/sim/state', payload: {} },
  { url: '/api/onchain/sim/run_due', payload: {} },
  { url: '/api/fx/provider/outage', payload: { outage: false } },
];

describe('simulator on (development default)', () => {
  let t: TestApp;
  let company: Awaited<ReturnType<typeof onchainCompany>>;
  beforeAll(async () => {
    t = await createTestApp();
    company = await onchainCompany(t);
  });
  afterAll(() => t.close());

  it('refuses every control call to a client user (all rights) and to staff outside the admin group', async () => {
    const client = await makeUser(t, {
      merchantId: company.company.id,
      rights: [...CLIENT_USER_RIGHTS],
      isMaster: true,
    });
    const csm = await makeUser(t, { group: 'CSM' });
    for (const c of controls(company.company.id, company.usdtAddress)) {
      for (const who of [company.user, client, csm]) {
        const r = await t.call({ method: 'POST', url: c.url, token: who.token, payload: c.payload });
        expect([r.statusCode, r.json().code], c.url).toEqual([403, 'FORBIDDEN']);
      }
    }
  });

  it('lets the admin group call them (bad input gets a clear 4xx, never a 5xx)', async () => {
    const admin = await makeUser(t, { group: 'admin' });
    for (const c of controls(company.company.id, company.usdtAddress)) {
      const r = await t.call({ method: 'POST', url: c.url, token: admin.token, payload: c.payload });
      expect(r.statusCode, `${c.url} ${r.body}`).not.toBe(403);
      expect(r.statusCode, `${c.url} ${r.body}`).toBeLessThan(500);
      if (r.statusCode !== 200) expect(r.json().messages?.[0], c.url).toBeTruthy();
    }
  });
});

describe('SIMULATOR=off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ simulator: false });
  });
  afterAll(() => t.close());

  it('none of the control calls exists, not even for the admin group, nor the hosted page payer simulation', async () => {
    const admin = await makeUser(t, { group: 'admin' });
    const calls = [
      ...controls(crypto.randomUUID(), '0x0000000000000000000000000000000000000000'),
      { url: `/api/pay/${'A'.repeat(43)}/simulate`, payload: {} },
    ];
    for (const c of calls) {
      const r = await t.call({ method: 'POST', url: c.url, token: admin.token, payload: c.payload });
      expect([r.statusCode, r.json().code], c.url).toEqual([404, 'ROUTE_NOT_FOUND']);
    }
  });
});
