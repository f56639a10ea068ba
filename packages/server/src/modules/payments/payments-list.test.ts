import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_COUNT_CAP } from '@portal/domain';
import { service } from '../../deps.ts';
import { makeCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  approvalChallenge,
  makePayer,
  makeWallet,
  massApprove,
  PASSWORD,
  payout,
  sepaDetails,
} from './payments.fixtures.ts';
import { CAPPED_TOTAL_TTL_MS } from './payments-read.service.ts';

let t: TestApp;
let companyId: string;
let maker: Awaited<ReturnType<typeof makePayer>>;
let checker: Awaited<ReturnType<typeof makePayer>>;
let walletUuid: string;
const ids: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-03-05T09:00:00Z');
  companyId = (await makeCompany(t)).id;
  walletUuid = (await makeWallet(t, companyId, 'EUR', '1000.00')).uuid;
  maker = await makePayer(t, { merchantId: companyId, rights: ['create'] });
  checker = await makePayer(t, { merchantId: companyId, rights: ['create', 'approve', 'cancel', 'refund'] });
  const payees = ['=HYPERLINK("http://evil")', 'Alpha Ltd', 'Beta GmbH', 'Gamma SARL'];
  for (const [i, payee] of payees.entries()) {
    const r = await payout(t, maker, walletUuid, sepaDetails(`${(i + 1) * 10}.00`, { payee }));
    ids.push(r.json().payment.id);
  }
  await service(t.deps, 'processing').payIn({
    merchantId: companyId,
    walletRef: walletUuid,
    currency: 'EUR',
    amount: '5.00',
    payerName: 'Customer',
    payerIban: null,
    method: 'SEPA',
  });
  checker.token = (await service(t.deps, 'sessions').issue(t.deps.db, checker.user.id, 'session')).token;
});
afterAll(() => t.close());

const list = (mode: string, body: Record<string, unknown> = {}, page = 1, rows = 10) =>
  t.call({
    method: 'POST',
    url: `/api/payments/list/${mode}/${page}/${rows}`,
    token: checker.token,
    payload: body,
  });

