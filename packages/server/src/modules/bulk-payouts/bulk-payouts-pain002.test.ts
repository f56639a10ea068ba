import { parseXml, WRONG_TEST_IBANS, type XmlElement } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from '../../deps.ts';
import { makeCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makePayer, makeWallet } from '../payments/payments.fixtures.ts';
import { csvFile, decideBatch, painFile, sepaRows, uploadBatch } from './bulk-payouts.fixtures.ts';

/**
 * Issue 35: the pain.002.001.03 status report of a processed pain.001 batch. No pain.002 schema is
 * in the project, so the document is checked here against the message's structure: each element's
 * children in the order ISO 20022 defines them, the required ones present, codes from their lists
 * and totals that add up.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-03-02T10:00:00Z'); // a Monday
});
afterAll(() => t.close());

const NS = 'urn:iso:std:iso:20022:tech:xsd:pain.002.001.03';

/** CustomerPaymentStatusReportV03: the children each element may have, in order; `!` marks required. */
const SEQUENCES: Record<string, string[]> = {
  Document: ['CstmrPmtStsRpt!'],
  CstmrPmtStsRpt: ['GrpHdr!', 'OrgnlGrpInfAndSts!', 'OrgnlPmtInfAndSts'],
  GrpHdr: ['MsgId!', 'CreDtTm!', 'InitgPty', 'FwdgAgt', 'DbtrAgt', 'CdtrAgt'],
  OrgnlGrpInfAndSts: [
    'OrgnlMsgId!',
    'OrgnlMsgNmId!',
    'OrgnlCreDtTm',
    'OrgnlNbOfTxs',
    'OrgnlCtrlSum',
    'GrpSts',
    'StsRsnInf',
    'NbOfTxsPerSts',
  ],
  NbOfTxsPerSts: ['DtldNbOfTxs!', 'DtldSts!', 'DtldCtrlSum'],
  OrgnlPmtInfAndSts: [
    'OrgnlPmtInfId!',
    'OrgnlNbOfTxs',
    'OrgnlCtrlSum',
    'PmtInfSts',
    'StsRsnInf',
    'NbOfTxsPerSts',
    'TxInfAndSts',
  ],
  TxInfAndSts: [
    'StsId',
    'OrgnlInstrId',
    'OrgnlEndToEndId',
    'TxSts',
    'StsRsnInf',
    'ChrgsInf',
    'AccptncDtTm',
    'AcctSvcrRef',
    'ClrSysRef',
    'OrgnlTxRef',
  ],
  StsRsnInf: ['Orgtr', 'Rsn', 'AddtlInf'],
  Rsn: ['Cd', 'Prtry'],
  OrgnlTxRef: ['IntrBkSttlmAmt', 'Amt', 'ReqdColltnDt', 'ReqdExctnDt'],
  Amt: ['InstdAmt', 'EqvtAmt'],
};
const GROUP_STATUSES = ['ACCP', 'ACSC', 'ACSP', 'ACTC', 'ACWC', 'PART', 'PDNG', 'RCVD', 'RJCT'];
const TX_STATUSES = ['ACCP', 'ACSC', 'ACSP', 'ACTC', 'ACWC', 'PDNG', 'RJCT'];
const MAX35 = ['MsgId', 'OrgnlMsgId', 'OrgnlPmtInfId', 'OrgnlInstrId', 'OrgnlEndToEndId', 'AcctSvcrRef'];

/** Every element's children follow its sequence (order, required, no strangers); codes and lengths fit. */
function checkStructure(el: XmlElement): void {
  const sequence = SEQUENCES[el.name];
  if (sequence) {
    const names = sequence.map((s) => s.replace('!', ''));
    const positions = el.children.map((c) => names.indexOf(c.name));
    expect(positions, `${el.name}: ${el.children.map((c) => c.name)}`).not.toContain(-1);
    expect(positions, `${el.name} order`).toEqual([...positions].sort((a, b) => a - b));
    for (const required of sequence.filter((s) => s.endsWith('!')))
      expect(
        el.children.map((c) => c.name),
        el.name,
      ).toContain(required.slice(0, -1));
    if (el.name === 'Rsn') expect(el.children).toHaveLength(1); // a choice
  }
  if (['GrpSts', 'PmtInfSts'].includes(el.name)) expect(GROUP_STATUSES).toContain(el.text);
  if (['TxSts', 'DtldSts'].includes(el.name)) expect(TX_STATUSES).toContain(el.text);
  if (el.name === 'Cd') expect(el.text).toMatch(/^[A-Z0-9]{4}$/);
  if (MAX35.includes(el.name)) expect(Array.from(el.text).length).toBeLessThanOrEqual(35);
  if (el.name === 'CreDtTm') expect(el.text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)?$/);
  if (['OrgnlCtrlSum', 'DtldCtrlSum', 'InstdAmt'].includes(el.name)) expect(el.text).toMatch(/^\d+\.\d+$/);
  for (const c of el.children) checkStructure(c);
}

