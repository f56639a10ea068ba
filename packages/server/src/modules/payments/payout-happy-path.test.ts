import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  approve,
  availableOf,
  makePayer,
  makeWallet,
  PASSWORD,
  payout,
  sepaDetails,
} from './payments.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-03-02T10:00:00Z'); // a Monday, inside CHAPS hours
});
afterAll(() => t.close());

describe('SEPA pay-out from creation to settlement', () => {
  it('standard user creates, master approves (hold), the rail settles (postings), lists and history show it', async () => {
    const company = await makeCompany(t);
    const wallet = await makeWallet(t, company.id, 'EUR', '1000.00');
    const maker = await makePayer(t, { merchantId: company.id, rights: ['create'] });
    const checker = await makePayer(t, {
      merchantId: company.id,
      rights: ['create', 'approve', 'approveOwn', 'cancel'],
      isMaster: true,
    });

    const created = await payout(t, maker, wallet.uuid, sepaDetails('250.50'));
    expect(created.statusCode, created.body).toBe(200);
    const payment = created.json().payment;
    expect(payment).toMatchObject({
      status: 'created',
      gross_amount: '250.50',
      currency: 'EUR',
      original_pm_label: 'SEPA',
      corresponding_client: { name: 'Bäckerei Müller GmbH', iban: 'DE89370400440532013000' },
      actions: [],
    });
    expect(await availableOf(t, wallet.id, 'EUR')).toBe(100_000n);

    const approved = await approve(t, checker, payment.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().payment.status).toBe('pending');
    expect(approved.json().payment.approved_by).toBe('Test User');
    expect(await availableOf(t, wallet.id, 'EUR')).toBe(100_000n - 25_050n);

    t.clock.advance(120_000);
    await t.deps.jobs.drain();
    const detail = await t.call({ method: 'GET', url: `/api/payments/${payment.id}`, token: maker.token });
    expect(detail.json().payment.status).toBe('settled');
    expect(detail.json().payment.settlement_date).not.toBeNull();
    expect(detail.json().history.map((h: { status: string }) => h.status)).toEqual([
      'created',
      'pending',
      'settled',
    ]);
    expect(await availableOf(t, wallet.id, 'EUR')).toBe(100_000n - 25_050n);

    const list = await t.call({
      method: 'POST',
      url: '/api/payments/list/payout_settled/1/10',
      token: maker.token,
      payload: {},
    });
    expect(list.json()).toMatchObject({ total: 1, total_capped: false });
    expect(list.json().payments[0].id).toBe(payment.id);
  });

  it("another company's payment answers 404, not its data", async () => {
    const a = await makeCompany(t);
    const b = await makeCompany(t);
    const wallet = await makeWallet(t, a.id, 'EUR', '50.00');
    const maker = await makePayer(t, { merchantId: a.id, rights: ['create'] });
    const created = (await payout(t, maker, wallet.uuid, sepaDetails('10.00'))).json().payment;
    const stranger = await makePayer(t, {
      merchantId: b.id,
      rights: ['create', 'approve', 'approveOwn', 'cancel', 'refund'],
    });
    for (const url of [`/api/payments/${created.id}`, `/api/transactions/get_data_for_copy/${created.id}`]) {
      expect((await t.call({ method: 'GET', url, token: stranger.token })).statusCode).toBe(404);
    }
    expect((await approve(t, stranger, created.id)).statusCode).toBe(404);
    const proof = { challenge_id: created.id, password: PASSWORD, secret_code: stranger.freshCode() };
    for (const action of ['approve', 'cancel']) {
      expect(
        (
          await t.call({
            method: 'POST',
            url: `/api/payments/${action}/${created.id}`,
            token: stranger.token,
            payload: action === 'approve' ? proof : {},
          })
        ).statusCode,
      ).toBe(404);
    }
    const theirList = await t.call({
      method: 'POST',
      url: '/api/payments/list/all/1/10',
      token: stranger.token,
      payload: {},
    });
    expect(theirList.json().total).toBe(0);
    // Paying from another company's wallet is refused as not found too.
    const foreignWallet = await payout(
      t,
      await makePayer(t, { merchantId: b.id, rights: ['create'] }),
      wallet.uuid,
      sepaDetails('1.00'),
    );
    expect(foreignWallet.statusCode).toBe(404);
  });
});
