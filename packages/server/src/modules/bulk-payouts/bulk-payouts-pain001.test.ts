import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from '../../deps.ts';
import { makeCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makePayer, makeWallet } from '../payments/payments.fixtures.ts';
import {
  batchCount,
  decideBatch,
  PAIN_03,
  PAIN_09,
  painFile,
  paymentCount,
  uploadBatch,
} from './bulk-payouts.fixtures.ts';

/** Issue 35: what a pain.001 file says about who pays and how the client knows each payment. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-03-02T10:00:00Z'); // a Monday
});
afterAll(() => t.close());

async function merchantCompany() {
  const company = await makeCompany(t, { serviceCode: 'MerchantService' });
  const eur = await makeWallet(t, company.id, 'EUR', '1000.00');
  const eur2 = await makeWallet(t, company.id, 'EUR', '1000.00');
  const gbp = await makeWallet(t, company.id, 'GBP', '1000.00');
  const master = await makePayer(t, {
    merchantId: company.id,
    rights: ['create', 'approve', 'approveOwn', 'cancel'],
    isMaster: true,
  });
  return { company, eur, eur2, gbp, master };
}

const tx = (n: number, extra: Record<string, string> = {}) => ({
  amount: `${n}.00`,
  payee: `Payee ${n}`,
  iban: 'DE89370400440532013000',
  endToEndId: `E2E-${n}`,
  ...extra,
});

async function walletsOfPayments(merchantId: string) {
  const r = await t.deps.database.query<{ wallet_id: string }>(
    'SELECT DISTINCT wallet_id::text FROM payments WHERE merchant_id = $1 AND direction = $2',
    [merchantId, 'outbound'],
  );
  return r.rows.map((x) => Number(x.wallet_id));
}

describe('pain.001 debtor account (DbtrAcct)', () => {
  it('pays from the wallet whose IBAN the file names, not the first wallet of the currency', async () => {
    const { company, eur, eur2, master } = await merchantCompany();
    const up = await uploadBatch(
      t,
      master.token,
      'p.xml',
      painFile([{ debtorIban: eur2.iban, txs: [tx(1), tx(2)] }]),
    );
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().batch.status).toBe('validated');
    expect((await decideBatch(t, master, up.json().batch.id)).statusCode).toBe(200);
    await t.deps.jobs.drain();
    expect(await paymentCount(t, company.id)).toBe(2);
    expect(await walletsOfPayments(company.id)).toEqual([eur2.id]);
    expect(eur.id).not.toBe(eur2.id);
  });

  it('each payment information block debits its own account', async () => {
    const { company, eur, eur2, master } = await merchantCompany();
    // The schema's IBAN is upper case without spaces (IBAN2007Identifier): a spaced, lower-case
    // IBAN is refused by the XSD check before any account is looked up.
    const spaced = eur.iban
      .replace(/(.{4})/g, '$1 ')
      .trim()
      .toLowerCase();
    const refused = await uploadBatch(
      t,
      master.token,
      'spaced.xml',
      painFile([{ debtorIban: spaced, txs: [tx(2)] }], { msgId: 'SPACED' }),
    );
    expect(refused.json()).toMatchObject({ code: 'PAIN_SCHEMA' });
    expect(refused.json().messages[0]).toContain("Element 'IBAN'");
    const up = await uploadBatch(
      t,
      master.token,
      'p.xml',
      painFile([
        { debtorIban: eur2.iban, txs: [tx(1)] },
        { debtorIban: eur.iban, txs: [tx(2)] },
      ]),
    );
    expect(up.statusCode, up.body).toBe(200);
    expect((await decideBatch(t, master, up.json().batch.id)).statusCode).toBe(200);
    await t.deps.jobs.drain();
    expect((await walletsOfPayments(company.id)).sort()).toEqual([eur.id, eur2.id].sort());
  });

  it('another company’s IBAN as debtor refuses the file, naming the IBAN, and creates nothing', async () => {
    const mine = await merchantCompany();
    const other = await merchantCompany();
    const r = await uploadBatch(
      t,
      mine.master.token,
      'p.xml',
      painFile([
        { debtorIban: mine.eur.iban, txs: [tx(1)] },
        { id: 'BLOCK-B', debtorIban: other.eur.iban, txs: [tx(2)] },
      ]),
    );
    expect(r.statusCode).toBe(417);
    expect(r.json()).toMatchObject({ success: false, code: 'PAIN_DEBTOR_ACCOUNT' });
    expect(r.json().messages[0]).toContain(other.eur.iban);
    expect(r.json().messages[0]).toContain('BLOCK-B');
    expect(await batchCount(t, mine.company.id)).toBe(0);
    expect(await paymentCount(t, mine.company.id)).toBe(0);
    expect(await paymentCount(t, other.company.id)).toBe(0);
  });

  it('an IBAN that is nobody’s is refused the same way', async () => {
    const { company, master } = await merchantCompany();
    const r = await uploadBatch(
      t,
      master.token,
      'p.xml',
      painFile([{ debtorIban: 'GB29NWBK60161331926819', txs: [tx(1)] }]),
    );
    expect(r.json()).toMatchObject({ code: 'PAIN_DEBTOR_ACCOUNT' });
    expect(r.json().messages[0]).toContain('GB29NWBK60161331926819');
    expect(await batchCount(t, company.id)).toBe(0);
  });

  it('a debtor account that holds no such currency is a row error, not another wallet', async () => {
    const { company, gbp, master } = await merchantCompany();
    const up = await uploadBatch(
      t,
      master.token,
      'p.xml',
      painFile([{ debtorIban: gbp.iban, txs: [tx(1)] }]),
    );
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().batch.status).toBe('invalid');
    expect(up.json().issues.map((i: { code: string }) => i.code)).toEqual(['DEBTOR_CURRENCY_MISSING']);
    expect(up.json().issues[0].message).toContain(gbp.iban);
    expect(await paymentCount(t, company.id)).toBe(0);
  });
});

describe('pain.001 message id (MsgId)', () => {
  it('a second file with a MsgId the company already uploaded is refused, and nothing is created', async () => {
    const { company, eur, master } = await merchantCompany();
    const first = await uploadBatch(
      t,
      master.token,
      'a.xml',
      painFile([{ debtorIban: eur.iban, txs: [tx(1)] }], { msgId: 'PAY-2026-03-02' }),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect((await decideBatch(t, master, first.json().batch.id)).statusCode).toBe(200);
    await t.deps.jobs.drain();
    // Other payments, same message id: a resent file, not a new one.
    const again = await uploadBatch(
      t,
      master.token,
      'b.xml',
      painFile([{ debtorIban: eur.iban, txs: [tx(7), tx(8)] }], { msgId: 'PAY-2026-03-02' }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, code: 'PAIN_DUPLICATE_MESSAGE' });
    expect(again.json().messages[0]).toContain('PAY-2026-03-02');
    expect(await batchCount(t, company.id)).toBe(1);
    expect(await paymentCount(t, company.id)).toBe(1);
  });

  it('two uploads of one message at once make one batch', async () => {
    const { company, eur, master } = await merchantCompany();
    const file = painFile([{ debtorIban: eur.iban, txs: [tx(1)] }], { msgId: 'RACE' });
    const answers = await Promise.all([
      uploadBatch(t, master.token, 'a.xml', file),
      uploadBatch(t, master.token, 'b.xml', file),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await batchCount(t, company.id)).toBe(1);
  });

  it('another company may use the same MsgId; a discarded batch’s message may be uploaded again', async () => {
    const a = await merchantCompany();
    const b = await merchantCompany();
    const fileOf = (iban: string) => painFile([{ debtorIban: iban, txs: [tx(1)] }], { msgId: 'SHARED' });
    const upA = await uploadBatch(t, a.master.token, 'a.xml', fileOf(a.eur.iban));
    expect(upA.statusCode, upA.body).toBe(200);
    expect((await uploadBatch(t, b.master.token, 'b.xml', fileOf(b.eur.iban))).statusCode).toBe(200);
    const discarded = await t.call({
      method: 'POST',
      url: `/api/payout_terminal/batches/${upA.json().batch.id}/discard`,
      token: a.master.token,
    });
    expect(discarded.json().batch.status).toBe('discarded');
    expect((await uploadBatch(t, a.master.token, 'a2.xml', fileOf(a.eur.iban))).statusCode).toBe(200);
  });
});

describe('pain.001 client ids (EndToEndId, InstrId, Ustrd) stay with each payment', () => {
  it('the payment details, its postbacks and the statements carry them', async () => {
    const { company, eur, master } = await merchantCompany();
    const up = await uploadBatch(
      t,
      master.token,
      'ids.xml',
      painFile([
        {
          debtorIban: eur.iban,
          txs: [tx(3, { endToEndId: 'INV-77-E2E', instrId: 'INSTR-77', remittance: 'Invoice 77 March' })],
        },
      ]),
    );
    expect(up.statusCode, up.body).toBe(200);
    expect((await decideBatch(t, master, up.json().batch.id)).statusCode).toBe(200);
    await t.deps.jobs.drain();
    t.clock.advance(10 * 60_000);
    await service(t.deps, 'processing').runDue();
    await t.deps.jobs.drain();

    const ids = await t.deps.database.query<{ id: string }>(
      'SELECT id FROM payments WHERE merchant_id = $1',
      [company.id],
    );
    expect(ids.rows).toHaveLength(1);
    const id = ids.rows[0]?.id ?? '';
    const detail = (await t.call({ method: 'GET', url: `/api/payments/${id}`, token: master.token })).json();
    expect(detail.payment, JSON.stringify(detail)).toMatchObject({
      status: 'settled',
      end_to_end_id: 'INV-77-E2E',
      instruction_id: 'INSTR-77',
      comments: 'Invoice 77 March',
    });

    const postbacks = await t.deps.database.query<{ payload: Record<string, unknown> }>(
      'SELECT payload FROM postback_outbox WHERE subject_id = $1 ORDER BY id',
      [id],
    );
    expect(postbacks.rows.length).toBeGreaterThan(0);
    for (const p of postbacks.rows)
      expect(p.payload).toMatchObject({ end_to_end_id: 'INV-77-E2E', instruction_id: 'INSTR-77' });

    const statement = (format: 'camt053' | 'mt940') =>
      t.call({
        method: 'POST',
        url: '/api/wallets/statements',
        token: master.token,
        payload: { wallet_uuid: eur.uuid, date_from: '2026-03-01', date_to: '2026-03-31', format },
      });
    const camt = await statement('camt053');
    expect(camt.statusCode, camt.body).toBe(200);
    expect(camt.body).toContain('<EndToEndId>INV-77-E2E</EndToEndId>');
    expect(camt.body).not.toContain(`<EndToEndId>${id.replace(/-/g, '')}</EndToEndId>`);
    const mt940 = await statement('mt940');
    expect(mt940.statusCode, mt940.body).toBe(200);
    expect(mt940.body).toMatch(/:61:[^\r\n]*INV-77-E2E/);
  });
});

describe('pain.001 schema (XSD of the version its namespace names)', () => {
  const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

  it('a misspelt element is refused with the schema’s error, its line and element, and nothing is created', async () => {
    const { company, eur, master } = await merchantCompany();
    const good = painFile([{ debtorIban: eur.iban, txs: [tx(1), tx(2), tx(3)] }], { ns: PAIN_09 }).toString();
    const bad = good.replace('<InstdAmt Ccy="EUR">2.00</InstdAmt>', '<InstdAmnt Ccy="EUR">2.00</InstdAmnt>');
    expect(bad).not.toBe(good);
    const r = await uploadBatch(t, master.token, 'typo.xml', Buffer.from(bad));
    expect(r.statusCode).toBe(417);
    expect(r.json()).toMatchObject({ success: false, code: 'PAIN_SCHEMA' });
    const line = lineOf(bad, '<InstdAmnt');
    expect(line).toBeGreaterThan(3);
    expect(r.json().params).toMatchObject({ version: 'pain.001.001.09', line: String(line) });
    expect(r.json().messages[0]).toMatch(
      new RegExp(`^The file does not match pain\\.001\\.001\\.09: line ${line}: Element 'InstdAmnt': `),
    );
    expect(await batchCount(t, company.id)).toBe(0);
    expect(await paymentCount(t, company.id)).toBe(0);
  });

  it('a file the reader alone would take (no CreDtTm in its header) is refused by the 03 schema', async () => {
    const { company, eur, master } = await merchantCompany();
    const file = painFile([{ debtorIban: eur.iban, txs: [tx(1)] }])
      .toString()
      .replace('<CreDtTm>2026-03-02T09:00:00</CreDtTm>', '');
    const r = await uploadBatch(t, master.token, 'no-date.xml', Buffer.from(file));
    expect(r.json()).toMatchObject({
      code: 'PAIN_SCHEMA',
      params: { version: 'pain.001.001.03', line: '3' },
    });
    expect(r.json().messages[0]).toContain("Element 'NbOfTxs'");
    expect(await batchCount(t, company.id)).toBe(0);
  });

  it('a file that is not well-formed XML is refused with the parser’s line', async () => {
    const { company, master } = await merchantCompany();
    const broken = `<?xml version="1.0"?>\n<Document xmlns="${PAIN_03}"><CstmrCdtTrfInitn>\n<GrpHdr><MsgId>M</MsgId></CstmrCdtTrfInitn></Document>\n`;
    const r = await uploadBatch(t, master.token, 'broken.xml', Buffer.from(broken));
    expect(r.statusCode).toBe(417);
    expect(r.json().code).toBe('PAIN_MALFORMED');
    expect(r.json().messages[0]).toMatch(/^The XML file cannot be read: line 3: .*GrpHdr/);
    expect(await batchCount(t, company.id)).toBe(0);
  });

  it('valid 03 and 09 files are taken as before', async () => {
    const { eur, master } = await merchantCompany();
    for (const [ns, msgId] of [
      [PAIN_03, 'V03'],
      [PAIN_09, 'V09'],
    ] as const) {
      const up = await uploadBatch(
        t,
        master.token,
        `${msgId}.xml`,
        painFile([{ debtorIban: eur.iban, txs: [tx(1), tx(2)] }], { ns, msgId }),
      );
      expect(up.statusCode, up.body).toBe(200);
      expect(up.json().batch).toMatchObject({ status: 'validated', format: ns.slice(-15), row_count: 2 });
    }
  });
});
