import { readFileSync } from 'node:fs';
import { Parser } from 'mt940js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { inTransaction } from '../../db/tx.ts';
import { service } from '../../deps.ts';
import { makeCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { exchange } from '../fx/fx.fixtures.ts';
import { makePayer, makeWallet, payout, sepaDetails } from '../payments/payments.fixtures.ts';

// Issue 35: statement files read by software nobody here wrote — the ISO 20022 schema the project
// ships (xmllint-wasm) and an MT940 parser (mt940js) — for a month with pay-ins, pay-outs, a return,
// an FX leg and a fee, and names in German and Cyrillic.

const XSD = readFileSync(new URL('./iso20022/camt.053.001.08.xsd', import.meta.url), 'utf8');
const SWIFT_X_LINE = /^[A-Za-z0-9/\-?:().,'+ ]*$/;
const LONG_NAME = `Штадтверке Кёльн Энергоснабжение ${'Ü'.repeat(100)} Ende`;

let t: TestApp;
let eur: { id: number; uuid: string };
let token: string;
const ids: { payout: string; returned: string; payin: string } = { payout: '', returned: '', payin: '' };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-03-04T10:00:00Z'); // Wednesday, within FX hours
  const companyId = (await makeCompany(t)).id;
  eur = await makeWallet(t, companyId, 'EUR', '1000.00');
  const gbp = await makeWallet(t, companyId, 'GBP', '0');
  const payer = await makePayer(t, {
    merchantId: companyId,
    rights: ['create', 'approve', 'approveOwn', 'instantFx'],
    autoApprove: true,
  });
  const processing = service(t.deps, 'processing');
  ids.payin = await processing.payIn({
    merchantId: companyId,
    walletRef: eur.id,
    currency: 'EUR',
    amount: '250.75',
    payerName: 'Bäckerei Müller GmbH',
    payerIban: 'DE89370400440532013000',
    method: 'SEPA',
    reference: 'INV-2026-0042',
  });
  await processing.payIn({
    merchantId: companyId,
    walletRef: eur.id,
    currency: 'EUR',
    amount: '99.00',
    payerName: 'ООО «Ромашка»',
    payerIban: 'DE89370400440532013000',
    method: 'SEPA',
    reference: 'Счёт № 17 — оплата за услуги связи, включая НДС, без дальнейших вычетов и удержаний',
  });
  await processing.payIn({
    merchantId: companyId,
    walletRef: eur.id,
    currency: 'EUR',
    amount: '1.00',
    payerName: LONG_NAME,
    payerIban: null,
    method: 'SEPA',
  });
  ids.payout = (
    await payout(t, payer, eur.uuid, sepaDetails('40.00', { payee: 'Gießerei Weiß' }))
  ).json().payment.id;
  ids.returned = (
    await payout(
      t,
      payer,
      eur.uuid,
      sepaDetails('30.00', { payee: 'Юлия Щукина', iban: 'DE19370400440000000009' }),
    )
  ).json().payment.id;
  // Settle both pay-outs, then the return of the second (the rail's test IBAN).
  for (let i = 0; i < 2; i++) {
    t.clock.advance(10 * 60_000);
    await processing.runDue();
    await t.deps.jobs.drain();
  }
  payer.token = (await service(t.deps, 'sessions').issue(t.deps.db, payer.user.id, 'session')).token;
  const fx = await exchange(t, payer, {
    sell_wallet_id: eur.id,
    sell_currency: 'EUR',
    buy_wallet_id: gbp.id,
    buy_currency: 'GBP',
    sell_amount: '100.00',
    settlement: 'instant',
  });
  expect(fx.response.statusCode, fx.response.body).toBe(200);
  const ledger = service(t.deps, 'ledger');
  await inTransaction(t.deps.db, async (tx) => {
    const account = await ledger.walletAccount(tx, eur.id, 'EUR');
    await ledger.postEntry(tx, {
      kind: 'fee',
      reference: `fee:${eur.uuid}:2026-03`,
      details: { description: 'Monthly account fee' },
      postings: [
        { accountId: account, amount: -1_250n },
        { accountId: await ledger.systemAccount(tx, 'fee_income', 'EUR'), amount: 1_250n },
      ],
    });
    // A crypto balance in the same wallet: no ISO 4217 code, so the bank formats leave it out.
    await ledger.postEntry(tx, {
      kind: 'payin',
      reference: `usdt:${eur.uuid}`,
      postings: [
        { accountId: await ledger.walletAccount(tx, eur.id, 'USDT'), amount: 1_500_000n },
        { accountId: await ledger.systemAccount(tx, 'payin_clearing', 'USDT'), amount: -1_500_000n },
      ],
    });
  });
  token = payer.token;
});
afterAll(() => t.close());

const statement = (format: 'camt053' | 'mt940', extra: object = {}) =>
  t.call({
    method: 'POST',
    url: '/api/wallets/statements',
    token,
    payload: { wallet_uuid: eur.uuid, date_from: '2026-03-01', date_to: '2026-03-31', format, ...extra },
  });
const compact = (uuid: string) => uuid.replace(/-/g, '');
const all = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => m[1] ?? '');
const minor = (text: string) => BigInt(text.replace('.', ''));

