import { describe, expect, it } from 'vitest';
import { validateBulkRows } from './bulk.ts';
import { parseBulkUpload } from './index.ts';
import { parsePain001, rootNamespaceOf } from './pain001.ts';
import { parseXml } from './xml.ts';

const NS03 = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03';
const NS09 = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

interface Tx {
  amount: string;
  ccy?: string;
  name: string;
  iban?: string;
  bic?: string;
  clearing?: [string, string];
  other?: string;
}

function pain(
  ns: string,
  txs: Tx[],
  opts: { nb?: string; sum?: string; svc?: string; instr?: string; prefix?: string } = {},
) {
  const bicTag = ns === NS09 ? 'BICFI' : 'BIC';
  const p = opts.prefix ? `${opts.prefix}:` : '';
  const body = txs
    .map(
      (t, i) => `
      <${p}CdtTrfTxInf>
        <${p}PmtId><${p}EndToEndId>E2E-${i + 1}</${p}EndToEndId></${p}PmtId>
        <${p}Amt><${p}InstdAmt Ccy="${t.ccy ?? 'EUR'}">${t.amount}</${p}InstdAmt></${p}Amt>
        ${
          t.bic || t.clearing
            ? `<${p}CdtrAgt><${p}FinInstnId>${t.bic ? `<${p}${bicTag}>${t.bic}</${p}${bicTag}>` : ''}${
                t.clearing
                  ? `<${p}ClrSysMmbId><${p}ClrSysId><${p}Cd>${t.clearing[0]}</${p}Cd></${p}ClrSysId><${p}MmbId>${t.clearing[1]}</${p}MmbId></${p}ClrSysMmbId>`
                  : ''
              }</${p}FinInstnId></${p}CdtrAgt>`
            : ''
        }
        <${p}Cdtr><${p}Nm>${t.name}</${p}Nm></${p}Cdtr>
        <${p}CdtrAcct><${p}Id>${t.iban ? `<${p}IBAN>${t.iban}</${p}IBAN>` : `<${p}Othr><${p}Id>${t.other}</${p}Id></${p}Othr>`}</${p}Id></${p}CdtrAcct>
        <${p}RmtInf><${p}Ustrd>Invoice ${i + 1}</${p}Ustrd></${p}RmtInf>
      </${p}CdtTrfTxInf>`,
    )
    .join('');
  const xmlns = opts.prefix ? `xmlns:${opts.prefix}="${ns}"` : `xmlns="${ns}"`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<${p}Document ${xmlns} xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <${p}CstmrCdtTrfInitn>
    <${p}GrpHdr>
      <${p}MsgId>MSG-1</${p}MsgId><${p}CreDtTm>2026-11-23T10:00:00</${p}CreDtTm>
      <${p}NbOfTxs>${opts.nb ?? txs.length}</${p}NbOfTxs>
      ${opts.sum === '' ? '' : `<${p}CtrlSum>${opts.sum ?? sumOf(txs)}</${p}CtrlSum>`}
      <${p}InitgPty><${p}Nm>Northwind &amp; Co</${p}Nm></${p}InitgPty>
    </${p}GrpHdr>
    <${p}PmtInf>
      <${p}PmtInfId>P1</${p}PmtInfId><${p}PmtMtd>TRF</${p}PmtMtd>
      <${p}PmtTpInf><${p}SvcLvl><${p}Cd>${opts.svc ?? 'SEPA'}</${p}Cd></${p}SvcLvl>${
        opts.instr ? `<${p}LclInstrm><${p}Cd>${opts.instr}</${p}Cd></${p}LclInstrm>` : ''
      }</${p}PmtTpInf>
      <${p}ReqdExctnDt>2026-11-24</${p}ReqdExctnDt>
      <${p}Dbtr><${p}Nm>Northwind</${p}Nm></${p}Dbtr>
      <${p}DbtrAcct><${p}Id><${p}IBAN>GB29NWBK60161331926819</${p}IBAN></${p}Id></${p}DbtrAcct>
      <${p}DbtrAgt><${p}FinInstnId><${p}${bicTag}>NWBKGB2L</${p}${bicTag}></${p}FinInstnId></${p}DbtrAgt>
      ${body}
    </${p}PmtInf>
  </${p}CstmrCdtTrfInitn>
</${p}Document>`;
}

function sumOf(txs: Tx[]): string {
  const cents = txs.reduce((s, t) => s + Math.round(Number(t.amount) * 100), 0);
  return (cents / 100).toFixed(2);
}

const sepaTxs: Tx[] = [
  { amount: '1250.00', name: 'Bäckerei Müller GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  { amount: '99.5', name: 'Jean Dupont', iban: 'FR1420041010050500013M02606' },
];

describe('ISO 20022 pain.001', () => {
  it('reads a valid pain.001.001.03 into rows that pass the single pay-out rules', () => {
    const r = parsePain001(pain(NS03, sepaTxs));
    expect(r.ok && r.format).toBe('pain.001.001.03');
    if (!r.ok) return;
    expect(r.rows.map((x) => [x.row, x.cells.payment_method, x.cells.payee, x.cells.reference])).toEqual([
      [1, 'SEPA', 'Bäckerei Müller GmbH', 'Invoice 1'],
      [2, 'SEPA', 'Jean Dupont', 'Invoice 2'],
    ]);
    const v = validateBulkRows(r.rows);
    expect(v.issues).toEqual([]);
    expect(v.totals).toEqual([{ currency: 'EUR', amountMinor: 134950n, count: 2 }]);
  });

  it('keeps the message id, the debtor account and the client ids of each transaction (issue 35)', () => {
    const xml = pain(NS03, sepaTxs)
      .replace('<EndToEndId>E2E-1</EndToEndId>', '<InstrId>I-1</InstrId><EndToEndId>E2E-1</EndToEndId>')
      .replace('<EndToEndId>E2E-2</EndToEndId>', '<EndToEndId>NOTPROVIDED</EndToEndId>')
      .replace('GB29NWBK60161331926819', 'gb29 nwbk 6016 1331 9268 19');
    const r = parsePain001(xml);
    expect(r.ok && r.messageId).toBe('MSG-1');
    if (!r.ok) return;
    expect(r.rows.map((x) => x.pain)).toEqual([
      {
        paymentInfoId: 'P1',
        debtorIban: 'GB29NWBK60161331926819',
        endToEndId: 'E2E-1',
        instructionId: 'I-1',
        remittance: 'Invoice 1',
      },
      {
        paymentInfoId: 'P1',
        debtorIban: 'GB29NWBK60161331926819',
        endToEndId: '',
        instructionId: '',
        remittance: 'Invoice 2',
      },
    ]);
  });

  it('refuses a payment information block without a debtor IBAN and a file without MsgId', () => {
    const noDebtor = parsePain001(pain(NS03, sepaTxs).replace(/<DbtrAcct>.*<\/DbtrAcct>/, ''));
    expect(noDebtor).toMatchObject({ ok: false, code: 'PAIN_MALFORMED' });
    expect(!noDebtor.ok && noDebtor.params.reason).toContain('P1');
    const noMsgId = parsePain001(pain(NS03, sepaTxs).replace('<MsgId>MSG-1</MsgId>', ''));
    expect(noMsgId).toMatchObject({
      ok: false,
      code: 'PAIN_MALFORMED',
      params: { reason: 'GrpHdr/MsgId is missing' },
    });
  });

  it('reads pain.001.001.09 with BICFI, a namespace prefix and the upload entry point', () => {
    const xml = pain(NS09, sepaTxs, { prefix: 'p' });
    const r = parseBulkUpload('batch.xml', new TextEncoder().encode(`\uFEFF${xml}`));
    expect(r.ok && r.format).toBe('pain.001.001.09');
    if (r.ok) expect(r.rows[0]?.cells.bic).toBe('COBADEFFXXX');
  });

  it('maps service levels and clearing codes to our rails', () => {
    const txs: Tx[] = [
      { amount: '10.00', ccy: 'GBP', name: 'UK Ltd', clearing: ['GBDSC', '200000'], other: '55779911' },
      { amount: '10.00', ccy: 'USD', name: 'US Inc', clearing: ['USABA', '021000021'], other: '123456789' },
      { amount: '10.00', ccy: 'USD', name: 'Intl', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    ];
    const r = parsePain001(pain(NS03, txs, { svc: 'NURG' }));
    if (!r.ok) throw new Error(r.code);
    expect(r.rows.map((x) => x.cells.payment_method)).toEqual(['FPS', 'ACH', 'SWIFT']);
    expect(validateBulkRows(r.rows).issues).toEqual([]);
    const urgent = parsePain001(pain(NS03, txs.slice(0, 1), { svc: 'URGP' }));
    expect(urgent.ok && urgent.rows[0]?.cells.payment_method).toBe('CHAPS');
    const inst = parsePain001(pain(NS03, sepaTxs, { instr: 'INST' }));
    expect(inst.ok && inst.rows[0]?.cells.payment_method).toBe('SEPA_INSTANT');
  });

  it('refuses a wrong control sum', () => {
    expect(parsePain001(pain(NS03, sepaTxs, { sum: '1349.60' }))).toEqual({
      ok: false,
      code: 'PAIN_CONTROL_SUM',
      params: { declared: '1349.60', actual: '1349.50' },
    });
  });

  it('accepts a file without a control sum (it is optional) but never a wrong count', () => {
    expect(parsePain001(pain(NS03, sepaTxs, { sum: '' })).ok).toBe(true);
    expect(parsePain001(pain(NS03, sepaTxs, { nb: '3' }))).toMatchObject({
      ok: false,
      code: 'PAIN_TX_COUNT',
      params: { declared: '3', found: '2' },
    });
  });

  it('refuses another namespace: a direct debit, an old version, none at all', () => {
    for (const ns of [
      'urn:iso:std:iso:20022:tech:xsd:pain.008.001.02',
      'urn:iso:std:iso:20022:tech:xsd:pain.001.001.02',
    ]) {
      expect(parsePain001(pain(ns, sepaTxs))).toEqual({ ok: false, code: 'PAIN_NAMESPACE', params: { ns } });
    }
    expect(parsePain001('<Document><CstmrCdtTrfInitn/></Document>')).toMatchObject({
      code: 'PAIN_NAMESPACE',
      params: { ns: '(none)' },
    });
  });

  it('refuses DOCTYPE (external entities) and malformed XML with a reason', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document xmlns="${NS03}">&x;</Document>`;
    expect(parsePain001(xxe)).toMatchObject({ ok: false, code: 'PAIN_MALFORMED' });
    expect(parsePain001(`<Document xmlns="${NS03}"><CstmrCdtTrfInitn></Document>`)).toMatchObject({
      code: 'PAIN_MALFORMED',
    });
  });

  it('reports bad requisites per transaction like a CSV row', () => {
    const r = parsePain001(pain(NS03, [{ amount: '5.00', name: 'X', iban: 'DE00370400440532013000' }]));
    if (!r.ok) throw new Error(r.code);
    expect(validateBulkRows(r.rows).issues.map((i) => [i.row, i.field, i.code])).toEqual([
      [1, 'iban', 'IBAN_BAD_CHECKSUM'],
    ]);
  });
});