describe('payments list', () => {
  it('filters by mode, amount and counterparty (with * wildcards), sorts and pages in SQL', async () => {
    expect((await list('all')).json().total).toBe(5);
    expect((await list('payin')).json().total).toBe(1);
    expect((await list('payout_pending')).json().total).toBe(4);
    const byAmount = await list('payout', {
      amount_from: '20',
      amount_to: '30.00',
      sort_param: 'amount',
      sort_order: 'asc',
    });
    expect(byAmount.json().payments.map((p: { gross_amount: string }) => p.gross_amount)).toEqual([
      '20.00',
      '30.00',
    ]);
    expect(
      (await list('all', { counterparty: 'al*' }))
        .json()
        .payments.map((p: { corresponding_client: { name: string } }) => p.corresponding_client.name),
    ).toEqual(['Alpha Ltd']);
    expect((await list('all', { counterparty: 'DE89 3704' })).json().total).toBe(4);
    const page2 = await list('payout', { sort_param: 'amount', sort_order: 'desc' }, 2, 3);
    expect(page2.json()).toMatchObject({ total: 4, payments: [{ gross_amount: '10.00' }] });
    expect((await list('all', { period: 'yesterday' })).json().total).toBe(0);
    expect((await list('all', { period: 'today', statuses: ['settled'] })).json().total).toBe(1);
  });

  it('refuses bad filters with 417 and a field', async () => {
    const r = await list('all', { amount_from: '1.005', sort_param: 'password', date_from: 'yesterday' });
    expect(r.statusCode).toBe(417);
    expect(Object.keys(r.json().fields).sort()).toEqual(['amount_from', 'date_from', 'sort_param']);
    expect((await list('nonsense')).statusCode).toBe(417);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/payments/list/all/1/5000',
          token: checker.token,
          payload: {},
        })
      ).statusCode,
    ).toBe(417);
  });

  it('exports CSV with formulas neutralised, as an attachment', async () => {
    const r = await t.call({
      method: 'POST',
      url: '/api/payments/export/payout',
      token: checker.token,
      payload: { sort_param: 'amount', sort_order: 'asc' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toBe('attachment; filename="payments-payout.csv"');
    expect(r.headers['x-export-truncated']).toBe('false');
    const lines = r.body.trim().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain(',10.00,10.00,0.00,');
  });

  it('pay-in / pay-out balance per currency', async () => {
    const r = await t.call({
      method: 'POST',
      url: '/api/payments/balances',
      token: checker.token,
      payload: {},
    });
    expect(r.json().balances).toEqual([
      {
        currency: 'EUR',
        payin_settled: '5.00',
        payin_pending: '0.00',
        payout_settled: '0.00',
        payout_pending: '100.00',
        payin_quantity: 1,
        payout_quantity: 4,
        // The account's own movements: the 1,000.00 opening pay-in and the 5.00 pay-in (issue 36).
        account_in: '1005.00',
        account_out: '0.00',
      },
    ]);
  });

  it('mass approve: one confirmation bound to the exact set and its totals, errors listed per payment', async () => {
    const missing = '00000000-0000-4000-8000-000000000001';
    const status = async (id: string) =>
      (await t.call({ method: 'GET', url: `/api/payments/${id}`, token: checker.token })).json().payment
        .status;
    // Without the approver's password and code nothing is approved.
    const bare = await t.call({
      method: 'POST',
      url: '/api/payments/mass_action',
      token: checker.token,
      payload: { action: 'approve', ids: [ids[0], ids[1]] },
    });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().code).toBe('APPROVAL_CONFIRMATION_REQUIRED');
    expect(await status(ids[0] as string)).toBe('created');
    // A set with an id the company cannot see is not offered for confirmation.
    expect((await approvalChallenge(t, checker, [ids[0] as string, missing])).json().code).toBe(
      'PAYMENT_NOT_FOUND',
    );
    // The dialog lists each payee and account and the total per currency.
    const shown = (await approvalChallenge(t, checker, [ids[1] as string, ids[0] as string])).json()
      .confirmation;
    expect(shown.items.map((i: { payee: string }) => i.payee).sort()).toEqual([
      '=HYPERLINK("http://evil")',
      'Alpha Ltd',
    ]);
    expect(shown.items[0].account).toBe('DE89370400440532013000');
    expect(shown.totals).toEqual([{ currency: 'EUR', amount: '30.00' }]);
    // A confirmation for two payments does not approve three.
    const widened = await t.call({
      method: 'POST',
      url: '/api/payments/mass_action',
      token: checker.token,
      payload: {
        action: 'approve',
        ids: [ids[0], ids[1], ids[3]],
        challenge_id: shown.challenge_id,
        password: PASSWORD,
        secret_code: checker.freshCode(),
      },
    });
    expect(widened.json().code).toBe('CONFIRMATION_MISMATCH');
    expect(await status(ids[3] as string)).toBe('created');

    const r = await massApprove(t, checker, [ids[0] as string, ids[1] as string]);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().done).toEqual([ids[0], ids[1]]);
    expect(r.json().failed).toEqual([]);
    // Approving again: each payment says why it failed; nothing else changes.
    const twice = await massApprove(t, checker, [ids[0] as string]);
    expect(twice.json().failed).toEqual([
      {
        id: ids[0],
        code: 'PAYMENT_ACTION_NOT_ALLOWED',
        message: expect.stringContaining('approved'),
      },
    ]);
    const again = await t.call({
      method: 'POST',
      url: '/api/payments/mass_action',
      token: checker.token,
      payload: { action: 'cancel', ids: [ids[2]] },
    });
    expect(again.json().done).toEqual([ids[2]]);
    const tooMany = Array.from(
      { length: 101 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const refused = await t.call({
      method: 'POST',
      url: '/api/payments/mass_action',
      token: checker.token,
      payload: { action: 'approve', ids: tooMany },
    });
    expect(refused.json().messages).toEqual(['Select at most 100 payments for a mass action.']);
  });

  it('copy of a payment pre-fills the form; methods list per direction and currency', async () => {
    const copy = await t.call({
      method: 'GET',
      url: `/api/transactions/get_data_for_copy/${ids[1]}`,
      token: checker.token,
    });
    expect(copy.json()).toMatchObject({
      payment_method: 'SEPA',
      payment_details: {
        currency: 'EUR',
        amount: '20.00',
        requisites: { payee: 'Alpha Ltd', iban: 'DE89370400440532013000' },
      },
    });
    const gbp = await t.call({
      method: 'GET',
      url: `/api/merchant_payment_methods/payout/${companyId}/GBP`,
      token: checker.token,
    });
    expect(gbp.json().merchant_payment_methods.map((m: { label: string }) => m.label)).toEqual([
      'FPS',
      'CHAPS',
      'BACS',
      'Internal',
    ]);
    const fps = gbp.json().merchant_payment_methods[0];
    expect(fps).toMatchObject({
      max_amount: '1000000.00',
      check_rules: ['SEPA_UK_ACCOUNT'],
      cop: true,
      stoppable: false,
    });
    expect(fps.requisites.map((r: { field: string }) => r.field)).toEqual([
      'payee',
      'sortCode',
      'accountNumber',
    ]);
    const other = await t.call({
      method: 'GET',
      url: `/api/merchant_payment_methods/payout/${(await makeCompany(t)).id}/all`,
      token: checker.token,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('new-transaction notifications', () => {
  it('reports new pay-ins and pay-out changes since the marks, and the unseen flag', async () => {
    const first = await t.call({
      method: 'POST',
      url: '/api/notifications/new_transactions',
      token: checker.token,
      payload: {},
    });
    expect(first.json()).toMatchObject({ unseen: 4 });
    const inbound = first
      .json()
      .merchant_new_transactions.find((l: { direction: string }) => l.direction === 'inbound');
    expect(inbound).toEqual({
      merchant_id: companyId,
      direction: 'inbound',
      currency: 'EUR',
      amount: '5.00',
      quantity: 1,
    });
    const marks = {
      last_charge_date_inbound: first.json().last_charge_date_inbound,
      last_operation_timestamp_outbound: first.json().last_operation_timestamp_outbound,
    };
    const quiet = await t.call({
      method: 'POST',
      url: '/api/notifications/new_transactions',
      token: checker.token,
      payload: marks,
    });
    expect(quiet.json().merchant_new_transactions).toEqual([]);
    t.clock.advance(1000);
    await service(t.deps, 'processing').payIn({
      merchantId: companyId,
      walletRef: walletUuid,
      currency: 'EUR',
      amount: '7.00',
      payerName: 'C2',
      payerIban: null,
      method: 'SEPA',
    });
    const next = await t.call({
      method: 'POST',
      url: '/api/notifications/new_transactions',
      token: checker.token,
      payload: marks,
    });
    expect(next.json().merchant_new_transactions).toEqual([
      { merchant_id: companyId, direction: 'inbound', currency: 'EUR', amount: '7.00', quantity: 1 },
    ]);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/notifications/seen',
          token: checker.token,
          payload: { panel: 'inbound' },
        })
      ).json().unseen,
    ).toBe(3);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/notifications/seen',
          token: checker.token,
          payload: { panel: 'all' },
        })
      ).json().unseen,
    ).toBe(1);
  });
});