describe('camt.053.001.08 as a schema-checking importer reads it', () => {
  it('validates against the shipped ISO 20022 schema', async () => {
    const res = await statement('camt053');
    expect(res.statusCode).toBe(200);
    const result = await validateXML({
      xml: [{ fileName: 'statement.xml', contents: res.body }],
      schema: [{ fileName: 'camt.053.001.08.xsd', contents: XSD }],
    });
    expect(result.errors.map((e) => e.message)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('states exact counts and sums per direction, matching the entries', async () => {
    const body = (await statement('camt053')).body;
    const entries = [...body.matchAll(/<Ntry>.*?<Amt Ccy="EUR">([\d.]+)<\/Amt><CdtDbtInd>(\w+)</g)];
    const side = (ind: string) => entries.filter((e) => e[2] === ind).map((e) => minor(e[1] ?? ''));
    const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
    const [credits, debits] = [side('CRDT'), side('DBIT')];
    // Funding, three pay-ins, the return and nothing else credit; two pay-outs, FX and the fee debit.
    expect([credits.length, debits.length]).toEqual([5, 4]);
    const block = (tag: string) =>
      new RegExp(`<${tag}><NbOfNtries>(\\d+)</NbOfNtries><Sum>([\\d.]+)</Sum>`).exec(body);
    expect(block('TtlNtries')?.slice(1)).toEqual([
      '9',
      (Number(sum([...credits, ...debits])) / 100).toFixed(2),
    ]);
    expect(block('TtlCdtNtries')?.slice(1)).toEqual(['5', (Number(sum(credits)) / 100).toFixed(2)]);
    expect(block('TtlDbtNtries')?.slice(1)).toEqual(['4', (Number(sum(debits)) / 100).toFixed(2)]);
  });

  it('carries the client reference or a compact payment id as EndToEndId, every reference within 35', async () => {
    const body = (await statement('camt053')).body;
    const e2e = all(body, 'EndToEndId');
    expect(e2e.every((v) => v.length >= 1 && v.length <= 35)).toBe(true);
    expect(e2e).toContain('INV-2026-0042');
    // The pay-out and its return share the payment's id.
    expect(e2e.filter((v) => v === compact(ids.returned))).toHaveLength(2);
    expect(e2e).toContain(compact(ids.payout));
    expect(all(body, 'AcctSvcrRef').every((v) => v.length <= 35)).toBe(true);
    expect(all(body, 'Nm').every((v) => [...v].length <= 140)).toBe(true);
    expect(body).toContain('<Dbtr><Pty><Nm>Bäckerei Müller GmbH</Nm>');
    expect(body).toContain('<Ustrd>INV-2026-0042</Ustrd>');
  });
});

describe('MT940 as an MT940 parser reads it', () => {
  it('parses, balances agree, letters are transliterated, never dropped', async () => {
    const res = await statement('mt940');
    expect(res.statusCode).toBe(200);
    const [s, ...rest] = new Parser().parse(res.body);
    expect(rest).toHaveLength(0);
    if (!s) throw new Error('no statement');
    expect(s.transactions).toHaveLength(9);
    expect(s.openingBalance).toBe(0);
    const details = s.transactions.map((tx) => tx.details.replace(/\n/g, ''));
    expect(details.some((d) => d.startsWith('Baeckerei Mueller GmbH'))).toBe(true);
    expect(details.some((d) => d.startsWith('Giesserei Weiss'))).toBe(true);
    expect(details.some((d) => d.startsWith("OOO 'Romashka' / Schet No. 17"))).toBe(true);
    expect(details.some((d) => d.startsWith('Iuliia Shchukina'))).toBe(true);
    const payin = s.transactions.find((tx) => tx.details.startsWith('Baeckerei'));
    expect(payin?.reference).toBe('INV-2026-0042');
    expect(payin?.extraDetails).toBe(compact(ids.payin));
  });

  it('stays in the SWIFT X set and :86: within 6 lines of 65, keeping the name', async () => {
    const body = (await statement('mt940')).body;
    const lines = body.split('\r\n');
    expect(lines.filter((l) => !SWIFT_X_LINE.test(l))).toEqual([]);
    const fields86 = body.split(/\r\n(?=:)/).filter((f) => f.startsWith(':86:'));
    for (const f of fields86) {
      const rows = f.slice(4).split('\r\n');
      expect(rows.length).toBeLessThanOrEqual(6);
      expect(rows.every((r) => r.length <= 65 && !/^[:-]/.test(r))).toBe(true);
    }
    const long = fields86.find((f) => f.startsWith(':86:Shtadtverke'));
    expect(long?.replace(/\r\n/g, '')).toContain('Ende');
  });
});

describe('bank formats and currencies without an ISO 4217 code', () => {
  it('leave the crypto balance out of a whole-wallet file and refuse a crypto-only one with a field message', async () => {
    expect((await statement('camt053')).body).not.toContain('USDT');
    expect((await statement('mt940')).body).not.toContain('USDT');
    for (const format of ['camt053', 'mt940'] as const) {
      const res = await statement(format, { currency: 'USDT' });
      expect(res.statusCode).toBe(417);
      expect(res.json()).toMatchObject({
        code: 'STATEMENT_FORMAT_CURRENCY',
        fields: { currency: expect.any(String) },
      });
    }
  });
});
