import pdfParse from 'pdf-parse/lib/pdf-parse.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/tx.ts';
import { service } from '../../deps.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fundedCompany, ledgerSnapshot } from '../wallets/accounts.test-helpers.ts';
import { parseCamt, parseCsv, parseMt940 } from './statement-parsers.test-helpers.ts';

let t: TestApp;
let c: Awaited<ReturnType<typeof fundedCompany>>;
let other: Awaited<ReturnType<typeof fundedCompany>>;

// Opening 1000.00 on 2025-01-01; January: +250.75 −80.20 −12.50 fee → 1158.05; February: +1000.00 −3.33 fee
// → 2154.72; and a March entry outside the period.
const ENTRIES = [
  ['2025-01-14T10:00:00Z', 'payin', 25_075n, 'Northwind "Ltd"'],
  ['2025-01-20T12:00:00Z', 'payout', -8_020n, '=HYPERLINK("x")'],
  ['2025-01-31T23:59:59Z', 'fee', -1_250n, ''],
  ['2025-02-01T00:00:00Z', 'payin', 100_000n, 'Contoso & Sons <UK>'],
  ['2025-02-28T09:00:00Z', 'fee', -333n, ''],
  ['2025-03-01T00:00:00Z', 'payin', 999n, 'Too late'],
] as const;

beforeAll(async () => {
  t = await createTestApp();
  c = await fundedCompany(t, { eur: 100_000n, valueDate: new Date('2024-12-31T15:00:00Z') });
  other = await fundedCompany(t);
  const ledger = service(t.deps, 'ledger');
  await inTransaction(t.deps.db, async (tx) => {
    const wallet = await ledger.walletAccount(tx, c.eur.id, 'EUR');
    const sys = {
      payin: await ledger.systemAccount(tx, 'payin_clearing', 'EUR'),
      payout: await ledger.systemAccount(tx, 'payout_clearing', 'EUR'),
      fee: await ledger.systemAccount(tx, 'fee_income', 'EUR'),
    };
    for (const [i, [at, kind, amount, who]] of ENTRIES.entries()) {
      await ledger.postEntry(tx, {
        kind,
        reference: `REF-${i}`,
        valueDate: new Date(at),
        details: { description: `${kind} ${i}`, ...(who ? { counterparty: who } : {}) },
        postings: [
          { accountId: wallet, amount },
          { accountId: sys[kind], amount: -amount },
        ],
      });
    }
  });
});
afterAll(() => t.close());

const statement = (format: string, body: object = {}, token = c.token) =>
  t.call({
    method: 'POST',
    url: '/api/wallets/statements',
    token,
    payload: { wallet_uuid: c.eur.uuid, date_from: '2025-01-01', date_to: '2025-02-28', format, ...body },
  });

