import { afterAll, beforeAll, expect, it } from 'vitest';
import { makePayer, makeWallet, sepaDetails } from '../modules/payments/payments.fixtures.ts';
import { makeCompany } from '../test/fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** Issue 17: the known 500s, one by one (the input fuzz test covers the rest of the table). */
let t: TestApp;
let payer: Awaited<ReturnType<typeof makePayer>>;
beforeAll(async () => {
  t = await createTestApp();
  const company = await makeCompany(t);
  payer = await makePayer(t, { merchantId: company.id, rights: ['create'], isMaster: true });
  await makeWallet(t, company.id, 'EUR', '100.00');
});
afterAll(() => t.close());

it('a NUL in a login name is a 417, not a 500', async () => {
  const r = await t.call({
    method: 'POST',
    url: '/api/frusrs/tkn',
    payload: { login: 'a\u0000b@example.com', password: 'ab'.repeat(64) },
  });
  expect(r.statusCode).toBe(417);
  expect(r.json().fields).toHaveProperty('login');
});

it('a NUL in a payment comment is a 417 at the challenge already', async () => {
  const wallets = await t.call({ method: 'GET', url: '/api/payments/balances', token: payer.token });
  void wallets;
  const r = await t.call({
    method: 'POST',
    url: '/api/payments/pay_out_challenge/1/SEPA',
    token: payer.token,
    payload: { payment_details: { ...sepaDetails('1.00'), comments: 'Invoice\u000042' } },
  });
  expect(r.statusCode).toBe(417);
});

it.each([
  '0',
  '-1',
  'abc',
  '99999999999999999999',
])('wallet reference %s answers 404, not 500', async (ref) => {
  const r = await t.call({
    method: 'POST',
    url: `/api/payments/pay_out_challenge/${ref}/SEPA`,
    token: payer.token,
    payload: { payment_details: sepaDetails('1.00') },
  });
  expect(r.statusCode).toBeGreaterThanOrEqual(400);
  expect(r.statusCode).toBeLessThan(500);
});

it('signed-in answers carry Cache-Control: no-store, errors included', async () => {
  const ok = await t.call({ method: 'GET', url: '/api/frusrs/rights', token: payer.token });
  expect(ok.statusCode).toBe(200);
  expect(ok.headers['cache-control']).toBe('no-store');
  const refused = await t.call({ method: 'GET', url: '/api/frusrs/rights' });
  expect(refused.headers['cache-control']).toBe('no-store');
});