const kids = (el: XmlElement | undefined, name: string) => el?.children.filter((c) => c.name === name) ?? [];
const one = (el: XmlElement | undefined, name: string) => kids(el, name)[0];
const text = (el: XmlElement | undefined, ...path: string[]) =>
  path.reduce<XmlElement | undefined>((e, n) => one(e, n), el)?.text ?? '';
const cents = (s: string) => Math.round(Number(s) * 100);

async function approvedBatch() {
  const company = await makeCompany(t, { serviceCode: 'MerchantService' });
  const eur = await makeWallet(t, company.id, 'EUR', '100.00');
  const master = await makePayer(t, {
    merchantId: company.id,
    rights: ['create', 'approve', 'approveOwn'],
    isMaster: true,
  });
  const tx = (amount: string, iban: string, ids: { endToEndId?: string; instrId?: string }) => ({
    amount,
    payee: 'Payee',
    iban,
    ...ids,
  });
  const file = painFile(
    [
      {
        id: 'BLOCK-A',
        debtorIban: eur.iban,
        txs: [
          tx('10.00', 'DE89370400440532013000', { endToEndId: 'E2E-OK', instrId: 'INSTR-1' }),
          tx('20.00', WRONG_TEST_IBANS[0], { endToEndId: 'E2E-WRONG' }),
        ],
      },
      {
        id: 'BLOCK-B',
        debtorIban: eur.iban,
        txs: [
          tx('30.00', 'DE89370400440532013000', {}),
          tx('5000.00', 'DE89370400440532013000', { endToEndId: 'E2E-SHORT' }),
        ],
      },
    ],
    { msgId: 'PAY-2026-03-02-A' },
  );
  const up = await uploadBatch(t, master.token, 'march.xml', file);
  expect(up.statusCode, up.body).toBe(200);
  const id: string = up.json().batch.id;
  const decided = await decideBatch(t, master, id);
  expect(decided.statusCode, decided.body).toBe(200);
  expect(decided.json().batch.actions).toContain('statusReport');
  await t.deps.jobs.drain();
  return { company, master, id };
}

const report = (token: string, id: string) =>
  t.call({ method: 'GET', url: `/api/payout_terminal/batches/${id}/status_report`, token });

function read(body: string) {
  const root = parseXml(body);
  expect(root).toMatchObject({ name: 'Document', ns: NS });
  checkStructure(root);
  const rpt = one(root, 'CstmrPmtStsRpt');
  const group = one(rpt, 'OrgnlGrpInfAndSts');
  const blocks = kids(rpt, 'OrgnlPmtInfAndSts');
  const txs = blocks.flatMap((b) => kids(b, 'TxInfAndSts'));
  const byE2E = (e2e: string) => txs.find((x) => text(x, 'OrgnlEndToEndId') === e2e);
  return { rpt, group, blocks, txs, byE2E };
}

