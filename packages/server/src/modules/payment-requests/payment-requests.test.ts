import { CLIENT_USER_RIGHTS } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from '../../deps.ts';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { availableOf, makePayer, makeWallet } from '../payments/payments.fixtures.ts';

let t: TestApp;
let token: string;
let userId: string;
let merchantId: string;
let eurWalletId: number;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const company = await makeCompany(t, { name: 'Shop Ltd', serviceCode: 'MerchantService' });
  merchantId = company.id;
  const eur = await makeWallet(t, merchantId, 'EUR');
  eurWalletId = eur.id;
  await makeWallet(t, merchantId, 'GBP');
  const payer = await makePayer(t, { merchantId, rights: [...CLIENT_USER_RIGHTS], isMaster: true });
  token = payer.token;
  userId = payer.user.id;
  adminId = (await makeUser(t, { group: 'admin' })).user.id;
});
afterAll(() => t.close());

const inDays = (days: number) => new Date(t.clock.now().getTime() + days * 86_400_000).toISOString();

const base = (over: Record<string, unknown> = {}) => ({
  amount: '100.00',
  currency: 'EUR',
  reference: 'ORDER-1001',
  description: 'Two blue chairs',
  customer_name: 'Jane Customer',
  customer_email: 'jane@example.com',
  expires_at: inDays(7),
  ...over,
});

async function create(over: Record<string, unknown> = {}, as = token) {
  const res = await t.call({ method: 'POST', url: '/api/payment_requests', token: as, payload: base(over) });
  return res;
}

async function createOk(over: Record<string, unknown> = {}) {
  const res = await create(over);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payment_request as {
    id: string;
    link: string;
    status: string;
    payment_reference: string;
    paid_amount: string;
    late_payment: boolean;
    actions: string[];
  };
}

const tokenOf = (link: string) => link.split('/pay/')[1] ?? '';
const pay = (link: string, amount?: string) =>
  t.call({ method: 'POST', url: `/api/pay/${tokenOf(link)}/simulate`, payload: amount ? { amount } : {} });
/**
 * A bank transfer of any amount quoting the reference, sent by the admin group's processing
 * simulator: the hosted page's payer simulation pays only the amount due of a payable request.
 */