describe('account statements agree with the ledger in every format', () => {
  const months = [
    { month: '2025-01', opening: '1000.00', closing: '1158.05', lines: 3 },
    { month: '2025-02', opening: '1158.05', closing: '2154.72', lines: 2 },
  ];

  it('CSV: opening, lines and closing per calendar month; formulas neutralised', async () => {
    const res = await statement('csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.headers['x-statement-lines']).toBe('5');
    const sections = parseCsv(res.body);
    expect(
      sections.map((s) => ({
        month: s.month,
        opening: s.opening,
        closing: s.closing,
        lines: s.lines.length,
      })),
    ).toEqual(months);
    expect(sections[0]?.lines[1]?.counterparty).toBe(`'=HYPERLINK("x")`);
    expect(sections[0]?.lines[0]?.counterparty).toBe('Northwind "Ltd"');
    expect(sections[1]?.lines.map((l) => l.amount)).toEqual(['1000.00', '-3.33']);
  });

  it('camt.053: one Stmt per month with OPBD/CLBD and signed entries', async () => {
    const res = await statement('camt053');
    expect(res.headers['content-type']).toContain('application/xml');
    const stmts = parseCamt(res.body);
    expect(
      stmts.map((s) => ({
        month: s.from.slice(0, 7),
        opening: s.opening,
        closing: s.closing,
        lines: s.entries.length,
      })),
    ).toEqual(months);
    expect(stmts[0]?.iban).toBe(c.eur.iban);
    expect(stmts[1]?.entries[0]).toEqual({ amount: '1000.00', party: 'Contoso &amp; Sons &lt;UK&gt;' });
  });

  it('MT940: :60F:, :61: lines and :62F: per month', async () => {
    const res = await statement('mt940');
    const msgs = parseMt940(res.body);
    expect(msgs.map((m) => ({ opening: m.opening, closing: m.closing, lines: m.lines.length }))).toEqual(
      months.map(({ opening, closing, lines }) => ({ opening, closing, lines })),
    );
    expect(msgs[0]?.account).toBe(c.eur.iban);
    expect(msgs[0]?.lines).toEqual(['250.75', '-80.20', '-12.50']);
  });

  it('PDF: read back, shows the provider entity, balances and lines', async () => {
    const res = await statement('pdf');
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfParse(res.rawPayload);
    expect(text).toContain('Clearline Payments Ltd');
    // Amounts with thousands separators and the currency's exponent, as in the browser.
    expect(text).toContain('Opening balance 2025-01-01: €1,000.00');
    expect(text).toContain('Closing balance 2025-01-31: €1,158.05');
    expect(text).toContain('Closing balance 2025-02-28: €2,154.72');
    expect(text).toContain('REF-3');
    expect(text).not.toContain('REF-5');
    // The header names the account; every page says "Page N of M".
    expect(text).toContain(`IBAN: ${c.eur.iban.replace(/(.{4})(?=.)/g, '$1 ')}`);
    expect(text).toContain('BIC:');
    // A reader's date and time, not an ISO timestamp (issue 36).
    expect(text).toMatch(/Generated: \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC/);
    expect(text).toMatch(/EUR: opening balance €1,000\.00, closing balance €2,154\.72/);
    const pages = [...text.matchAll(/Page (\d+) of (\d+)/g)];
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.every((m) => m[2] === String(pages.length))).toBe(true);
  });

  it('fee statement of a month lists only fees', async () => {
    t.clock.set('2025-03-10T10:00:00Z');
    const res = await t.call({
      method: 'POST',
      url: '/api/wallets/fee_statements',
      token: c.token,
      payload: { wallet_uuid: c.eur.uuid, period: '02/2025', format: 'csv' },
    });
    expect(res.statusCode).toBe(200);
    const [feb] = parseCsv(res.body).filter((s) => s.month === '2025-02');
    expect(feb?.lines.map((l) => l.amount)).toEqual(['-3.33']);
    expect(feb?.closing).toBe('-3.33');
  });

  it('fee statement lists the fee a pay-out paid inside its entry (issue 36)', async () => {
    // A settled pay-out of 100.00 with a 35.00 fee, as settleHold books it: one entry, the fee to fee income.
    const ledger = service(t.deps, 'ledger');
    await inTransaction(t.deps.db, async (tx) => {
      await ledger.postEntry(tx, {
        kind: 'payout',
        reference: 'REF-CHAPS-FEE',
        valueDate: new Date('2025-02-10T09:00:00Z'),
        details: { description: 'CHAPS to Acme', counterparty: 'Acme Ltd' },
        postings: [
          { accountId: await ledger.walletAccount(tx, other.eur.id, 'EUR'), amount: -13_500n },
          { accountId: await ledger.systemAccount(tx, 'payout_clearing', 'EUR'), amount: 10_000n },
          { accountId: await ledger.systemAccount(tx, 'fee_income', 'EUR'), amount: 3_500n },
        ],
      });
    });
    t.clock.set('2025-03-10T10:00:00Z');
    const { token } = await service(t.deps, 'sessions').issue(t.deps.db, other.user.id, 'session');
    const res = await t.call({
      method: 'POST',
      url: '/api/wallets/fee_statements',
      token,
      payload: { wallet_uuid: other.eur.uuid, period: '02/2025', format: 'csv' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [feb] = parseCsv(res.body).filter((s) => s.month === '2025-02');
    expect(feb?.lines.map((l) => l.amount)).toEqual(['-35.00']);
    expect(feb?.closing).toBe('-35.00');
  });

  it('account verification letter: platform entity, IBAN, Code 128 barcode image', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/wallets/get_printout/${c.eur.uuid}/${c.eur.iban}/1/EUR`,
      token: c.token,
      headers: { host: 'ca.portal.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    const { text } = await pdfParse(res.rawPayload);
    expect(text).toContain('Clearline Payments Canada Inc.');
    expect(text).toContain(c.eur.iban.slice(0, 4));
    expect(text).toMatch(/Document reference: AVL\d{8}[0-9A-F]{6}/);
  });
});

describe('statement bad input: §8 message, nothing changes', () => {
  it('period end before start → 417 on date_to', async () => {
    const before = await ledgerSnapshot(t);
    const res = await statement('csv', { date_from: '2025-02-01', date_to: '2025-01-31' });
    expect(res.statusCode).toBe(417);
    expect(res.json()).toMatchObject({
      code: 'STATEMENT_PERIOD_INVALID',
      fields: { date_to: expect.any(String) },
    });
    expect(res.json().requestId).toBeTruthy();
    expect(await ledgerSnapshot(t)).toBe(before);
  });

  it('another company’s wallet → 404; a malformed date → 417', async () => {
    expect((await statement('csv', { wallet_uuid: other.eur.uuid })).statusCode).toBe(404);
    expect((await statement('csv', { date_from: '2025-02-30' })).statusCode).toBe(417);
  });

  it.each([
    ['2025-03-05T10:00:00Z', '02/2025', 'PERIOD_NOT_YET_AVAILABLE'],
    ['2025-03-10T10:00:00Z', '12/2024', 'PERIOD_BEFORE_FIRST'],
    ['2028-06-10T10:00:00Z', '01/2025', 'PERIOD_TOO_OLD'],
    ['2025-03-10T10:00:00Z', '03/2025', 'PERIOD_NOT_FINISHED'],
    ['2025-03-10T10:00:00Z', '2025-02', 'PERIOD_FORMAT'],
  ])('fee statement at %s for %s → %s', async (now, period, code) => {
    t.clock.set(now);
    // A session issued at that moment (the clock may jump past the fixture token's expiry).
    const { token } = await service(t.deps, 'sessions').issue(t.deps.db, c.user.id, 'session');
    const before = await ledgerSnapshot(t);
    const res = await t.call({
      method: 'POST',
      url: '/api/wallets/fee_statements',
      token,
      payload: { wallet_uuid: c.eur.uuid, period },
    });
    expect(res.statusCode).toBe(417);
    expect(res.json().code).toBe(code);
    expect(await ledgerSnapshot(t)).toBe(before);
  });
});
