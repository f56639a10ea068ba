import { CLIENT_USER_RIGHTS } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from '../../deps.ts';
import { makeCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { availableOf, makePayer, makeWallet } from '../payments/payments.fixtures.ts';

/** Issue 34: the public hosted page's payer simulation pays only what a real payer of the request would. */
let t: TestApp;
let token: string;
let userId: string;
let eurWalletId: number;

beforeAll(async () => {
  t = await createTestApp();
  const company = await makeCompany(t, { name: 'Shop Ltd', serviceCode: 'MerchantService' });
  eurWalletId = (await makeWallet(t, company.id, 'EUR')).id;
  const payer = await makePayer(t, {
    merchantId: company.id,
    rights: [...CLIENT_USER_RIGHTS],
    isMaster: true,
  });
  ({ token } = payer);
  userId = payer.user.id;
});
afterAll(() => t.close());

const inDays = (days: number) => new Date(t.clock.now().getTime() + days * 86_400_000).toISOString();

async function request(over: Record<string, unknown> = {}) {
  const res = await t.call({
    method: 'POST',
    url: '/api/payment_requests',
    token,
    payload: {
      amount: '10.00',
      currency: 'EUR',
      reference: 'ORDER-34',
      customer_name: 'Jane Customer',
      customer_email: 'jane@example.com',
      expires_at: inDays(7),
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const r = res.json().payment_request as { id: string; link: string };
  return { ...r, token: r.link.split('/pay/')[1] ?? '' };
}
const simulate = (link: string, payload: Record<string, unknown> = {}) =>
  t.call({ method: 'POST', url: `/api/pay/${link}/simulate`, payload });

describe('hosted page payer simulation', () => {
  it('refuses any amount but the one due, and pays the due amount exactly once', async () => {
    const before = await availableOf(t, eurWalletId, 'EUR');
    const r = await request();
    for (const amount of ['0.01', '100000.00', '9.99']) {
      const res = await simulate(r.token, { amount });
      expect([res.statusCode, res.json().code], amount).toEqual([417, 'PAYMENT_REQUEST_SIM_AMOUNT']);
      expect(res.json().messages[0]).toBe(
        'The simulated bank transfer pays exactly the amount due: 10.00 EUR.',
      );
    }
    expect(await availableOf(t, eurWalletId, 'EUR')).toBe(before);

    const paid = await simulate(r.token, { amount: '10' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payment).toMatchObject({ status: 'paid', paid_amount: '10.00' });
    const again = await simulate(r.token);
    expect([again.statusCode, again.json().code]).toEqual([417, 'PAYMENT_REQUEST_NOT_PAYABLE']);
    expect(again.json().messages[0]).toBe('This payment request is paid: it can no longer be paid.');
    expect((await availableOf(t, eurWalletId, 'EUR')) - before).toBe(1_000n);
  });

  it('a double click pays once', async () => {
    const before = await availableOf(t, eurWalletId, 'EUR');
    const r = await request();
    const answers = await Promise.all([simulate(r.token), simulate(r.token), simulate(r.token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 417, 417]);
    expect((await availableOf(t, eurWalletId, 'EUR')) - before).toBe(1_000n);
  });

  it('refuses a cancelled request and an expired one, even before the expiry sweep ran', async () => {
    const before = await availableOf(t, eurWalletId, 'EUR');
    const c = await request();
    const cancel = await t.post(`/api/payment_requests/request/${c.id}/cancel`, token);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled = await simulate(c.token);
    expect([cancelled.statusCode, cancelled.json().code]).toEqual([417, 'PAYMENT_REQUEST_NOT_PAYABLE']);
    expect(cancelled.json().messages[0]).toContain('cancelled');

    const e = await request({ expires_at: inDays(1) });
    t.clock.advance(2 * 86_400_000);
    // Sessions do not last two days: sign in again.
    ({ token } = await service(t.deps, 'sessions').issue(t.deps.db, userId, 'session'));
    const expired = await simulate(e.token);
    expect([expired.statusCode, expired.json().code]).toEqual([417, 'PAYMENT_REQUEST_NOT_PAYABLE']);
    expect(expired.json().messages[0]).toContain('expired');
    expect(await availableOf(t, eurWalletId, 'EUR')).toBe(before);
  });

  it('an open-amount request takes the amount typed, within the limits, once', async () => {
    const r = await request({ amount: undefined, open_amount: true });
    const huge = await simulate(r.token, { amount: '1000000000.00' });
    expect([huge.statusCode, Object.keys(huge.json().fields ?? {})]).toEqual([417, ['amount']]);
    expect((await simulate(r.token, { amount: '12.34' })).json().payment.status).toBe('paid');
    expect((await simulate(r.token, { amount: '12.34' })).json().code).toBe('PAYMENT_REQUEST_NOT_PAYABLE');
  });
});

describe('caching of the hosted page', () => {
  it('the hosted page data and a signed-in answer carry Cache-Control: no-store', async () => {
    const r = await request();
    const page = await t.call({ method: 'GET', url: `/api/pay/${r.token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().payment.iban).toBeTruthy();
    expect(page.headers['cache-control']).toBe('no-store');
    const paid = await simulate(r.token);
    expect(paid.headers['cache-control']).toBe('no-store');
    const bad = await t.call({ method: 'GET', url: `/api/pay/${'A'.repeat(43)}` });
    expect(bad.headers['cache-control']).toBe('no-store');
    const signedIn = await t.call({ method: 'GET', url: `/api/payment_requests/request/${r.id}`, token });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
  });
});

describe('with SIMULATOR=off', () => {
  it('the payer simulation does not exist', async () => {
    const off = await createTestApp({ simulator: false });
    try {
      const company = await makeCompany(off, { serviceCode: 'MerchantService' });
      await makeWallet(off, company.id, 'EUR');
      const owner = await makePayer(off, {
        merchantId: company.id,
        rights: [...CLIENT_USER_RIGHTS],
        isMaster: true,
      });
      const res = await off.call({
        method: 'POST',
        url: '/api/payment_requests',
        token: owner.token,
        payload: {
          amount: '10.00',
          currency: 'EUR',
          reference: 'X',
          customer_name: 'Jane',
          customer_email: 'jane@example.com',
          expires_at: inDays(7),
        },
      });
      const link = String(res.json().payment_request.link).split('/pay/')[1];
      const sim = await off.call({ method: 'POST', url: `/api/pay/${link}/simulate`, payload: {} });
      expect([sim.statusCode, sim.json().code]).toEqual([404, 'ROUTE_NOT_FOUND']);
      expect((await off.call({ method: 'GET', url: `/api/pay/${link}` })).json().payment.simulator).toBe(
        false,
      );
    } finally {
      await off.close();
    }
  });
});
