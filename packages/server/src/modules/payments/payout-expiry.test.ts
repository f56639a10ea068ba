import { afterAll, beforeAll, expect, it } from 'vitest';
import { service } from '../../deps.ts';
import { makeCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { approve, availableOf, makePayer, makeWallet, payout, sepaDetails } from './payments.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-03-02T10:00:00Z');
});
afterAll(() => t.close());

type Payer = Awaited<ReturnType<typeof makePayer>>;

/** Days later the morning's sessions are long gone: the users log in again. */
async function relogin(...payers: Payer[]) {
  for (const p of payers)
    p.token = (await service(t.deps, 'sessions').issue(t.deps.db, p.user.id, 'session')).token;
}

it('a pay-out nobody approves within 30 days expires; an approved one and a younger one do not', async () => {
  const company = await makeCompany(t);
  const wallet = await makeWallet(t, company.id, 'EUR', '1000.00');
  const maker = await makePayer(t, { merchantId: company.id, rights: ['create'] });
  const checker = await makePayer(t, { merchantId: company.id, rights: ['approve'], isMaster: true });

  const forgotten = (await payout(t, maker, wallet.uuid, sepaDetails('10.00'))).json().payment;
  const approved = (await payout(t, maker, wallet.uuid, sepaDetails('20.00'))).json().payment;
  expect((await approve(t, checker, approved.id)).statusCode).toBe(200);
  t.clock.advance(29 * 86_400_000);
  await relogin(maker, checker);
  const younger = (await payout(t, maker, wallet.uuid, sepaDetails('30.00'))).json().payment;

  const processing = service(t.deps, 'processing');
  expect(await processing.expireStale()).toBe(0); // 29 days: nothing is due yet
  t.clock.advance(2 * 86_400_000);
  await relogin(maker, checker);
  expect(await processing.expireStale()).toBe(1);
  expect(await processing.expireStale()).toBe(0); // running twice changes nothing more

  const view = async (id: string) =>
    (await t.call({ method: 'GET', url: `/api/payments/${id}`, token: maker.token })).json();
  const expired = await view(forgotten.id);
  expect(expired.payment.status).toBe('expired');
  expect(expired.history.at(-1)).toMatchObject({ status: 'expired', note: 'Not approved within 30 days' });
  expect((await view(younger.id)).payment.status).toBe('created');
  expect((await view(approved.id)).payment.status).not.toBe('expired');

  // An expired pay-out can no longer be approved, and it never held money.
  const late = await approve(t, checker, forgotten.id);
  expect(late.json().code).toBe('PAYMENT_ACTION_NOT_ALLOWED');
  expect(await availableOf(t, wallet.id, 'EUR')).toBe(100_000n - 2_000n);
});
