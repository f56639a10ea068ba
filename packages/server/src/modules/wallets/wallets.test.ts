import { isInternalIban, validateIban } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/tx.ts';
import { service } from '../../deps.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fundedCompany, ledgerSnapshot } from './accounts.test-helpers.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof fundedCompany>>;
let b: Awaited<ReturnType<typeof fundedCompany>>;

beforeAll(async () => {
  t = await createTestApp();
  a = await fundedCompany(t, { eur: 123_456n });
  b = await fundedCompany(t);
});
afterAll(() => t.close());

const list = (token: string, body: object, page: string | number = 1, rows: string | number = 10) =>
  t.call({ method: 'POST', url: `/api/wallets/${page}/${rows}`, token, payload: body });

describe('wallet list', () => {
  it('lists only the caller company’s wallets with IBANs and balances as decimal strings', async () => {
    const res = await list(a.token, {});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.quantity).toBe(2);
    const eur = body.wallets.find((w: { ui_name: string }) => w.ui_name === 'EUR account');
    expect(eur.balances).toEqual([{ currency: 'EUR', balance: '1234.56', available: '1234.56' }]);
    expect(eur.ibans[0].country).toBe('LT');
    expect(eur.ibans[0].iban_number).toHaveLength(20);
    expect(validateIban(eur.ibans[0].iban_number)).toBeNull();
    expect(isInternalIban(eur.ibans[0].iban_number)).toBe(true);
    const gbp = body.wallets.find((w: { ui_name: string }) => w.ui_name === 'GBP account');
    expect(gbp.ibans[0].iban_number).toMatch(/^GB\d{2}CLRL041307\d{8}$/);
  });

  it('filters by IBAN with spaces and *; a full IBAN forces page 1', async () => {
    const gbpIban: string = a.gbp.iban;
    const partial = await list(a.token, {
      filter_param: 'iban_number',
      filter_value: `${gbpIban.slice(0, 4).toLowerCase()} *`,
    });
    expect(partial.json().wallets.map((w: { uuid: string }) => w.uuid)).toEqual([a.gbp.uuid]);
    const grouped = gbpIban.replace(/(.{4})/g, '$1 ');
    const full = await list(a.token, { filter_code: 'iban_number', filter_value: grouped }, 3);
    expect(full.json()).toMatchObject({ page: 1, forcedPageOne: true, quantity: 1 });
  });

  it('does not find another company’s IBAN', async () => {
    const res = await list(a.token, { filter_param: 'iban_number', filter_value: b.gbp.iban });
    expect(res.json().quantity).toBe(0);
  });

  it('sorts by name in both directions and filters by status', async () => {
    const asc = await list(a.token, { sort_param: 'ui_name', sort_order: 'asc' });
    const desc = await list(a.token, { sort_param: 'ui_name', sort_order: 'desc' });
    expect(asc.json().wallets.map((w: { ui_name: string }) => w.ui_name)).toEqual([
      'EUR account',
      'GBP account',
    ]);
    expect(desc.json().wallets.map((w: { ui_name: string }) => w.ui_name)).toEqual([
      'GBP account',
      'EUR account',
    ]);
    const disabled = await list(a.token, { wallet_status: 2 });
    expect(disabled.json().quantity).toBe(0);
  });

  it('counts wallets and lists the currencies held in spec order', async () => {
    const q = await t.call({ method: 'POST', url: '/api/wallets/quantity', token: a.token, payload: {} });
    expect(q.json().quantity).toBe(2);
    const c = await t.call({ method: 'GET', url: '/api/wallets/get_available_currencies', token: a.token });
    expect(c.json().available_currencies).toEqual(['EUR', 'GBP']);
  });
});