describe('pain.002 status report of a pain.001 batch', () => {
  it('reports each transaction’s status with its reason, per block and for the group, with totals that add up', async () => {
    const { master, id } = await approvedBatch();
    const early = await report(master.token, id);
    expect(early.statusCode, early.body).toBe(200);
    const before = read(early.body);
    expect(text(before.group, 'GrpSts')).toBe('ACCP');
    expect(before.txs.map((x) => text(x, 'TxSts'))).toEqual(['ACSP', 'ACSP', 'ACSP', 'PDNG']);
    expect(text(before.byE2E('E2E-SHORT'), 'StsRsnInf', 'Rsn', 'Cd')).toBe('AM04');

    // The rail acts: the good ones settle, the wrong IBAN is declined.
    t.clock.advance(10 * 60_000);
    await service(t.deps, 'processing').runDue();
    await t.deps.jobs.drain();
    const r = await report(master.token, id);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/xml/);
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="pain\.002-[\w-]+\.xml"$/);
    const { rpt, group, blocks, txs, byE2E } = read(r.body);

    expect(text(rpt, 'GrpHdr', 'MsgId')).not.toBe(text(before.rpt, 'GrpHdr', 'MsgId'));
    expect(text(group, 'OrgnlMsgId')).toBe('PAY-2026-03-02-A');
    expect(text(group, 'OrgnlMsgNmId')).toBe('pain.001.001.03');
    expect(text(group, 'OrgnlNbOfTxs')).toBe('4');
    expect(text(group, 'OrgnlCtrlSum')).toBe('5060.00');
    expect(text(group, 'GrpSts')).toBe('PART');

    expect(byE2E('E2E-OK')).toBeDefined();
    expect(text(byE2E('E2E-OK'), 'OrgnlInstrId')).toBe('INSTR-1');
    expect(text(byE2E('E2E-OK'), 'TxSts')).toBe('ACSC');
    expect(one(byE2E('E2E-OK'), 'StsRsnInf')).toBeUndefined();
    expect(text(byE2E('E2E-WRONG'), 'TxSts')).toBe('RJCT');
    expect(text(byE2E('E2E-WRONG'), 'StsRsnInf', 'Rsn', 'Cd')).toBe('AC01');
    expect(text(byE2E('NOTPROVIDED'), 'TxSts')).toBe('ACSC');
    expect(text(byE2E('E2E-SHORT'), 'TxSts')).toBe('PDNG');
    expect(text(byE2E('E2E-SHORT'), 'StsRsnInf', 'Rsn', 'Cd')).toBe('AM04');
    expect(one(one(byE2E('E2E-SHORT'), 'OrgnlTxRef'), 'Amt')?.children[0]).toMatchObject({
      name: 'InstdAmt',
      text: '5000.00',
      attrs: { Ccy: 'EUR' },
    });

    expect(
      blocks.map((b) => [text(b, 'OrgnlPmtInfId'), text(b, 'PmtInfSts'), kids(b, 'TxInfAndSts').length]),
    ).toEqual([
      ['BLOCK-A', 'PART', 2],
      ['BLOCK-B', 'ACCP', 2],
    ]);
    // Totals: per status they add up to the group's count and control sum, as do the blocks.
    const perStatus = kids(group, 'NbOfTxsPerSts').map((s) => ({
      sts: text(s, 'DtldSts'),
      n: Number(text(s, 'DtldNbOfTxs')),
      sum: cents(text(s, 'DtldCtrlSum')),
    }));
    expect(perStatus.sort((a, b) => a.sts.localeCompare(b.sts))).toEqual([
      { sts: 'ACSC', n: 2, sum: 4000 },
      { sts: 'PDNG', n: 1, sum: 500000 },
      { sts: 'RJCT', n: 1, sum: 2000 },
    ]);
    expect(blocks.reduce((n, b) => n + Number(text(b, 'OrgnlNbOfTxs')), 0)).toBe(txs.length);
    expect(blocks.reduce((n, b) => n + cents(text(b, 'OrgnlCtrlSum')), 0)).toBe(
      cents(text(group, 'OrgnlCtrlSum')),
    );
    const amounts = txs.reduce((n, x) => n + cents(text(x, 'OrgnlTxRef', 'Amt', 'InstdAmt')), 0);
    expect(amounts).toBe(506000);
  });

  it('is the company’s own: another company gets 404; an unapproved or CSV batch has none', async () => {
    const { id } = await approvedBatch();
    const other = await makeCompany(t, { serviceCode: 'MerchantService' });
    const stranger = await makePayer(t, { merchantId: other.id, rights: ['create'], isMaster: true });
    const foreign = await report(stranger.token, id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('BULK_BATCH_NOT_FOUND');

    const wallet = await makeWallet(t, other.id, 'EUR', '100.00');
    const waiting = await uploadBatch(
      t,
      stranger.token,
      'b.xml',
      painFile([
        { debtorIban: wallet.iban, txs: [{ amount: '1.00', payee: 'P', iban: 'DE89370400440532013000' }] },
      ]),
    );
    expect(waiting.json().batch).toMatchObject({ status: 'validated' });
    expect(waiting.json().batch.actions).not.toContain('statusReport');
    expect((await report(stranger.token, waiting.json().batch.id)).json().code).toBe(
      'BULK_STATUS_REPORT_UNAVAILABLE',
    );
    const csv = await uploadBatch(t, stranger.token, 'a.csv', csvFile(sepaRows(1)));
    expect(csv.json().batch.actions).not.toContain('statusReport');
    const none = await report(stranger.token, csv.json().batch.id);
    expect(none.statusCode).toBe(417);
    expect(none.json().code).toBe('BULK_STATUS_REPORT_UNAVAILABLE');
  });
});
