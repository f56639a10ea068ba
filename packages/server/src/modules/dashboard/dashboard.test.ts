import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/tx.ts';
import { service } from '../../deps.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fundedCompany } from '../wallets/accounts.test-helpers.ts';

let t: TestApp;
let c: Awaited<ReturnType<typeof fundedCompany>>;

beforeAll(async () => {
  t = await createTestApp();
  // These tests cover the ledger-derived chart; the payments area plugs its own rows in at start.
  const dashboard = service(t.deps, 'dashboard');
  dashboard.usePaymentSource(dashboard.ledgerSource);
  c = await fundedCompany(t, { eur: 50_000n, gbp: 20_000n });
  const ledger = service(t.deps, 'ledger');
  await inTransaction(t.deps.db, async (tx) => {
    const eur = await ledger.walletAccount(tx, c.eur.id, 'EUR');
    const out = await ledger.systemAccount(tx, 'payout_clearing', 'EUR');
    const payout = await ledger.postEntry(tx, {
      kind: 'payout',
      reference: 'po-1',
      details: { counterparty: 'Litware' },
      postings: [
        { accountId: eur, amount: -10_000n },
        { accountId: out, amount: 10_000n },
      ],
    });
    await ledger.postEntry(tx, {
      kind: 'payout',
      reference: 'po-2',
      postings: [
        { accountId: eur, amount: -5_000n },
        { accountId: out, amount: 5_000n },
      ],
    });
    await ledger.reverse(tx, payout.id, 'returned by the payee bank');
    await ledger.placeHold(tx, { walletId: c.eur.id, currency: 'EUR', amount: 2_500n, reference: 'po-3' });
  });
});
afterAll(() => t.close());

const statuses = (body: object, token = c.token) =>
  t.call({ method: 'POST', url: '/api/transaction_widgets/payment_statuses', token, payload: body });

