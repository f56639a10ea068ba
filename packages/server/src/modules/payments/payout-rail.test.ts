import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerHolds, postbackOutbox } from '../../db/schema/index.ts';
import { service } from '../../deps.ts';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { availableOf, makePayer, makeWallet, payout, sepaDetails } from './payments.fixtures.ts';

let t: TestApp;
let companyId: string;
let approver: Awaited<ReturnType<typeof makePayer>>;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-03-04T10:00:00Z'); // Wednesday
  companyId = (await makeCompany(t)).id;
  approver = await makePayer(t, {
    merchantId: companyId,
    rights: ['create', 'approve', 'approveOwn', 'cancel', 'refund'],
    autoApprove: true,
  });
  admin = await makeUser(t, { group: 'admin' });
});
afterAll(() => t.close());

const get = async (id: string) =>
  (await t.call({ method: 'GET', url: `/api/payments/${id}`, token: approver.token })).json().payment;
/** Sessions last 830 s: after moving the clock, the test users log in again. */
async function relogin() {
  const sessions = service(t.deps, 'sessions');
  approver.token = (await sessions.issue(t.deps.db, approver.user.id, 'session')).token;
  admin.token = (await sessions.issue(t.deps.db, admin.user.id, 'session')).token;
}
const settleAll = async (ms = 10 * 60_000) => {
  t.clock.advance(ms);
  await relogin();
  await service(t.deps, 'processing').runDue();
  await t.deps.jobs.drain();
};

describe('the processing simulator', () => {
  it('auto-approve: the hold is placed at creation; a wrong test IBAN is declined and the hold released', async () => {
    const w = await makeWallet(t, companyId, 'EUR', '100.00');
    const r = await payout(t, approver, w.uuid, sepaDetails('40.00', { iban: 'DE41370400440000000001' }));
    expect(r.json().payment.status).toBe('pending');
    expect(await availableOf(t, w.id, 'EUR')).toBe(6_000n);
    await settleAll();
    expect(await get(r.json().payment.id)).toMatchObject({
      status: 'declined',
      errors: 'The payee bank declined the payment: wrong IBAN.',
    });
    expect(await availableOf(t, w.id, 'EUR')).toBe(10_000n);
  });

  it('a returned test IBAN settles, then comes back as a reversal; the postbacks follow every change', async () => {
    const w = await makeWallet(t, companyId, 'EUR', '100.00');
    const id = (
      await payout(t, approver, w.uuid, sepaDetails('30.00', { iban: 'DE19370400440000000009' }))
    ).json().payment.id;
    await settleAll();
    expect((await get(id)).status).toBe('settled');
    expect(await availableOf(t, w.id, 'EUR')).toBe(7_000n);
    await settleAll();
    expect((await get(id)).status).toBe('returned');
    expect(await availableOf(t, w.id, 'EUR')).toBe(10_000n);
    const events = await t.deps.db.select().from(postbackOutbox).where(eq(postbackOutbox.subjectId, id));
    expect(events.map((e) => `${e.type}:${e.event}`)).toEqual([
      'payout:created',
      'payout:pending',
      'payout:settled',
      'payoutReturn:returned',
    ]);
  });

  it('CHAPS outside its hours waits for Monday 07:00 UTC; an international one carries the £35 fee', async () => {
    const w = await makeWallet(t, companyId, 'GBP', '1000.00');
    t.clock.set('2026-03-07T12:00:00Z'); // Saturday
    await relogin();
    const chaps = {
      currency: 'GBP',
      amount: '100.00',
      requisites: {
        payee: 'Acme Ltd',
        sortCode: '20-00-00',
        accountNumber: '31926819',
        bankSwiftCode: 'DEUTDEFF',
      },
    };
    const r = await payout(t, approver, w.uuid, chaps, { method: 'CHAPS' });
    expect(r.json().payment).toMatchObject({
      status: 'pending',
      fee_amount: '35.00',
      gross_amount: '135.00',
      net_amount: '100.00',
    });
    expect(await availableOf(t, w.id, 'GBP')).toBe(100_000n - 13_500n);
    await settleAll(6 * 3600_000); // Saturday evening: still closed
    expect((await get(r.json().payment.id)).status).toBe('pending');
    t.clock.set('2026-03-09T06:59:00Z');
    await settleAll(0);
    expect((await get(r.json().payment.id)).status).toBe('pending');
    t.clock.set('2026-03-09T07:00:30Z');
    await settleAll(0);
    expect((await get(r.json().payment.id)).status).toBe('settled');
    expect(await availableOf(t, w.id, 'GBP')).toBe(100_000n - 13_500n);
    const fee = await service(t.deps, 'ledger').systemAccount(t.deps.db, 'fee_income', 'GBP');
    expect(fee).toBeGreaterThan(0);
  });

  it('outage: create and approve answer 424 and change nothing; pending payments settle after it ends', async () => {
    const w = await makeWallet(t, companyId, 'EUR', '100.00');
    const pending = (await payout(t, approver, w.uuid, sepaDetails('10.00'))).json().payment.id;
    const on = await t.post('/api/operator/processing/outage', admin.token, { on: true });
    expect(on.json()).toMatchObject({ outage: true, pending_payments: 1 });
    const refused = await payout(t, approver, w.uuid, sepaDetails('5.00'));
    expect(refused.statusCode).toBe(424);
    expect(refused.json().messages).toEqual([
      'There is a connection problem with the Processing System. Please try again.',
    ]);
    await settleAll();
    expect((await get(pending)).status).toBe('pending'); // kept, not lost
    expect(await availableOf(t, w.id, 'EUR')).toBe(9_000n);
    await t.post('/api/operator/processing/outage', admin.token, { on: false });
    await t.deps.jobs.drain();
    expect((await get(pending)).status).toBe('settled');
    const clientCall = await t.post('/api/operator/processing/outage', approver.token, { on: true });
    expect(clientCall.statusCode).toBe(403);
  });

  it('insufficient balance leaves the payment created with the §8 message', async () => {
    const w = await makeWallet(t, companyId, 'EUR', '10.00');
    const r = await payout(t, approver, w.uuid, sepaDetails('10.01'));
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({
      code: 'INSUFFICIENT_BALANCE_NOT_APPROVED',
      messages: ['Insufficient balance: the payment was created but not approved.'],
    });
    const p = await get(r.json().payment_id);
    expect(p).toMatchObject({
      status: 'created',
      errors: 'Insufficient balance: the payment was created but not approved.',
    });
    expect(await availableOf(t, w.id, 'EUR')).toBe(1_000n);
  });
});

