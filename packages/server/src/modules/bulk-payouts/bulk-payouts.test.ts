import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from '../../deps.ts';
import { makeCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { availableOf, makePayer, makeWallet, PASSWORD } from '../payments/payments.fixtures.ts';
import {
  CSV_HEADER,
  csvFile,
  decideBatch,
  paymentCount,
  sepaRows,
  uploadBatch,
} from './bulk-payouts.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-03-02T10:00:00Z'); // a Monday
});
afterAll(() => t.close());

async function merchantCompany(funds = '100000.00') {
  const company = await makeCompany(t, { serviceCode: 'MerchantService' });
  const eur = await makeWallet(t, company.id, 'EUR', funds);
  const gbp = await makeWallet(t, company.id, 'GBP', funds);
  const master = await makePayer(t, {
    merchantId: company.id,
    rights: ['create', 'approve', 'approveOwn', 'cancel'],
    isMaster: true,
  });
  return { company, eur, gbp, master };
}

const PAIN = (
  sum: string,
  ns = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03',
  debtorIban = 'GB29NWBK60161331926819',
) => `<?xml version="1.0"?>
<Document xmlns="${ns}"><CstmrCdtTrfInitn>
<GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-03-02T09:00:00</CreDtTm><NbOfTxs>2</NbOfTxs><CtrlSum>${sum}</CtrlSum><InitgPty><Nm>N</Nm></InitgPty></GrpHdr>
<PmtInf><PmtInfId>P</PmtInfId><PmtMtd>TRF</PmtMtd><PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf><ReqdExctnDt>2026-03-03</ReqdExctnDt>
<Dbtr><Nm>N</Nm></Dbtr><DbtrAcct><Id><IBAN>${debtorIban}</IBAN></Id></DbtrAcct><DbtrAgt><FinInstnId><BIC>NWBKGB2L</BIC></FinInstnId></DbtrAgt>
<CdtTrfTxInf><PmtId><EndToEndId>E1</EndToEndId></PmtId><Amt><InstdAmt Ccy="EUR">10.00</InstdAmt></Amt><Cdtr><Nm>Anna</Nm></Cdtr><CdtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></CdtrAcct></CdtTrfTxInf>
<CdtTrfTxInf><PmtId><EndToEndId>E2</EndToEndId></PmtId><Amt><InstdAmt Ccy="EUR">5.50</InstdAmt></Amt><Cdtr><Nm>Ben</Nm></Cdtr><CdtrAcct><Id><IBAN>FR1420041010050500013M02606</IBAN></Id></CdtrAcct></CdtTrfTxInf>
</PmtInf></CstmrCdtTrfInitn></Document>`;

type Payer = Awaited<ReturnType<typeof makePayer>>;

async function challenge(payer: Payer, id: string): Promise<string> {
  const r = await t.call({
    method: 'POST',
    url: `/api/payout_terminal/batches/${id}/challenge`,
    token: payer.token,
    payload: { action: 'confirm' },
  });
  return r.json().confirmation.challenge_id;
}

function confirmWith(payer: Payer, id: string, challengeId: string, code = payer.freshCode()) {
  return t.call({
    method: 'POST',
    url: `/api/payout_terminal/batches/${id}/confirm`,
    token: payer.token,
    payload: { challenge_id: challengeId, password: PASSWORD, secret_code: code },
  });
}

async function batchCount(merchantId: string) {
  const r = await t.deps.database.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM bulk_batches WHERE merchant_id = $1',
    [merchantId],
  );
  return Number(r.rows[0]?.n ?? 0);
}