describe('payment status chart (spec §2)', () => {
  it('groups by currency in spec order with settled, returned and pending', async () => {
    const res = await statuses({ transaction_sign: 'any', days: 30, group_by: 'amount' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.group_by).toBe('amount');
    expect(body.payment_statuses.map((p: { currency: string }) => p.currency)).toEqual(['EUR', 'GBP']);
    const eur = body.payment_statuses[0].statuses;
    expect(eur).toEqual(
      expect.arrayContaining([
        { status: 'returned', quantity: 1, amount: '100.00' },
        { status: 'pending', quantity: 1, amount: '25.00' },
        { status: 'settled', quantity: 2, amount: '550.00' },
      ]),
    );
  });

  it('filters inbound/outbound and one currency', async () => {
    const inbound = (await statuses({ transaction_sign: 'inbound', days: 30, currency: 'GBP' })).json();
    expect(inbound.payment_statuses).toEqual([
      { currency: 'GBP', statuses: [{ status: 'settled', quantity: 1, amount: '200.00' }] },
    ]);
    const outbound = (await statuses({ transaction_sign: 'outbound', days: 30, currency: 'GBP' })).json();
    expect(outbound.payment_statuses).toEqual([]);
  });

  it('uses the source another area plugs in', async () => {
    const dashboard = service(t.deps, 'dashboard');
    dashboard.usePaymentSource(async () => [
      { currency: 'USD', status: 'declined', direction: 'outbound', quantity: 4, amount: 123n },
    ]);
    const body = (await statuses({ transaction_sign: 'outbound' })).json();
    dashboard.usePaymentSource(dashboard.ledgerSource);
    expect(body.payment_statuses).toEqual([
      { currency: 'USD', statuses: [{ status: 'declined', quantity: 4, amount: '1.23' }] },
    ]);
  });

  it('refuses an unknown sign or a non-numeric day count', async () => {
    expect((await statuses({ transaction_sign: 'sideways' })).statusCode).toBe(417);
    expect((await statuses({ days: 'many' })).statusCode).toBe(417);
  });
});

describe('widgets', () => {
  it('serves a default layout; a chart of 90 days spans 2 cells; no right → No rights for widget', async () => {
    const res = await t.call({ method: 'GET', url: '/api/dashboard/widgets', token: c.token });
    const widgets = res.json().widgets;
    const chart = widgets.find((w: { widget_type: string }) => w.widget_type === 'Chart');
    expect(chart).toMatchObject({ cellsCount: 2, has_rights: true, message: null });
    const fx = widgets.find((w: { widget_type: string }) => w.widget_type === 'InstantFx');
    expect(fx).toMatchObject({ has_rights: false, message: 'No rights for widget' });
    const trader = await makeUser(t, { merchantId: c.company.id, rights: ['instantFx'] });
    const mine = (await t.call({ method: 'GET', url: '/api/dashboard/widgets', token: trader.token })).json()
      .widgets;
    expect(mine.find((w: { widget_type: string }) => w.widget_type === 'InstantFx').has_rights).toBe(true);
  });

  it('stores a layout per user and refuses overlapping widgets, keeping the old one', async () => {
    const layout = [
      { slide_no: 1, placement: 0, widget_type: 'Chart', parameters: { period: '1w' } },
      { slide_no: 1, placement: 1, widget_type: 'Balances' },
    ];
    const saved = await t.post('/api/dashboard/widgets', c.token, { widgets: layout });
    expect(saved.json().widgets.map((w: { cellsCount: number }) => w.cellsCount)).toEqual([1, 1]);
    const bad = await t.post('/api/dashboard/widgets', c.token, {
      widgets: [{ ...layout[0], parameters: { period: '3m' } }, layout[1]],
    });
    expect(bad.statusCode).toBe(417);
    expect(bad.json().code).toBe('WIDGET_OVERLAP');
    expect(bad.json().messages[0]).toBe('Widgets Chart and Balances overlap on slide 1.');
    const now = (await t.call({ method: 'GET', url: '/api/dashboard/widgets', token: c.token })).json()
      .widgets;
    expect(now).toHaveLength(2);
  });

  it('refuses unknown widget types and out-of-grid positions with a clear message, writing nothing', async () => {
    const save = (widgets: object[]) =>
      t.call({ method: 'POST', url: '/api/dashboard/widgets', token: c.token, payload: { widgets } });
    const before = (await t.call({ method: 'GET', url: '/api/dashboard/widgets', token: c.token })).json()
      .widgets;
    const unknown = await save([{ slide_no: 1, placement: 0, widget_type: 'Weather', parameters: {} }]);
    expect(unknown.statusCode).toBe(417);
    expect(JSON.stringify(unknown.json().fields)).toMatch(/Unknown widget type: use one of Chart, Balances/);
    const past = await save([
      { slide_no: 1, placement: 3, widget_type: 'Chart', parameters: { period: '1y' } },
    ]);
    expect(past.statusCode).toBe(417);
    expect(past.json().code).toBe('WIDGET_OUT_OF_GRID');
    expect(past.json().messages[0]).toMatch(/Widget Chart does not fit on slide 1/);
    const beyond = await save([{ slide_no: 1, placement: 4, widget_type: 'Balances', parameters: {} }]);
    expect(beyond.statusCode).toBe(417);
    expect(JSON.stringify(beyond.json().fields)).toMatch(/Placement must be 0 to 3/);
    const after = (await t.call({ method: 'GET', url: '/api/dashboard/widgets', token: c.token })).json()
      .widgets;
    expect(after).toEqual(before);
  });

  it('a 90-day chart takes two cells and a 2-month one takes one; the saved layout comes back as saved', async () => {
    const layout = [
      { slide_no: 1, placement: 0, widget_type: 'Chart', parameters: { period: '3m' } },
      { slide_no: 1, placement: 2, widget_type: 'Checklist', parameters: {} },
      { slide_no: 2, placement: 3, widget_type: 'Chart', parameters: { period: '2m' } },
    ];
    const saved = await t.post('/api/dashboard/widgets', c.token, { widgets: layout });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = (await t.call({ method: 'GET', url: '/api/dashboard/widgets', token: c.token })).json()
      .widgets;
    expect(
      again.map((w: { widget_type: string; placement: number; cellsCount: number }) => [
        w.widget_type,
        w.placement,
        w.cellsCount,
      ]),
    ).toEqual([
      ['Chart', 0, 2],
      ['Checklist', 2, 1],
      ['Chart', 3, 1],
    ]);
  });

  it('checklist widget: no boarding record → has_boarding false', async () => {
    const res = await t.call({ method: 'GET', url: '/api/dashboard/checklist', token: c.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ has_boarding: false, items: [] });
  });

  it('available balances widget shows the negative-balance notice only when an account is below zero', async () => {
    const res = (
      await t.call({ method: 'GET', url: '/api/wallet_balances_widgets/available', token: c.token })
    ).json();
    expect(res).toMatchObject({ has_negative: false, notice: null });
    expect(res.balances.find((b: { currency: string }) => b.currency === 'EUR')).toMatchObject({
      balance: '450.00',
      available: '425.00',
    });
  });

  it('recent payments lists the latest movements with direction and counterparty', async () => {
    const res = (
      await t.call({ method: 'GET', url: '/api/transaction_widgets/recent_payments?limit=3', token: c.token })
    ).json();
    expect(res.payments).toHaveLength(3);
    expect(
      res.payments.some(
        (p: { kind: string; direction: string }) => p.kind === 'reversal' && p.direction === 'inbound',
      ),
    ).toBe(true);
  });
});

describe('closing daily balances', () => {
  it('table of every wallet on a date and details by account agree', async () => {
    const today = t.clock.now().toISOString().slice(0, 10);
    const table = (
      await t.post('/api/wallet_balances_widgets/wallets_by_date_currency', c.token, {
        date: today,
        currency: 'EUR',
      })
    ).json();
    expect(table.wallets).toEqual([
      expect.objectContaining({
        id: c.eur.id,
        opening_balance: '0.00',
        closing_balance: '450.00',
        credits: '600.00',
        debits: '150.00',
      }),
    ]);
    const daily = (
      await t.call({
        method: 'GET',
        url: `/api/wallet_balances_widgets/by_currency/${c.eur.id}?days=3`,
        token: c.token,
      })
    ).json();
    const eurDays = daily.daily_balances.find((d: { currency: string }) => d.currency === 'EUR').days;
    expect(eurDays.map((d: { closing: string }) => d.closing)).toEqual(['0.00', '0.00', '450.00']);
  });
});

describe('a well-formed but unknown currency is a field message, never a 500 (issue 35)', () => {
  it.each([
    [
      '/api/wallet_balances_widgets/wallets_by_date_currency',
      () => ({ date: '2025-01-01', currency: 'XYZ' }),
    ],
    [
      '/api/transaction_widgets/payment_statuses',
      () => ({ transaction_sign: 'any', days: 7, currency: 'XYZ' }),
    ],
    [
      '/api/wallets/statements',
      () => ({ wallet_uuid: c.eur.uuid, date_from: '2025-01-01', date_to: '2025-01-31', currency: 'XYZ' }),
    ],
  ])('POST %s with XYZ → 417 on currency', async (url, body) => {
    const res = await t.post(url, c.token, body());
    expect(res.statusCode).toBe(417);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { currency: expect.stringMatching(/currency/i) },
    });
  });

  it('GET /api/fx/rate/XYZ/EUR → 417 on sell', async () => {
    // The route needs the instant FX right, which is checked before the params (issue 34).
    const trader = await makeUser(t, { merchantId: c.company.id, rights: ['instantFx'] });
    const res = await t.call({ method: 'GET', url: '/api/fx/rate/XYZ/EUR', token: trader.token });
    expect(res.statusCode).toBe(417);
    expect(res.json().fields).toMatchObject({ 'params.sell': expect.stringMatching(/currency/i) });
  });
});
