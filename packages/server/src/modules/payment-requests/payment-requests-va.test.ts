import { CLIENT_USER_RIGHTS } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from '../../deps.ts';
import { makeCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { availableOf, makePayer, makeWallet } from '../payments/payments.fixtures.ts';

let t: TestApp;
let token: string;
let merchantId: string;
let eurWalletId: number;
let serial = 0;

/** A VA row of the company on the wallet (allocation itself is the virtual-accounts area's test). */
async function makeVa(owner: string, walletId: number, status: 'active' | 'disabled' | 'closed' = 'active') {
  const q = t.deps.database;
  const g = await q.query<{ id: string }>(
    `INSERT INTO va_groups (merchant_id, name, country, check_rule_code, level, bank, bank_address, bic,
       prefix, range_from, range_to, next_serial, va_limit, created_at)
     VALUES ($1, 'LT SEPA', 'LT', 'SEPA', 2, 'UAB Bank', 'Vilnius', 'CBVILT2X', '32900', 1, 99999, 1, 100, now())
     RETURNING id::text AS id`,
    [owner],
  );
  const req = await q.query<{ uuid: string }>(
    `INSERT INTO va_requests (uuid, merchant_id, wallet_id, client_type, client_customer_id, customer_name,
       status, details, group_id, created_at, updated_at)
     VALUES (gen_random_uuid(), $1, $2, 'individual', 'cust-1', 'Jane Customer', 'allocated', '{}', $3, now(), now())
     RETURNING uuid::text AS uuid`,
    [owner, walletId, g.rows[0]?.id],
  );
  serial += 1;
  const acc = String(70_000 + serial).padStart(11, '0');
  const iban = `LT${String(10 + serial).padStart(2, '0')}32900${acc}`;
  const v = await q.query<{ id: string; number: string }>(
    `INSERT INTO virtual_accounts (merchant_id, wallet_id, group_id, serial, request_uuid, number, iban,
       bank_code, acc_number, country, check_rule_code, level, client_type, client_customer_id,
       client_customer_name, acc_holder_name, status, details_ready_at, created_at)
     VALUES ($1, $2, $3, $4, $8, $5, $5, '32900', $6, 'LT', 'SEPA', 2, 'individual', 'cust-1',
       'Jane Customer', 'Jane Customer', $7, now(), now())
     RETURNING id::text AS id, number`,
    [owner, walletId, g.rows[0]?.id, serial, iban, acc, status, req.rows[0]?.uuid],
  );
  const row = v.rows[0];
  if (!row) throw new Error('va not inserted');
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  const company = await makeCompany(t, { name: 'VA Shop Ltd', serviceCode: 'MerchantService' });
  merchantId = company.id;
  eurWalletId = (await makeWallet(t, merchantId, 'EUR')).id;
  await makeWallet(t, merchantId, 'GBP');
  token = (await makePayer(t, { merchantId, rights: [...CLIENT_USER_RIGHTS], isMaster: true })).token;
});
afterAll(() => t.close());

const inDays = (days: number) => new Date(t.clock.now().getTime() + days * 86_400_000).toISOString();
const create = (over: Record<string, unknown>) =>
  t.call({
    method: 'POST',
    url: '/api/payment_requests',
    token,
    payload: {
      amount: '40.00',
      currency: 'EUR',
      reference: 'ORDER-VA',
      customer_name: 'Jane Customer',
      customer_email: 'jane@example.com',
      expires_at: inDays(7),
      ...over,
    },
  });
const get = async (id: string) =>
  (await t.call({ method: 'GET', url: `/api/payment_requests/request/${id}`, token })).json();