describe('pay-out terminal: upload, one confirmation, payments made once', () => {
  it('a valid file is confirmed once with TOTP, every row becomes a pending pay-out, the report lists them', async () => {
    const { company, eur, master } = await merchantCompany();
    const rows = [...sepaRows(3), 'FPS,GBP,12.34,Jane Smith,,,20-00-00,55779911,Refund 1'];
    const up = await uploadBatch(t, master.token, 'pay.csv', csvFile(rows));
    expect(up.statusCode, up.body).toBe(200);
    const { batch, issues } = up.json();
    expect(issues).toEqual([]);
    expect(batch).toMatchObject({
      status: 'validated',
      format: 'csv',
      row_count: 4,
      total: 4,
      done: 0,
      duplicate_of: null,
      totals: [
        { currency: 'EUR', amount: '6.00', count: 3 },
        { currency: 'GBP', amount: '12.34', count: 1 },
      ],
    });
    expect(batch.actions).toContain('confirm');
    expect(await paymentCount(t, company.id)).toBe(0);

    const challenge = await t.call({
      method: 'POST',
      url: `/api/payout_terminal/batches/${batch.id}/challenge`,
      token: master.token,
      payload: { action: 'confirm' },
    });
    expect(challenge.json().confirmation).toMatchObject({
      count: 4,
      file_hash: batch.file_hash,
      approves: true,
      totals: [
        { currency: 'EUR', amount: '6.00', count: 3 },
        { currency: 'GBP', amount: '12.34', count: 1 },
      ],
    });

    const confirmed = await decideBatch(t, master, batch.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().batch).toMatchObject({ status: 'processing', confirmed_by: master.user.id });
    await t.deps.jobs.drain();

    const after = await t.call({
      method: 'GET',
      url: `/api/payout_terminal/batches/${batch.id}`,
      token: master.token,
    });
    expect(after.json().batch).toMatchObject({ status: 'completed', done: 4, failed: 0, total: 4 });
    expect(await paymentCount(t, company.id)).toBe(4);
    // Funds are held exactly as for single approved pay-outs (amount + fee).
    expect(await availableOf(t, eur.id, 'EUR')).toBeLessThan(10_000_000n - 600n + 1n);

    const report = await t.call({
      method: 'GET',
      url: `/api/payout_terminal/batches/${batch.id}/report`,
      token: master.token,
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    const lines = report.body.trim().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^row,payment_method,currency,amount,fee,payee/);
    expect(lines[1]).toMatch(
      /^2,SEPA,EUR,1\.00,.*,Payee 1,DE89370400440532013000,Row 1,pending,[0-9a-f-]{36},pending/,
    );

    // The audit log has the upload, the confirmation and the approval of the batch.
    const audit = await t.deps.database.query<{ action: string }>(
      'SELECT action FROM audit_log WHERE subject_id = $1 ORDER BY id',
      [batch.id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'bulk_payout_uploaded',
      'bulk_payout_confirmed',
      'bulk_payout_approved',
    ]);
  });

  it('confirming the same batch again, and running it twice at once, makes its payments once', async () => {
    const { company, master } = await merchantCompany();
    const other = await makePayer(t, {
      merchantId: company.id,
      rights: ['create', 'approve', 'approveOwn'],
    });
    const { batch } = (await uploadBatch(t, master.token, 'twice.csv', csvFile(sepaRows(30)))).json();
    // Both open the confirmation before either sends it; then both confirm, one after the other.
    const [first, second] = await Promise.all([challenge(master, batch.id), challenge(other, batch.id)]);
    const a = await confirmWith(master, batch.id, first);
    expect(a.statusCode, a.body).toBe(200);
    const again = await confirmWith(other, batch.id, second);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().batch.confirmed_by).toBe(master.user.id);
    // The same confirmation sent twice (a double click) is answered with the batch as it is.
    const replay = await confirmWith(master, batch.id, first);
    expect(replay.statusCode, replay.body).toBe(200);
    const bulk = service(t.deps, 'bulkPayouts');
    await Promise.all([bulk.run(batch.id), bulk.run(batch.id), t.deps.jobs.drain()]);
    expect(await paymentCount(t, company.id)).toBe(30);
    const view = await t.call({
      method: 'GET',
      url: `/api/payout_terminal/batches/${batch.id}`,
      token: master.token,
    });
    expect(view.json().batch).toMatchObject({ status: 'completed', done: 30 });
  });

  it('warns when the same file is uploaded twice and accepts pain.001', async () => {
    const { master, eur } = await merchantCompany();
    const bytes = Buffer.from(PAIN('15.50', undefined, eur.iban));
    const first = await uploadBatch(t, master.token, 'pain.xml', bytes);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().batch).toMatchObject({
      format: 'pain.001.001.03',
      status: 'validated',
      row_count: 2,
    });
    // The same pain.001 again is refused outright by its MsgId (issue 35, bulk-payouts-pain001.test.ts);
    // a CSV file has no message id, so the same CSV again is the warned duplicate.
    const csv = csvFile(sepaRows(2));
    const firstCsv = await uploadBatch(t, master.token, 'pay.csv', csv);
    const second = await uploadBatch(t, master.token, 'pay-copy.csv', csv);
    expect(second.json().batch.duplicate_of).toMatchObject({ id: firstCsv.json().batch.id });
  });

  it('maker-checker: a maker without approve rights confirms, an approver approves with their own code', async () => {
    const { company, master } = await merchantCompany();
    const maker = await makePayer(t, { merchantId: company.id, rights: ['create'] });
    const checker = await makePayer(t, { merchantId: company.id, rights: ['create', 'approve'] });
    const { batch } = (await uploadBatch(t, maker.token, 'mc.csv', csvFile(sepaRows(3)))).json();

    const confirmed = await decideBatch(t, maker, batch.id);
    expect(confirmed.json().batch).toMatchObject({ status: 'confirmed', approved_by: null });
    await t.deps.jobs.drain();
    expect(await paymentCount(t, company.id)).toBe(0);

    const makerApproves = await decideBatch(t, maker, batch.id, 'approve');
    expect(makerApproves.json()).toMatchObject({ code: 'NO_RIGHTS_APPROVE' });
    const approved = await decideBatch(t, checker, batch.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    await t.deps.jobs.drain();
    expect(await paymentCount(t, company.id)).toBe(3);
    const list = await t.call({ method: 'GET', url: '/api/payments/list/payout/1/10', token: master.token });
    if (list.statusCode === 200) {
      const mine = list.json().payments ?? list.json().transactions ?? [];
      for (const p of mine) expect(p.status).toBe('pending');
    }
  });

  it('insufficient balance leaves the rows it cannot cover created but not approved', async () => {
    const { company, master } = await merchantCompany('5.00');
    const { batch } = (await uploadBatch(t, master.token, 'poor.csv', csvFile(sepaRows(4)))).json();
    expect((await decideBatch(t, master, batch.id)).statusCode).toBe(200);
    await t.deps.jobs.drain();
    const view = (
      await t.call({ method: 'GET', url: `/api/payout_terminal/batches/${batch.id}`, token: master.token })
    ).json().batch;
    expect(view).toMatchObject({ status: 'completed', done: 4 });
    expect(view.failed).toBeGreaterThan(0);
    expect(await paymentCount(t, company.id)).toBe(4);
    const report = await t.call({
      method: 'GET',
      url: `/api/payout_terminal/batches/${batch.id}/report`,
      token: master.token,
    });
    expect(report.body).toContain('Insufficient balance: the payment was created but not approved.');
  });
});