async function bankPay(r: { payment_reference: string; link: string }, amount: string) {
  // A fresh session: some tests move the clock past a session's life.
  const admin = await service(t.deps, 'sessions').issue(t.deps.db, adminId, 'session');
  const res = await t.post('/api/operator/processing/payin', admin.token, {
    merchant_id: merchantId,
    wallet_id: String(eurWalletId),
    currency: 'EUR',
    amount,
    payer_name: 'Jane Customer',
    reference: r.payment_reference,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (await t.call({ method: 'GET', url: `/api/pay/${tokenOf(r.link)}` })).json();
}
const get = (id: string, as = token) =>
  t.call({ method: 'GET', url: `/api/payment_requests/request/${id}`, token: as });
const count = async (table: string) =>
  Number((await t.deps.database.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`)).rows[0]?.n);

describe('pay-in terminal', () => {
  it('creates a request, shows the hosted page with an EPC QR and matches the simulated pay-in by reference', async () => {
    const before = await availableOf(t, eurWalletId, 'EUR');
    const r = await createOk();
    expect(r.status).toBe('open');
    expect(r.payment_reference).toMatch(/^PR[0-9A-Z]{10}$/);
    expect(tokenOf(r.link)).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const page = await t.call({ method: 'GET', url: `/api/pay/${tokenOf(r.link)}` });
    expect(page.statusCode).toBe(200);
    const hosted = page.json().payment;
    expect(hosted.iban).toMatch(/^(GB|LT)\d{2}/);
    expect(hosted.payable).toBe(true);
    expect(hosted.epc_qr.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      hosted.bic,
      'Shop Ltd',
      hosted.iban,
      'EUR100.00',
      '',
      '',
      r.payment_reference,
    ]);

    const paid = await pay(r.link);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payment.status).toBe('paid');
    expect((await availableOf(t, eurWalletId, 'EUR')) - before).toBe(10_000n);

    const details = (await get(r.id)).json();
    expect(details.payment_request.status).toBe('paid');
    expect(details.payins).toHaveLength(1);
    expect(details.payins[0].matched_by).toBe('reference');

    const events = await t.deps.database.query<{ type: string; event: string }>(
      `SELECT type, event FROM postback_outbox WHERE subject_id = $1 ORDER BY id`,
      [r.id],
    );
    expect(events.rows.map((e) => `${e.type}:${e.event}`)).toEqual([
      'payin:payment_request.created',
      'payin:payment_request.paid',
    ]);
    const audit = await t.deps.database.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE subject_id = $1 ORDER BY id`,
      [r.id],
    );
    expect(audit.rows.map((a) => a.action)).toEqual(['payment_request_created', 'payment_request_paid']);
  });

  it('gives partial and over-payments their own status, and an open amount is paid by any amount', async () => {
    const r = await createOk({ amount: '100' });
    expect((await bankPay(r, '40')).payment.status).toBe('partially_paid');
    expect((await bankPay(r, '70.5')).payment.status).toBe('overpaid');
    expect((await get(r.id)).json().payment_request.paid_amount).toBe('110.50');

    const open = await createOk({ amount: undefined, open_amount: true });
    expect((await pay(open.link)).statusCode).toBe(417);
    expect((await pay(open.link, '12.34')).json().payment.status).toBe('paid');
  });

  it('leaves an unmatched pay-in in the wallet and matches it by hand', async () => {
    const r = await createOk({ amount: '25.00' });
    const paymentId = await service(t.deps, 'processing').payIn({
      merchantId,
      walletRef: eurWalletId,
      currency: 'EUR',
      amount: '25.00',
      payerName: 'Jane Customer',
      payerIban: 'DE89370400440532013000',
      method: 'SEPA',
      reference: 'order 1001 thanks',
    });
    expect((await get(r.id)).json().payment_request.status).toBe('open');
    const candidates = (
      await t.call({ method: 'GET', url: `/api/payment_requests/request/${r.id}/candidates`, token })
    ).json().payins as { payment_id: string }[];
    expect(candidates.map((c) => c.payment_id)).toContain(paymentId);
    const matched = await t.post(`/api/payment_requests/request/${r.id}/match`, token, {
      payment_id: paymentId,
    });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json().payment_request.status).toBe('paid');
    // The same pay-in cannot count twice, not even on another request.
    const other = await createOk({ amount: '25.00' });
    const again = await t.post(`/api/payment_requests/request/${other.id}/match`, token, {
      payment_id: paymentId,
    });
    expect(again.json().code).toBe('PAYMENT_REQUEST_PAYIN_NOT_MATCHABLE');
  });

  it('credits a pay-in to an expired or cancelled request but keeps the status and flags it', async () => {
    const r = await createOk({ expires_at: inDays(1) });
    t.clock.advance(2 * 86_400_000);
    // Sessions do not last two days: sign in again.
    ({ token } = await service(t.deps, 'sessions').issue(t.deps.db, userId, 'session'));
    expect(await service(t.deps, 'paymentRequests').expireDue()).toBeGreaterThanOrEqual(1);
    const hosted = (await t.call({ method: 'GET', url: `/api/pay/${tokenOf(r.link)}` })).json().payment;
    expect(hosted.status).toBe('expired');
    expect(hosted.payable).toBe(false);
    expect(hosted.epc_qr).toBeNull();
    const before = await availableOf(t, eurWalletId, 'EUR');
    await bankPay(r, '100');
    const after = (await get(r.id)).json();
    expect(after.payment_request.status).toBe('expired');
    expect(after.payment_request.late_payment).toBe(true);
    expect(after.payins[0].late).toBe(true);
    expect((await availableOf(t, eurWalletId, 'EUR')) - before).toBe(10_000n);

    const c = await createOk();
    const cancelled = await t.post(`/api/payment_requests/request/${c.id}/cancel`, token);
    expect(cancelled.json().payment_request.status).toBe('cancelled');
    await bankPay(c, '100');
    const flagged = (await get(c.id)).json().payment_request;
    expect([flagged.status, flagged.late_payment]).toEqual(['cancelled', true]);
  });

  it('refunds a paid request once through the payments refund', async () => {
    const r = await createOk({ amount: '10.00' });
    await pay(r.link);
    const url = `/api/payment_requests/request/${r.id}/refund`;
    const first = await t.call({ method: 'POST', url, token, payload: {} });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().payment_request.status).toBe('refunded');
    const refunds = await t.deps.database.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM payments p JOIN payment_request_payins m ON m.payment_id = p.original_payment_id
       WHERE m.request_id = $1 AND p.transaction_type = 'refund'`,
      [r.id],
    );
    expect(refunds.rows[0]?.n).toBe('1');
    const second = await t.call({ method: 'POST', url, token, payload: {} });
    expect([second.statusCode, second.json().code]).toEqual([417, 'REFUND_ALREADY_DONE']);
    const types = await t.deps.database.query<{ type: string }>(
      `SELECT type FROM postback_outbox WHERE subject_id = $1 AND event = 'payment_request.refunded'`,
      [r.id],
    );
    expect(types.rows.map((x) => x.type)).toEqual(['refund']);
  });

  it('e-mails the link in the customer language', async () => {
    const r = await createOk({
      customer_email: 'ivan@example.com',
      customer_language: 'ru',
      send_email: true,
    });
    const res = await t.post(`/api/payment_requests/request/${r.id}/send_email`, token);
    expect(res.statusCode).toBe(200);
    const mails = await t.deps.mail.outbox('ivan@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[0]?.subject).toContain('запрос на оплату');
    expect(mails[0]?.textBody).toContain(r.link);
  });

  it('lists with statuses and pages in SQL', async () => {
    const res = await t.post('/api/payment_requests/1/2', token, { status: 'paid' });
    const body = res.json();
    expect(body.payment_requests).toHaveLength(2);
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.payment_requests.every((r: { status: string }) => r.status === 'paid')).toBe(true);
    const page2 = (
      await t.call({ method: 'POST', url: '/api/payment_requests/2/2', token, payload: { status: 'paid' } })
    ).json();
    expect(page2.payment_requests[0].id).not.toBe(body.payment_requests[0].id);
  });
});

describe('bad input', () => {
  it.each([
    [{ amount: 'abc' }, 'amount'],
    [{ amount: '0' }, 'amount'],
    [{ amount: '-5' }, 'amount'],
    [{ amount: '1.234' }, 'amount'],
    [{ amount: '' }, 'amount'],
    [{ amount: '10000000000' }, 'amount'],
    [{ currency: 'XXX' }, 'currency'],
    [{ currency: 'eur' }, 'currency'],
    [{ customer_email: 'not-an-email' }, 'customer_email'],
    [{ customer_name: '' }, 'customer_name'],
    [{ reference: '' }, 'reference'],
  ])('refuses %j naming the field, writing nothing', async (over, field) => {
    const before = await count('payment_requests');
    const res = await create(over);
    expect(res.statusCode).toBe(417);
    expect(Object.keys(res.json().fields ?? {})).toContain(field);
    expect(await count('payment_requests')).toBe(before);
  });

  it('refuses an expiry in the past or too far ahead, and a currency without a wallet', async () => {
    for (const expires_at of [inDays(-1), inDays(365)]) {
      const res = await create({ expires_at });
      expect(res.json().code).toBe('PAYMENT_REQUEST_EXPIRY_INVALID');
    }
    expect((await create({ currency: 'USD' })).json().code).toBe('PAYMENT_REQUEST_NO_WALLET');
  });

  it('answers 404 for another company’s request and refuses to cancel a paid one', async () => {
    const other = await makeCompany(t, { serviceCode: 'MerchantService' });
    const stranger = await makeUser(t, { merchantId: other.id, rights: [...CLIENT_USER_RIGHTS] });
    const r = await createOk();
    expect((await get(r.id, stranger.token)).statusCode).toBe(404);
    const cancel = await t.post(`/api/payment_requests/request/${r.id}/cancel`, stranger.token);
    expect(cancel.json().code).toBe('PAYMENT_REQUEST_NOT_FOUND');
    await pay(r.link);
    const paid = await t.call({ method: 'POST', url: `/api/payment_requests/request/${r.id}/cancel`, token });
    expect([paid.statusCode, paid.json().code]).toEqual([417, 'PAYMENT_REQUEST_ACTION_NOT_ALLOWED']);
  });

  it('refuses every merchant endpoint to an AccountService company', async () => {
    const account = await makeCompany(t, { serviceCode: 'AccountService' });
    await makeWallet(t, account.id, 'EUR');
    const user = await makeUser(t, {
      merchantId: account.id,
      rights: [...CLIENT_USER_RIGHTS],
      isMaster: true,
    });
    const calls = [
      { method: 'POST' as const, url: '/api/payment_requests', payload: base() },
      { method: 'POST' as const, url: '/api/payment_requests/1/10', payload: {} },
      { method: 'GET' as const, url: `/api/payment_requests/request/${crypto.randomUUID()}` },
    ];
    for (const c of calls) {
      const res = await t.call({ ...c, token: user.token });
      expect([res.statusCode, res.json().code]).toEqual([403, 'MERCHANT_SERVICE_ONLY']);
    }
  });

  it('answers the bad-link message for an unknown token and 417 for a malformed one', async () => {
    const unknown = await t.call({ method: 'GET', url: `/api/pay/${'A'.repeat(43)}` });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'PAYMENT_LINK_INVALID']);
    expect(unknown.json().messages[0]).toContain('Link you are trying to visit is incorrect');
    expect(
      (await t.call({ method: 'POST', url: `/api/pay/${'B'.repeat(43)}/simulate`, payload: {} })).statusCode,
    ).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/pay/short' })).statusCode).toBe(417);
  });
});

describe('service scope of notifications', () => {
  it('new-transaction notifications cover only the companies of the current service type', async () => {
    const account = await makeCompany(t, { serviceCode: 'AccountService' });
    const accountWallet = await makeWallet(t, account.id, 'EUR');
    const both = await makeUser(t, {
      merchantId: account.id,
      alsoMerchantIds: [merchantId],
      rights: [...CLIENT_USER_RIGHTS],
    });
    const r = await createOk({ amount: '5.00' });
    await pay(r.link);
    await service(t.deps, 'processing').payIn({
      merchantId: account.id,
      walletRef: accountWallet.id,
      currency: 'EUR',
      amount: '7.00',
      payerName: 'Someone',
      payerIban: null,
      method: 'SEPA',
    });
    const lines = async () =>
      (await t.post('/api/notifications/new_transactions', both.token)).json().merchant_new_transactions as {
        merchant_id: string;
      }[];
    expect(new Set((await lines()).map((l) => l.merchant_id))).toEqual(new Set([account.id]));
    const switched = await t.post('/api/frusrs/change_current_merchant/', both.token, {
      merchant_id: merchantId,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(new Set((await lines()).map((l) => l.merchant_id))).toEqual(new Set([merchantId]));
  });
});

describe('operator simulator pay-in', () => {
  it('matches a pay-in sent with a request reference in its remittance text', async () => {
    const r = await createOk({ amount: '12.00', currency: 'GBP' });
    const admin = await makeUser(t, { group: 'admin' });
    const res = await t.post('/api/operator/processing/payin', admin.token, {
      merchant_id: merchantId,
      wallet_id: (
        await t.deps.database.query<{ id: string }>(
          `SELECT wallet_id::text AS id FROM payment_requests WHERE id = $1`,
          [r.id],
        )
      ).rows[0]?.id,
      currency: 'GBP',
      amount: '12.00',
      payer_name: 'Jane Customer',
      payment_method: 'FPS',
      reference: `Invoice ${r.payment_reference.slice(0, 6)} ${r.payment_reference.slice(6)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(r.id)).json().payment_request.status).toBe('paid');
  });
});
