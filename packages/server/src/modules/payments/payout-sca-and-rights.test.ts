import type { ClientUserRight } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from '../../deps.ts';
import { makeCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  approvalChallenge,
  approve,
  makePayer,
  makeWallet,
  PASSWORD,
  payout,
  sepaDetails,
  WRONG_PASSWORD,
} from './payments.fixtures.ts';

let t: TestApp;
let companyId: string;
let walletUuid: string;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-03-03T10:00:00Z');
  companyId = (await makeCompany(t)).id;
  walletUuid = (await makeWallet(t, companyId, 'EUR', '10000.00')).uuid;
});
afterAll(() => t.close());

const count = async (token: string) =>
  (await t.call({ method: 'POST', url: '/api/payments/list/all/1/100', token, payload: {} })).json()
    .total as number;

async function challenge(token: string, details = sepaDetails()) {
  const r = await t.post(`/api/payments/pay_out_challenge/${walletUuid}/SEPA`, token, {
    payment_details: details,
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().confirmation.challenge_id as string;
}
const create = (
  token: string,
  challengeId: string,
  code: string,
  opts: { details?: unknown; password?: string } = {},
) =>
  t.post(`/api/payments/create_pay_out/${walletUuid}/SEPA`, token, {
    payment_details: opts.details ?? sepaDetails(),
    challenge_id: challengeId,
    password: opts.password ?? PASSWORD,
    secret_code: code,
  });

describe('strong customer authentication of a pay-out', () => {
  it('the challenge shows what is confirmed; changing the amount afterwards needs a new confirmation', async () => {
    const u = await makePayer(t, { merchantId: companyId, rights: ['create'] });
    const before = await count(u.token);
    const r = await t.post(`/api/payments/pay_out_challenge/${walletUuid}/SEPA`, u.token, {
      payment_details: sepaDetails('99.90'),
    });
    expect(r.json().confirmation).toMatchObject({
      amount: '99.90',
      currency: 'EUR',
      payee: 'Bäckerei Müller GmbH',
      fee: '0.00',
      method_label: 'SEPA',
    });
    const id = r.json().confirmation.challenge_id;
    const changed = await create(u.token, id, u.nextCode(), { details: sepaDetails('999.90') });
    expect(changed.statusCode).toBe(417);
    expect(changed.json().code).toBe('CONFIRMATION_MISMATCH');
    // The tampered challenge is spent: even the original content needs a new one now.
    expect((await create(u.token, id, u.nextCode(), { details: sepaDetails('99.90') })).json().code).toBe(
      'CONFIRMATION_NOT_FOUND',
    );
    expect(await count(u.token)).toBe(before);
  });

  it('a code is used once and a challenge once; an expired challenge is refused', async () => {
    const u = await makePayer(t, { merchantId: companyId, rights: ['create'] });
    const before = await count(u.token);
    const code = u.nextCode();
    const first = await create(u.token, await challenge(u.token), code);
    expect(first.statusCode, first.body).toBe(200);
    const reused = await create(u.token, await challenge(u.token), code);
    expect(reused.json().code).toBe('SCA_CODE_USED');
    const id = await challenge(u.token);
    t.clock.advance(5 * 60_000 + 1);
    expect((await create(u.token, id, u.code())).json().code).toBe('CONFIRMATION_NOT_FOUND');
    expect(await count(u.token)).toBe(before + 1);
  });

  it('five wrong codes or passwords in a row block confirmations; nothing is created', async () => {
    const u = await makePayer(t, { merchantId: companyId, rights: ['create'] });
    const id = await challenge(u.token);
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r =
        i % 2
          ? await create(u.token, id, '000000')
          : await create(u.token, id, u.nextCode(), { password: WRONG_PASSWORD });
      answers.push(`${r.statusCode} ${r.json().code}`);
    }
    expect(answers).toEqual([
      '401 SCA_WRONG_CREDENTIALS',
      '401 SCA_WRONG_CREDENTIALS',
      '401 SCA_WRONG_CREDENTIALS',
      '401 SCA_WRONG_CREDENTIALS',
      '403 SCA_BLOCKED',
    ]);
    const blocked = await create(u.token, id, u.nextCode());
    expect(blocked.json()).toMatchObject({
      code: 'SCA_BLOCKED',
      messages: ['Too many wrong codes. Confirmations are blocked for 30 minutes.'],
    });
    t.clock.advance(31 * 60_000);
    // The session expired meanwhile (830 s): log in again, then confirming works.
    const { token } = await service(t.deps, 'sessions').issue(t.deps.db, u.user.id, 'session');
    expect((await create(token, await challenge(token), u.nextCode())).statusCode).toBe(200);
  });

  it('bad input answers 417 with the field and changes nothing', async () => {
    const u = await makePayer(t, { merchantId: companyId, rights: ['create'] });
    const before = await count(u.token);
    const r = await t.post(`/api/payments/pay_out_challenge/${walletUuid}/SEPA`, u.token, {
      payment_details: sepaDetails('0', { iban: 'DE89370400440532013001', bic: 'INGBNL2A' }),
    });
    expect(r.statusCode).toBe(417);
    expect(r.json().fields).toEqual({
      'payment_details.amount': 'Amount must not be 0.',
      'payment_details.requisites.iban': 'The IBAN is not valid: its check digits are wrong.',
    });
    const noSecret = await create(u.token, '00000000-0000-4000-8000-000000000000', 'abc123');
    expect(noSecret.statusCode).toBe(417);
    expect(noSecret.json().fields.secret_code).toBe('must be the 6-digit code of your authenticator app');
    const foreignCcy = await t.post(`/api/payments/pay_out_challenge/${walletUuid}/FPS`, u.token, {
      payment_details: sepaDetails('5'),
    });
    expect(foreignCcy.json().fields['payment_details.currency']).toBe('FPS does not carry EUR.');
    expect(await count(u.token)).toBe(before);
  });
});

describe('rights matrix (spec §6): each right allowed and denied', () => {
  const ALL: ClientUserRight[] = ['create', 'approve', 'approveOwn', 'cancel', 'refund'];
  const without = (r: ClientUserRight) => ALL.filter((x) => x !== r);

  async function createdBy(rights: ClientUserRight[]) {
    const maker = await makePayer(t, { merchantId: companyId, rights });
    const r = await payout(t, maker, walletUuid, sepaDetails('1.00'));
    expect(r.statusCode, r.body).toBe(200);
    return { maker, id: r.json().payment.id as string };
  }

  it('create: allowed with it; without it "No rights to create Pay-out payments"', async () => {
    const denied = await makePayer(t, { merchantId: companyId, rights: without('create') });
    const r = await payout(t, denied, walletUuid, sepaDetails());
    expect(r.statusCode).toBe(403);
    expect(r.json().messages).toEqual(['No rights to create Pay-out payments']);
    await createdBy(['create']);
  });

  it('approve: needs the approve right', async () => {
    const { id } = await createdBy(['create']);
    const denied = await makePayer(t, { merchantId: companyId, rights: without('approve') });
    expect((await approvalChallenge(t, denied, [id])).json().code).toBe('NO_RIGHTS_APPROVE');
    const proof = { challenge_id: id, password: PASSWORD, secret_code: denied.freshCode() };
    expect((await t.post(`/api/payments/approve/${id}`, denied.token, proof)).json().code).toBe(
      'NO_RIGHTS_APPROVE',
    );
    const allowed = await makePayer(t, { merchantId: companyId, rights: ['create', 'approve'] });
    expect((await approve(t, allowed, id)).json().payment.status).toBe('pending');
  });

  it('approve own: approving one’s own payment needs approve own as well', async () => {
    const { maker, id } = await createdBy(['create', 'approve']);
    const own = await approve(t, maker, id);
    expect(own.json().code).toBe('NO_RIGHTS_APPROVE_OWN');
    const { maker: full, id: id2 } = await createdBy(['create', 'approve', 'approveOwn']);
    expect((await approve(t, full, id2)).json().payment.status).toBe('pending');
  });

  it('cancel: needs the cancel right', async () => {
    const { id } = await createdBy(['create']);
    const denied = await makePayer(t, { merchantId: companyId, rights: without('cancel') });
    expect(
      (await t.call({ method: 'POST', url: `/api/payments/cancel/${id}`, token: denied.token })).json().code,
    ).toBe('NO_RIGHTS_CANCEL');
    const allowed = await makePayer(t, { merchantId: companyId, rights: ['cancel'] });
    expect(
      (await t.call({ method: 'POST', url: `/api/payments/cancel/${id}`, token: allowed.token })).json()
        .payment.status,
    ).toBe('canceled');
  });

  it('refund: needs the refund right', async () => {
    const payinId = await service(t.deps, 'processing').payIn({
      merchantId: companyId,
      walletRef: walletUuid,
      currency: 'EUR',
      amount: '20.00',
      payerName: 'Customer',
      payerIban: 'DE89370400440532013000',
      method: 'SEPA',
    });
    const denied = await makePayer(t, { merchantId: companyId, rights: without('refund') });
    expect((await t.post(`/api/payments/refund/${payinId}`, denied.token)).json().code).toBe(
      'NO_RIGHTS_REFUND',
    );
    const allowed = await makePayer(t, { merchantId: companyId, rights: ['refund'] });
    const ok = await t.post(`/api/payments/refund/${payinId}`, allowed.token);
    expect(ok.json().payment).toMatchObject({
      transaction_type: 'refund',
      status: 'pending',
      gross_amount: '20.00',
      original_payment_id: payinId,
    });
  });
});

describe('approval is strong customer authentication (issue 17)', () => {
  async function created(amount = '3.00', payee = 'Approval Test Ltd') {
    const maker = await makePayer(t, { merchantId: companyId, rights: ['create'] });
    const r = await payout(t, maker, walletUuid, sepaDetails(amount, { payee }));
    expect(r.statusCode, r.body).toBe(200);
    return r.json().payment.id as string;
  }
  const statusOf = async (token: string, id: string) =>
    (await t.call({ method: 'GET', url: `/api/payments/${id}`, token })).json().payment.status;
  const approveWith = (token: string, id: string, body: Record<string, unknown>) =>
    t.call({ method: 'POST', url: `/api/payments/approve/${id}`, token, payload: body });

  it('the challenge shows amount, currency, payee and account; approving needs the password and code', async () => {
    const id = await created('12.34', 'Northwind Supplies');
    const checker = await makePayer(t, { merchantId: companyId, rights: ['approve'] });
    const c = (await approvalChallenge(t, checker, [id])).json().confirmation;
    expect(c.items).toEqual([
      {
        id,
        amount: '12.34',
        currency: 'EUR',
        payee: 'Northwind Supplies',
        account: 'DE89370400440532013000',
      },
    ]);
    expect(c.totals).toEqual([{ currency: 'EUR', amount: '12.34' }]);
    // No body: refused as bad input, nothing approved.
    expect((await approveWith(checker.token, id, {})).json().code).toBe('VALIDATION');
    // Wrong password and wrong code: refused with attempts left, nothing approved.
    const wrongPassword = await approveWith(checker.token, id, {
      challenge_id: c.challenge_id,
      password: WRONG_PASSWORD,
      secret_code: checker.freshCode(),
    });
    expect(wrongPassword.json().code).toBe('SCA_WRONG_CREDENTIALS');
    const wrongCode = await approveWith(checker.token, id, {
      challenge_id: c.challenge_id,
      password: PASSWORD,
      secret_code: '000000',
    });
    expect(wrongCode.json().code).toBe('SCA_WRONG_CREDENTIALS');
    expect(await statusOf(checker.token, id)).toBe('created');
    const ok = await approveWith(checker.token, id, {
      challenge_id: c.challenge_id,
      password: PASSWORD,
      secret_code: checker.freshCode(),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().payment.status).toBe('pending');
  });

  it('a confirmation for one payment never approves another, a creation challenge never approves, and it is used once', async () => {
    const first = await created('4.00');
    const second = await created('4.00');
    const checker = await makePayer(t, { merchantId: companyId, rights: ['create', 'approve'] });
    const forFirst = (await approvalChallenge(t, checker, [first])).json().confirmation;
    const swapped = await approveWith(checker.token, second, {
      challenge_id: forFirst.challenge_id,
      password: PASSWORD,
      secret_code: checker.freshCode(),
    });
    expect(swapped.json().code).toBe('CONFIRMATION_MISMATCH');
    expect(await statusOf(checker.token, second)).toBe('created');
    // A pay-out creation challenge is of another kind: it does not approve.
    const creation = await challenge(checker.token, sepaDetails('4.00'));
    const wrongKind = await approveWith(checker.token, second, {
      challenge_id: creation,
      password: PASSWORD,
      secret_code: checker.freshCode(),
    });
    expect(wrongKind.json().code).toBe('CONFIRMATION_NOT_FOUND');
    // Used once: the same confirmation cannot approve a second time after a success.
    const fresh = (await approvalChallenge(t, checker, [first])).json().confirmation;
    const body = { challenge_id: fresh.challenge_id, password: PASSWORD, secret_code: checker.freshCode() };
    expect((await approveWith(checker.token, first, body)).statusCode).toBe(200);
    const replay = await approveWith(checker.token, first, { ...body, secret_code: checker.freshCode() });
    expect(replay.json().code).toBe('CONFIRMATION_NOT_FOUND');
  });

  it('the same code cannot approve twice', async () => {
    const a = await created('2.00');
    const b = await created('2.00');
    const checker = await makePayer(t, { merchantId: companyId, rights: ['approve'] });
    const code = checker.freshCode();
    const ca = (await approvalChallenge(t, checker, [a])).json().confirmation;
    const cb = (await approvalChallenge(t, checker, [b])).json().confirmation;
    expect(
      (
        await approveWith(checker.token, a, {
          challenge_id: ca.challenge_id,
          password: PASSWORD,
          secret_code: code,
        })
      ).statusCode,
    ).toBe(200);
    const again = await approveWith(checker.token, b, {
      challenge_id: cb.challenge_id,
      password: PASSWORD,
      secret_code: code,
    });
    expect(again.json().code).toBe('SCA_CODE_USED');
    expect(await statusOf(checker.token, b)).toBe('created');
  });
});