describe('cancel, refund, recall, dispute', () => {
  it('a pending SEPA pay-out is stopped free of charge; a pending FPS one cannot be stopped', async () => {
    const w = await makeWallet(t, companyId, 'EUR', '100.00');
    const id = (await payout(t, approver, w.uuid, sepaDetails('60.00'))).json().payment.id;
    const c = await t.call({ method: 'POST', url: `/api/payments/cancel/${id}`, token: approver.token });
    expect(c.json().payment.status).toBe('canceled');
    expect(await availableOf(t, w.id, 'EUR')).toBe(10_000n);
    const [hold] = await t.deps.db
      .select()
      .from(ledgerHolds)
      .where(and(eq(ledgerHolds.reference, `payment:${id}`)));
    expect(hold?.status).toBe('released');
    expect(
      (await t.call({ method: 'POST', url: `/api/payments/cancel/${id}`, token: approver.token })).json()
        .code,
    ).toBe('PAYMENT_ACTION_NOT_ALLOWED');

    const g = await makeWallet(t, companyId, 'GBP', '100.00');
    const fps = await payout(
      t,
      approver,
      g.uuid,
      {
        currency: 'GBP',
        amount: '5.00',
        requisites: { payee: 'Jane Smith', sortCode: '404784', accountNumber: '12345678' },
      },
      { method: 'FPS' },
    );
    const stop = await t.post(`/api/payments/cancel/${fps.json().payment.id}`, approver.token);
    expect(stop.json().messages).toEqual([
      'Action failed: the payment was already sent by FPS and can no longer be stopped.',
    ]);
  });

  it('refund of a pay-in is done once, for the full amount', async () => {
    const w = await makeWallet(t, companyId, 'EUR', '0');
    const payin = await t.post('/api/operator/processing/payin', admin.token, {
      merchant_id: companyId,
      wallet_id: w.uuid,
      currency: 'EUR',
      amount: '75.25',
      payer_name: 'Customer AG',
      payer_iban: 'DE89370400440532013000',
    });
    const id = payin.json().payment_id;
    expect(await availableOf(t, w.id, 'EUR')).toBe(7_525n);
    const first = await t.post(`/api/payments/refund/${id}`, approver.token);
    expect(first.json().payment).toMatchObject({
      status: 'pending',
      gross_amount: '75.25',
      corresponding_client: { name: 'Customer AG' },
    });
    const again = await t.post(`/api/payments/refund/${id}`, approver.token);
    expect(again.json().messages).toEqual(['Refund already done for the full amount.']);
    expect((await get(id)).refunded).toBe(true);
    await settleAll();
    expect(await availableOf(t, w.id, 'EUR')).toBe(0n);
  });

  it('recall once per payment, accepted later as a return; dispute once', async () => {
    const w = await makeWallet(t, companyId, 'EUR', '100.00');
    const id = (await payout(t, approver, w.uuid, sepaDetails('20.00'))).json().payment.id;
    const early = await t.post(`/api/payments/recall/${id}`, approver.token, { reason: 'Wrong payee' });
    expect(early.json().code).toBe('PAYMENT_ACTION_NOT_ALLOWED');
    await settleAll();
    const recall = await t.post(`/api/payments/recall/${id}`, approver.token, { reason: 'Wrong payee' });
    expect(recall.json().payment).toMatchObject({
      status: 'settled',
      recall_requested: true,
      actions: ['dispute'],
    });
    const second = await t.post(`/api/payments/recall/${id}`, approver.token, { reason: 'again' });
    expect(second.json().messages).toEqual(['Recall already exists for this payment.']);
    const dispute = await t.post(`/api/payments/dispute/${id}`, approver.token, {
      reason: 'Goods not delivered',
    });
    expect(dispute.json().payment.dispute_opened).toBe(true);
    expect((await t.post(`/api/payments/dispute/${id}`, approver.token, { reason: 'x' })).json().code).toBe(
      'DISPUTE_ALREADY_EXISTS',
    );
    await settleAll();
    expect((await get(id)).status).toBe('returned');
    expect(await availableOf(t, w.id, 'EUR')).toBe(10_000n);
  });
});