describe('the XML reader', () => {
  it('decodes entities, CDATA and comments and resolves namespaces', () => {
    const root = parseXml(
      '<a xmlns="urn:x"><!-- c --><b k="1 &lt; 2">A &amp; B<![CDATA[<raw>]]></b><c/></a>',
    );
    expect(root.ns).toBe('urn:x');
    expect(root.children.map((c) => c.name)).toEqual(['b', 'c']);
    expect(root.children[0]?.text).toBe('A & B<raw>');
    expect(root.children[0]?.attrs.k).toBe('1 < 2');
  });

  it('refuses mismatched tags, unknown entities and text outside the root', () => {
    expect(() => parseXml('<a><b></a></b>')).toThrow();
    expect(() => parseXml('<a>&nbsp;</a>')).toThrow();
    expect(() => parseXml('<a/>junk')).toThrow();
  });
});

describe('the root namespace, read before the schema check', () => {
  it('reads the default or the prefixed namespace of the root, after a prolog', () => {
    expect(rootNamespaceOf(`\uFEFF<?xml version="1.0"?>\n<!-- x > y -->\n<Document xmlns="${NS09}">`)).toBe(
      NS09,
    );
    expect(rootNamespaceOf(`<p:Document xmlns:q="urn:q" xmlns:p='${NS03}'><p:CstmrCdtTrfInitn/>`)).toBe(NS03);
    expect(rootNamespaceOf('<Document a="1 > 0"><x/></Document>')).toBe('');
  });

  it('leaves a DOCTYPE or broken markup to the parser', () => {
    expect(rootNamespaceOf(`<!DOCTYPE d><Document xmlns="${NS03}"/>`)).toBeNull();
    expect(rootNamespaceOf(`<Document xmlns="${NS03}`)).toBeNull();
  });
});