describe('pay-out terminal: bad input changes nothing', () => {
  it('rows with errors are listed per row and field; the batch cannot be confirmed and makes no payment', async () => {
    const { company, master } = await merchantCompany();
    const rows = [
      ...sepaRows(2),
      'SEPA,EUR,10.00,Bad Iban,DE00370400440532013000,,,,x',
      'SEPA,EUR,"12,50",Comma,DE89370400440532013000,,,,y',
      'SEPA,EUR,10.00,=cmd|calc,DE89370400440532013000,,,,z',
      'ACH,USD,10.00,No wallet,,,,123456789,w',
    ];
    const up = await uploadBatch(t, master.token, 'bad.csv', csvFile(rows));
    expect(up.statusCode, up.body).toBe(200);
    const { batch, issues } = up.json();
    expect(batch).toMatchObject({ status: 'invalid', error_rows: 4, total: 0, totals: [] });
    expect(issues.map((i: { row: number; field: string; code: string }) => [i.row, i.field, i.code])).toEqual(
      [
        [4, 'iban', 'IBAN_BAD_CHECKSUM'],
        [5, 'amount', 'AMOUNT_DECIMAL_COMMA'],
        [6, 'payee', 'FORMULA_REFUSED'],
        [7, 'bank_code', 'FIELD_REQUIRED'],
      ],
    );
    const refused = await decideBatch(t, master, batch.id);
    expect(refused.statusCode).toBe(417);
    expect(refused.json()).toMatchObject({ code: 'BULK_BATCH_HAS_ERRORS' });
    expect(await paymentCount(t, company.id)).toBe(0);
    const issuesAgain = await t.call({
      method: 'GET',
      url: `/api/payout_terminal/batches/${batch.id}/issues`,
      token: master.token,
    });
    expect(issuesAgain.json().issue_count).toBe(4);
  });

  it('a currency without a wallet is a row error', async () => {
    const { master } = await merchantCompany();
    const up = await uploadBatch(
      t,
      master.token,
      'usd.csv',
      Buffer.from(
        'payment_method,currency,amount,payee,bank_code,account_number\nACH,USD,10.00,Acme,021000021,123456789\n',
      ),
    );
    expect(up.json().issues.map((i: { code: string }) => i.code)).toEqual(['WALLET_CURRENCY_MISSING']);
  });

  it.each([
    ['a pain.001 with a wrong control sum', 'c.xml', Buffer.from(PAIN('99.99')), 'PAIN_CONTROL_SUM'],
    [
      'a pain.001 of another namespace',
      'n.xml',
      Buffer.from(PAIN('15.50', 'urn:iso:std:iso:20022:tech:xsd:pain.008.001.02')),
      'PAIN_NAMESPACE',
    ],
    [
      '10,001 rows',
      'big.csv',
      Buffer.from([CSV_HEADER, ...Array(10_001).fill(sepaRows(1)[0])].join('\n')),
      'BULK_TOO_MANY_ROWS',
    ],
    ['a PDF', 'x.pdf', Buffer.from('%PDF-1.4'), 'BULK_FILE_TYPE'],
    ['a spreadsheet renamed .csv', 'x.csv', Buffer.from([0x50, 0x4b, 3, 4, 0, 0]), 'BULK_FILE_TYPE'],
    [
      'a pipe-separated file',
      'p.csv',
      Buffer.from(`${CSV_HEADER.replace(/,/g, '|')}\nSEPA|EUR|1\n`),
      'BULK_CSV_DELIMITER',
    ],
    ['an empty file', 'e.csv', Buffer.alloc(0), 'BULK_FILE_EMPTY'],
  ])('%s is refused whole and writes nothing', async (_label, name, bytes, code) => {
    const { company, master } = await merchantCompany();
    const r = await uploadBatch(t, master.token, name, bytes);
    expect(r.json()).toMatchObject({ success: false, code });
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
    expect(await batchCount(company.id)).toBe(0);
  });

  it('another company’s batch id answers 404 everywhere', async () => {
    const a = await merchantCompany();
    const b = await merchantCompany();
    const { batch } = (await uploadBatch(t, a.master.token, 'a.csv', csvFile(sepaRows(2)))).json();
    for (const [method, url] of [
      ['GET', `/api/payout_terminal/batches/${batch.id}`],
      ['GET', `/api/payout_terminal/batches/${batch.id}/report`],
      ['GET', `/api/payout_terminal/batches/${batch.id}/issues`],
      ['POST', `/api/payout_terminal/batches/${batch.id}/discard`],
    ] as const) {
      const r = await t.call({ method, url, token: b.master.token });
      expect(r.statusCode, url).toBe(404);
    }
    const confirm = await decideBatch(t, b.master, batch.id);
    expect(confirm.statusCode).toBe(404);
    expect(await paymentCount(t, a.company.id)).toBe(0);
  });

  it('an AccountService company and a user without create rights are refused', async () => {
    const account = await makeCompany(t, { serviceCode: 'AccountService' });
    const user = await makePayer(t, { merchantId: account.id, rights: ['create', 'approve'] });
    const r = await uploadBatch(t, user.token, 'a.csv', csvFile(sepaRows(1)));
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('BULK_NOT_MERCHANT_SERVICE');
    const { company } = await merchantCompany();
    const viewer = await makePayer(t, { merchantId: company.id, rights: [] });
    const v = await uploadBatch(t, viewer.token, 'a.csv', csvFile(sepaRows(1)));
    expect(v.json().code).toBe('NO_RIGHTS_CREATE_PAYOUT');
    expect(await batchCount(company.id)).toBe(0);
  });

  it('a wrong code refuses the confirmation and the batch stays as it was; a discarded batch cannot be confirmed', async () => {
    const { company, master } = await merchantCompany();
    const { batch } = (await uploadBatch(t, master.token, 'w.csv', csvFile(sepaRows(2)))).json();
    const wrong = await decideBatch(t, master, batch.id, 'confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    const view = await t.call({
      method: 'GET',
      url: `/api/payout_terminal/batches/${batch.id}`,
      token: master.token,
    });
    expect(view.json().batch.status).toBe('validated');
    const discarded = await t.call({
      method: 'POST',
      url: `/api/payout_terminal/batches/${batch.id}/discard`,
      token: master.token,
    });
    expect(discarded.json().batch.status).toBe('discarded');
    const late = await decideBatch(t, master, batch.id);
    expect(late.json().code).toBe('BULK_BATCH_STATE');
    expect(await paymentCount(t, company.id)).toBe(0);
  });
});