describe('dashboard status chart', () => {
  it('counts the real payments per status', async () => {
    const r = await t.call({
      method: 'POST',
      url: '/api/transaction_widgets/payment_statuses',
      token: checker.token,
      payload: { transaction_sign: 'outbound', days: 30 },
    });
    expect(r.statusCode, r.body).toBe(200);
    const eur = r.json().payment_statuses.find((c: { currency: string }) => c.currency === 'EUR');
    expect(eur.statuses).toEqual(
      expect.arrayContaining([
        { status: 'pending', quantity: 2, amount: '30.00' },
        { status: 'canceled', quantity: 1, amount: '30.00' },
        { status: 'created', quantity: 1, amount: '40.00' },
      ]),
    );
  });
});

describe('a list total above the count cap', () => {
  it('says "more than 10,000", keeps saying so for a while without counting, then counts again', async () => {
    const big = await makeCompany(t);
    const wallet = await makeWallet(t, big.id, 'EUR');
    const lister = await makePayer(t, { merchantId: big.id, rights: ['create'] });
    await t.deps.database.query(
      `INSERT INTO payments (merchant_id, wallet_id, direction, transaction_type, method, status, currency, amount,
          payee_name, created_at, updated_at, settled_at)
       SELECT $1::uuid, $2::bigint, 'outbound', 'payout', 'SEPA', 'settled', 'EUR', 100 + g, 'Payee ' || g,
              $3::timestamptz - make_interval(secs => g), $3::timestamptz, $3::timestamptz
         FROM generate_series(1, $4::int) g`,
      [big.id, wallet.id, t.clock.now().toISOString(), LIST_COUNT_CAP + 1],
    );
    const settled = async () =>
      (
        await t.call({
          method: 'POST',
          url: '/api/payments/list/payout_settled/1/20',
          token: lister.token,
          payload: {},
        })
      ).json();
    expect(await settled()).toMatchObject({ total: LIST_COUNT_CAP, total_capped: true });
    // One payment leaves the filter: exactly the cap now, but the capped answer is remembered.
    await t.deps.database.query(
      `UPDATE payments SET status = 'returned' WHERE id = (SELECT id FROM payments WHERE merchant_id = $1::uuid LIMIT 1)`,
      [big.id],
    );
    expect(await settled()).toMatchObject({ total: LIST_COUNT_CAP, total_capped: true });
    t.clock.advance(CAPPED_TOTAL_TTL_MS + 1);
    const after = await settled();
    expect(after).toMatchObject({ total: LIST_COUNT_CAP, total_capped: false });
    expect(after.payments).toHaveLength(20);
  });
});