const count = async (table: string) =>
  Number((await t.deps.database.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`)).rows[0]?.n);
const payToVa = (number: string, amount: string, reference?: string) =>
  service(t.deps, 'processing').payIn({
    vaNumber: number,
    currency: 'EUR',
    amount,
    payerName: 'Jane Customer',
    payerIban: 'DE89370400440532013000',
    method: 'SEPA',
    ...(reference ? { reference } : {}),
  });

describe('payment requests on a virtual account', () => {
  it('shows the VA on the request and the hosted page, and matches the simulated pay-in to it', async () => {
    const va = await makeVa(merchantId, eurWalletId);
    const res = await create({ virtual_account_id: Number(va.id) });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().payment_request;
    expect(r.virtual_account).toMatchObject({ id: va.id, number: va.number, iban: va.number });
    const tokenOf = r.link.split('/pay/')[1];
    const hosted = (await t.call({ method: 'GET', url: `/api/pay/${tokenOf}` })).json().payment;
    expect([hosted.iban, hosted.bic, hosted.virtual_account]).toEqual([va.number, 'CBVILT2X', true]);
    expect(hosted.epc_qr).toContain(va.number);

    const before = await availableOf(t, eurWalletId, 'EUR');
    const paid = await t.call({ method: 'POST', url: `/api/pay/${tokenOf}/simulate`, payload: {} });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = await get(r.id);
    expect(after.payment_request.status).toBe('paid');
    expect(after.payins.map((p: { matched_by: string }) => p.matched_by)).toEqual(['reference']);
    expect((await availableOf(t, eurWalletId, 'EUR')) - before).toBe(4000n);
  });

  it('matches a pay-in without reference by the VA when one request waits on it, by reference when several do', async () => {
    const va = await makeVa(merchantId, eurWalletId);
    const one = (await create({ virtual_account_id: va.id })).json().payment_request;
    await payToVa(va.number, '40.00');
    const first = await get(one.id);
    expect(first.payment_request.status).toBe('paid');
    expect(first.payins[0].matched_by).toBe('virtual_account');

    const a = (await create({ virtual_account_id: va.id, amount: '10.00' })).json().payment_request;
    const b = (await create({ virtual_account_id: va.id, amount: '20.00' })).json().payment_request;
    // Two requests wait on the VA: without a reference the pay-in stays in the wallet unmatched.
    const loose = await payToVa(va.number, '10.00');
    expect((await get(a.id)).payment_request.status).toBe('open');
    expect((await get(b.id)).payment_request.status).toBe('open');
    expect(await count(`payment_request_payins WHERE payment_id = '${loose}'`)).toBe(0);
    // With b's reference it is b's, whatever the order of creation.
    await payToVa(va.number, '20.00', `Order ${b.payment_reference}`);
    expect((await get(b.id)).payment_request.status).toBe('paid');
    expect((await get(a.id)).payment_request.status).toBe('open');
  });
});

describe('virtual accounts offered to the form', () => {
  it('lists only the company’s active VAs whose account holds the currency', async () => {
    const other = await makeCompany(t, { serviceCode: 'MerchantService' });
    const foreign = await makeVa(other.id, (await makeWallet(t, other.id, 'EUR')).id);
    const disabled = await makeVa(merchantId, eurWalletId, 'disabled');
    const mine = await makeVa(merchantId, eurWalletId);
    const ids = async (currency: string) =>
      (
        await t.call({
          method: 'GET',
          url: `/api/payment_requests/virtual_accounts?currency=${currency}`,
          token,
        })
      )
        .json()
        .virtual_accounts.map((v: { id: string }) => v.id);
    const eur = await ids('EUR');
    expect(eur).toContain(mine.id);
    expect(eur).not.toContain(disabled.id);
    expect(eur).not.toContain(foreign.id);
    expect(await ids('GBP')).not.toContain(mine.id);
  });
});

describe('bad input on the virtual account', () => {
  it('refuses another company’s VA, a disabled or closed VA and a VA whose account lacks the currency, writing nothing', async () => {
    const other = await makeCompany(t, { serviceCode: 'MerchantService' });
    const otherWallet = await makeWallet(t, other.id, 'EUR');
    const foreign = await makeVa(other.id, otherWallet.id);
    const disabled = await makeVa(merchantId, eurWalletId, 'disabled');
    const closed = await makeVa(merchantId, eurWalletId, 'closed');
    const eurOnly = await makeVa(merchantId, eurWalletId);
    const before = await count('payment_requests');
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ virtual_account_id: foreign.id }, 404, 'PAYMENT_REQUEST_VA_NOT_FOUND', 'not found'],
      [{ virtual_account_id: 987654321 }, 404, 'PAYMENT_REQUEST_VA_NOT_FOUND', 'not found'],
      [{ virtual_account_id: disabled.id }, 417, 'PAYMENT_REQUEST_VA_NOT_ACTIVE', 'is disabled'],
      [{ virtual_account_id: closed.id }, 417, 'PAYMENT_REQUEST_VA_NOT_ACTIVE', 'is closed'],
      [{ virtual_account_id: eurOnly.id, currency: 'GBP' }, 417, 'PAYMENT_REQUEST_VA_CURRENCY', 'GBP'],
    ];
    for (const [over, status, code, text] of cases) {
      const res = await create(over);
      expect([res.statusCode, res.json().code], JSON.stringify(over)).toEqual([status, code]);
      expect(res.json().messages[0]).toContain(text);
    }
    const bad = await create({ virtual_account_id: 'abc' });
    expect(bad.statusCode).toBe(417);
    expect(Object.keys(bad.json().fields ?? {})).toContain('virtual_account_id');
    expect(await count('payment_requests')).toBe(before);
  });
});

describe('merchant transactions of a MerchantService company', () => {
  it('lists a VA pay-in as a settled pay-in with the §3 columns, filters it, exports it and shows its details', async () => {
    const va = await makeVa(merchantId, eurWalletId);
    const id = await payToVa(va.number, '7.50', 'Order 77');
    const list = async (mode: string, body: Record<string, unknown> = {}) =>
      (await t.call({ method: 'POST', url: `/api/payments/list/${mode}/1/100`, token, payload: body })).json()
        .payments as Record<string, unknown>[];
    const row = (await list('payin_settled')).find((p) => p.reference_uuid === id || p.id === id);
    expect(row).toMatchObject({
      transaction_type: 'payin',
      status: 'settled',
      currency: 'EUR',
      gross_amount: '7.50',
    });
    for (const column of ['creation_date', 'capture_date', 'charge_date', 'settlement_date', 'net_amount'])
      expect(row?.[column], column).toBeTruthy();
    expect(row?.corresponding_client).toMatchObject({ name: 'Jane Customer' });
    expect(String(row?.comments)).toContain(va.number);
    expect((await list('payin_pending')).some((p) => p.id === row?.id)).toBe(false);
    expect((await list('payin_settled', { currencies: ['GBP'] })).some((p) => p.id === row?.id)).toBe(false);

    const csv = await t.call({
      method: 'POST',
      url: '/api/payments/export/payin_settled',
      token,
      payload: {},
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^reference_uuid,original_pm_label,transaction_type,status,creation_date/);
    expect(lines.some((l) => l.includes(String(row?.reference_uuid)) && l.includes(',7.50,'))).toBe(true);

    const one = await t.call({ method: 'GET', url: `/api/payments/${row?.id}`, token });
    expect(one.statusCode, one.body).toBe(200);
  });
});
