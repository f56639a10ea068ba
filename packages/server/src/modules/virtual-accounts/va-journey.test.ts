import { isValidVaNumber, validateIban } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from '../../deps.ts';
import {
  corporateDetails,
  createVaTestApp,
  decide,
  individualDetails,
  requestVa,
  vaAction,
  vaCompany,
  type VaTestApp,
} from './va.fixtures.ts';

let t: VaTestApp;
beforeAll(async () => {
  t = await createVaTestApp();
});
afterAll(() => t.close());

const q = async (text: string, values: unknown[] = []) =>
  (await t.deps.database.query<Record<string, string>>(text, values)).rows;

describe('a corporate VA from request to closing', () => {
  it('requests, approves, allocates a valid UK account, syncs, takes a pay-in, closes for good', async () => {
    const { company, wallet, master } = await vaCompany(t, t.admin);
    const created = await requestVa(t, master, 'corporate', corporateDetails(wallet.uuid));
    expect(created.statusCode, created.body).toBe(200);
    const request = created.json().iban_request;
    expect(request).toMatchObject({ status: 'created', customer_name: 'Northwind Tea & Coffee Ltd' });

    const approved = await decide(t, t.admin, request.uuid);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().iban_request.status).toBe('allocated');
    const number = approved.json().iban_request.iban_number as string;
    expect(validateIban(number)).toBeNull();
    expect(number).toMatch(/^GB\d{2}CLRL040075\d{8}$/);

    const list = await t.post('/api/wallets/virtual_ibans/10/1', master.token, { wallet_id: wallet.id });
    expect(list.statusCode, list.body).toBe(200);
    const va = list.json().wallet_ibans[0];
    expect(va).toMatchObject({
      status: 'active',
      sortCode: '040075',
      accHolderName: 'Northwind Tea and Coffee Ltd',
      client_customer_name: 'Northwind Tea & Coffee Ltd',
      bic: 'CLRBGB22',
      check_rule_code: 'SEPA_UK_ACCOUNT',
    });
    expect(va.accNumber).toHaveLength(8);

    const early = await t.call({
      method: 'GET',
      url: `/api/wallets/ibans/get_iban_info/${wallet.id}/${va.id}`,
      token: master.token,
    });
    expect(early.statusCode).toBe(423);
    expect(early.json().messages[0]).toContain('retry in a couple of minutes');
    t.clock.advance(2 * 60_000);
    const info = await t.call({
      method: 'GET',
      url: `/api/wallets/ibans/get_iban_info/${wallet.id}/${va.id}`,
      token: master.token,
    });
    expect(info.statusCode, info.body).toBe(200);
    const detail = await t.call({
      method: 'GET',
      url: `/api/wallets/ibans/request/${request.uuid}`,
      token: master.token,
    });
    expect(detail.json().iban_request.status).toBe('accepted');
    expect(detail.json().iban_request.events.map((e: { status: string }) => e.status)).toEqual([
      'created',
      'approved',
      'allocated',
      'accepted',
    ]);

    const allocation = await q(`SELECT type, event FROM postback_outbox WHERE merchant_id = $1`, [
      company.id,
    ]);
    expect(allocation).toContainEqual(
      expect.objectContaining({ type: 'ibanAllocation', event: 'allocated' }),
    );

    // Money in: the VA's wallet is credited and the payment names the VA and its customer.
    const payIn = await t.post('/api/operator/processing/payin_va', t.admin.token, {
      va_number: number,
      currency: 'EUR',
      amount: '125.50',
      payer_name: 'Tea Buyer GmbH',
    });
    expect(payIn.statusCode, payIn.body).toBe(200);
    expect(payIn.json().status).toBe('settled');
    const balances = await service(t.deps, 'ledger').balances(t.deps.db, wallet.id);
    expect(balances.find((b) => b.currency === 'EUR')?.balance).toBe(12_550n);
    const [payment] = await q(`SELECT status, requisites FROM payments WHERE id = $1`, [
      payIn.json().payment_id,
    ]);
    expect(payment?.requisites).toMatchObject({
      virtualAccount: number,
      vaCustomerName: 'Northwind Tea & Coffee Ltd',
    });
    // The payments list filters by the VA (number or customer) and the payment names both.
    for (const filter of [number, 'cust-001', 'northwind tea*']) {
      const listed = await t.post('/api/payments/list/all/1/100', master.token, { virtual_account: filter });
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().total, filter).toBe(1);
      expect(listed.json().payments[0].comments).toBe(
        `Virtual account ${number} · Northwind Tea & Coffee Ltd`,
      );
    }
    // The statement line names the VA and its customer.
    const [entry] = await q(`SELECT details FROM journal_entries WHERE reference = $1`, [
      `payin:${payIn.json().payment_id}`,
    ]);
    expect(JSON.stringify(entry?.details)).toContain(
      `Virtual account ${number} · Northwind Tea & Coffee Ltd`,
    );

    // Closing needs a client reason code and is irreversible.
    const wrongReason = await vaAction(t, master, 'close', wallet.id, { iban: number, reason: 'VAAC020' });
    expect(wrongReason.statusCode).toBe(417);
    const closed = await vaAction(t, master, 'close', wallet.id, { iban: number, reason: 'VAAC010' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().virtual_account).toMatchObject({ status: 'closed', reason: 'VAAC010' });
    expect(closed.json().virtual_account.closedOn).not.toBeNull();
    const reopen = await vaAction(t, master, 'enable', wallet.id, { iban: number });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().code).toBe('VA_CLOSED');
    const audit = await q(`SELECT action FROM audit_log WHERE subject_id = $1`, [va.id]);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['va_allocated', 'va_close']));

    // A pay-in to the closed VA is returned; the balance does not move.
    const late = await t.post('/api/operator/processing/payin_va', t.admin.token, {
      va_number: number,
      currency: 'EUR',
      amount: '10.00',
      payer_name: 'Tea Buyer GmbH',
    });
    expect(late.json().status).toBe('returned');
    const after = await service(t.deps, 'ledger').balances(t.deps.db, wallet.id);
    expect(after.find((b) => b.currency === 'EUR')?.balance).toBe(12_550n);
    const [returned] = await q(`SELECT status FROM payments WHERE id = $1`, [late.json().payment_id]);
    expect(returned?.status).toBe('returned');
  });

  it('disabling returns pay-ins until enabled again', async () => {
    const { wallet, master } = await vaCompany(t, t.admin, { group: 'lt' });
    const created = await requestVa(t, master, 'individual', individualDetails(wallet.uuid));
    const allocated = await decide(t, t.admin, created.json().iban_request.uuid);
    const number = allocated.json().iban_request.iban_number as string;
    expect(number).toMatch(/^LT\d{2}32900\d{11}$/);
    expect(validateIban(number)).toBeNull();
    const disabled = await vaAction(t, master, 'disable', wallet.id, { iban: number, reason: 'VAAC020' });
    expect(disabled.json().virtual_account.status).toBe('disabled');
    const payIn = (amount: string) =>
      t.post('/api/operator/processing/payin_va', t.admin.token, {
        va_number: number,
        currency: 'EUR',
        amount,
        payer_name: 'Payer',
      });
    expect((await payIn('5.00')).json().status).toBe('returned');
    const enabled = await vaAction(t, master, 'enable', wallet.id, { iban: number });
    expect(enabled.json().virtual_account.status).toBe('active');
    expect((await payIn('5.00')).json().status).toBe('settled');
  });

  it('BECS groups give BSB and account number; a pay-in addressed by BSB + account lands', async () => {
    const { wallet, master } = await vaCompany(t, t.admin, { group: 'becs' });
    const created = await requestVa(t, master, 'corporate', corporateDetails(wallet.uuid));
    await decide(t, t.admin, created.json().iban_request.uuid);
    t.clock.advance(2 * 60_000);
    const list = await t.post('/api/wallets/virtual_ibans/10/1', master.token, {
      wallet_id: wallet.id,
      iban_check_rule_code: 'BECS',
    });
    const va = list.json().wallet_ibans[0];
    expect(va).toMatchObject({ bsbCode: '802985', iban_number: null, check_rule_code: 'BECS' });
    expect(
      isValidVaNumber(
        { checkRuleCode: 'BECS', country: 'AU', bankLetters: '', prefix: '802985' },
        {
          number: va.number,
          iban: null,
          sortCode: null,
          bsbCode: va.bsbCode,
          accNumber: va.accNumber,
          bankCode: va.bank_code,
        },
      ),
    ).toBe(true);
    const payIn = await t.post('/api/operator/processing/payin_va', t.admin.token, {
      va_number: `802-985 ${va.accNumber}`,
      currency: 'AUD',
      amount: '1.00',
      payer_name: 'Payer',
    });
    expect(payIn.json().status).toBe('settled');
  });

  it('the same customer id gets its live VA again unless forceNewIban', async () => {
    const { wallet, master } = await vaCompany(t, t.admin);
    const first = await requestVa(t, master, 'corporate', corporateDetails(wallet.uuid));
    const a = (await decide(t, t.admin, first.json().iban_request.uuid)).json().iban_request.iban_number;
    const second = await requestVa(t, master, 'corporate', corporateDetails(wallet.uuid));
    const b = (await decide(t, t.admin, second.json().iban_request.uuid)).json().iban_request.iban_number;
    expect(b).toBe(a);
    const third = await requestVa(
      t,
      master,
      'corporate',
      corporateDetails(wallet.uuid, { force_new_iban: true }),
    );
    const c = (await decide(t, t.admin, third.json().iban_request.uuid)).json().iban_request.iban_number;
    expect(c).not.toBe(a);
  });

  it('a failing compliance check still creates the VA, with a warning', async () => {
    const { wallet, master } = await vaCompany(t, t.admin);
    const created = await requestVa(
      t,
      master,
      'corporate',
      corporateDetails(wallet.uuid, {
        corporate_customer_name: 'Sanctioned Shipping Ltd',
        client_customer_id: 'c-9',
      }),
    );
    const decided = await decide(t, t.admin, created.json().iban_request.uuid);
    expect(decided.json().iban_request).toMatchObject({
      status: 'allocated',
      warning: 'VA_COMPLIANCE_CHECK_FAILED',
    });
    const list = await t.post('/api/wallets/virtual_ibans/10/1', master.token, { wallet_id: wallet.id });
    expect(list.json().wallet_ibans[0].compliance_warning).toBe(true);
  });

  it('enhanced compliance sends the request to pending; staff decline it with a reason; the client cancels another', async () => {
    const { wallet, master } = await vaCompany(t, t.admin);
    const created = await requestVa(
      t,
      master,
      'corporate',
      corporateDetails(wallet.uuid, { compliance_check_type: 'enhanced' }),
    );
    expect(created.json().iban_request.status).toBe('pending');
    const noReason = await decide(t, t.admin, created.json().iban_request.uuid, 'decline');
    expect(noReason.json().code).toBe('VA_DECLINE_REASON_REQUIRED');
    const declined = await decide(
      t,
      t.admin,
      created.json().iban_request.uuid,
      'decline',
      'Ownership unclear',
    );
    expect(declined.json().iban_request).toMatchObject({
      status: 'declined',
      decline_reason: 'Ownership unclear',
    });
    const again = await decide(t, t.admin, created.json().iban_request.uuid);
    expect(again.statusCode).toBe(409);

    const other = await requestVa(t, master, 'individual', individualDetails(wallet.uuid));
    const canceled = await t.post(
      `/api/wallets/ibans/requests/cancel/${other.json().iban_request.uuid}`,
      master.token,
    );
    expect(canceled.json().iban_request.status).toBe('canceled');
    const list = await t.post('/api/wallets/ibans/requests/1/10', master.token, {
      request_status: 'canceled',
    });
    expect(list.json().quantity).toBe(1);
  });

  it('another corporate VA for a vetted customer through ibans/create/corporate', async () => {
    const { company, wallet, master } = await vaCompany(t, t.admin);
    const first = await requestVa(t, master, 'corporate', corporateDetails(wallet.uuid));
    const open = first.json().iban_request.uuid;
    const body = { iban_request_uuid: open, iban_details: corporateDetails(wallet.uuid) };
    const challenge = async () =>
      (
        await t.post('/api/wallets/ibans/challenge', master.token, {
          kind: 'va_create_corporate',
          ...body,
          merchant_id: company.id,
        })
      ).json().confirmation.challenge_id;
    const proof = async () => ({
      challenge_id: await challenge(),
      password: (await import('../payments/payments.fixtures.ts')).PASSWORD,
      secret_code: master.nextCode(),
    });
    const missing = await t.post('/api/wallets/ibans/create/corporate', master.token, {
      ...body,
      ...(await proof()),
    });
    expect(missing.json().code).toBe('VA_MISSING_COMPANY_UUID');
    const notImported = await t.post('/api/wallets/ibans/create/corporate', master.token, {
      ...body,
      merchant_id: company.id,
      ...(await proof()),
    });
    expect(notImported.json().code).toBe('VA_REGISTRANT_DATA_NOT_IMPORTED');
    await decide(t, t.admin, open);
    const made = await t.post('/api/wallets/ibans/create/corporate', master.token, {
      ...body,
      merchant_id: company.id,
      ...(await proof()),
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().iban_request.status).toBe('allocated');
    expect(made.json().virtual_account.client_customer_id).toBe('cust-001');
  });

  it('the confirmation names the account by its name and IBAN, never by its UUID (issue 36)', async () => {
    const { wallet, master } = await vaCompany(t, t.admin);
    const answer = await t.post('/api/wallets/ibans/challenge', master.token, {
      kind: 'va_request_individual',
      iban_details: individualDetails(wallet.uuid),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const summary = answer.json().confirmation.summary;
    expect(summary).toMatchObject({ wallet: wallet.uiName, iban: wallet.iban });
    expect(JSON.stringify(summary)).not.toContain(wallet.uuid);
  });
});