describe('wallet details, balances, sub-accounts, IBANs, rename', () => {
  it('shows every balance kind; a hold shows as pending and lowers available', async () => {
    await inTransaction(t.deps.db, (tx) =>
      service(t.deps, 'ledger').placeHold(tx, {
        walletId: a.eur.id,
        currency: 'EUR',
        amount: 3_456n,
        reference: 'pending-1',
      }),
    );
    const res = await t.call({ method: 'GET', url: `/api/wallets/balances/${a.eur.id}`, token: a.token });
    expect(res.json().wallet_balance[0]).toMatchObject({
      currency: 'EUR',
      balance: '1234.56',
      available: '1200.00',
      pending: '34.56',
      blocked: '0.00',
      opening: '0.00',
      today_in: '1234.56',
      recent_in: '1234.56',
      is_negative: false,
    });
    const detail = await t.call({ method: 'GET', url: `/api/wallets/${a.eur.uuid}`, token: a.token });
    expect(detail.json().wallet).toMatchObject({ uuid: a.eur.uuid, merchant_id: a.company.id });
  });

  it('lists sub-accounts under their parent', async () => {
    await inTransaction(t.deps.db, (tx) =>
      service(t.deps, 'wallets').openWallet(tx, {
        merchantId: a.company.id,
        currency: 'EUR',
        platform: 'UK',
        uiName: 'Payroll',
        parentId: a.eur.id,
      }),
    );
    const subs = await t.call({
      method: 'GET',
      url: `/api/wallets/subordinates/${a.eur.id}`,
      token: a.token,
    });
    expect(subs.json().wallets.map((w: { ui_name: string }) => w.ui_name)).toEqual(['Payroll']);
    const top = await list(a.token, {});
    expect(top.json().quantity).toBe(2);
    const all = await list(a.token, { with_subaccounts: true });
    expect(all.json().quantity).toBe(3);
  });

  it('pages IBANs of a wallet', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/wallets/ibans/10/1',
      token: a.token,
      payload: { wallet_id: a.eur.id },
    });
    expect(res.json()).toMatchObject({
      quantity: 1,
      wallet_ibans: [{ iban_number: a.eur.iban, check_rule_code: 'SEPA' }],
    });
  });

  it('renames a wallet and records it in the audit log', async () => {
    const res = await t.call({
      method: 'POST',
      url: `/api/wallets/change_ui_name/${a.gbp.id}`,
      token: a.token,
      payload: { ui_name: 'UK ops' },
    });
    expect(res.json().wallet.ui_name).toBe('UK ops');
    const audit = await t.deps.database.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM audit_log WHERE action = 'wallet.rename'",
    );
    expect(audit.rows[0]?.n).toBe('1');
  });
});

describe('bad input and other companies: clear message, nothing changes', () => {
  it.each([
    ['GET', (): string => `/api/wallets/balances/${b.eur.id}`],
    ['GET', (): string => `/api/wallets/${b.eur.uuid}`],
    ['GET', (): string => `/api/wallets/subordinates/${b.eur.id}`],
    ['GET', (): string => '/api/wallets/balances/999999'],
    ['GET', (): string => `/api/wallet_balances_widgets/by_currency/${b.eur.id}`],
  ] as const)('%s another company’s or an unknown wallet → 404', async (method, url) => {
    const res = await t.call({ method, url: url(), token: a.token });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'WALLET_NOT_FOUND' });
    expect(res.json().messages[0]).toBe('The account was not found or is not available.');
  });

  it('refuses to rename another company’s wallet and changes nothing', async () => {
    const before = await ledgerSnapshot(t);
    const res = await t.call({
      method: 'POST',
      url: `/api/wallets/change_ui_name/${b.eur.id}`,
      token: a.token,
      payload: { ui_name: 'Mine now' },
    });
    expect(res.statusCode).toBe(404);
    expect(await ledgerSnapshot(t)).toBe(before);
  });

  it('refuses another company id in merchant_id', async () => {
    const res = await list(a.token, { merchant_id: b.company.id });
    expect(res.statusCode).toBe(404);
  });

  it('malformed IBAN filter → 417 with the filter field', async () => {
    const res = await list(a.token, { filter_param: 'iban_number', filter_value: 'GB12$%' });
    expect(res.statusCode).toBe(417);
    expect(res.json()).toMatchObject({
      code: 'IBAN_FILTER_INVALID',
      fields: { filter_value: 'Invalid IBAN filter' },
    });
    const badCheck = await list(a.token, {
      filter_param: 'iban_number',
      filter_value: 'GB00CLRL04130700000001',
    });
    expect(badCheck.json().code).toBe('IBAN_FILTER_INVALID');
  });

  it.each([
    ['abc', 10],
    [0, 10],
    [1, 'x'],
  ])('non-numeric or zero page %s/%s → 417', async (page, rows) => {
    const res = await list(a.token, {}, page, rows);
    expect(res.statusCode).toBe(417);
    expect(res.json().messages[0]).toBe('Something went wrong. Validation problem.');
  });

  it('an unknown sort column is refused, not passed to SQL', async () => {
    const res = await list(a.token, { sort_param: 'id; DROP TABLE wallets' });
    expect(res.statusCode).toBe(417);
    expect(res.json().fields.sort_param).toBeTruthy();
  });

  it('a user without a token is 401; a user without the list right is 403', async () => {
    expect((await list('nope', {})).statusCode).toBe(401);
    const admin = await makeUser(t, { group: 'admin' });
    const noCompany = await t.call({
      method: 'POST',
      url: '/api/wallets/1/10',
      token: admin.token,
      payload: {},
    });
    expect(noCompany.statusCode).toBe(403);
  });
});
