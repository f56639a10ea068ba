import {
  BULK_MAX_ROWS,
  type BulkColumn,
  type BulkFileResult,
  type BulkFormat,
  type BulkRowInput,
} from './bulk.ts';
import { childrenOf, parseXml, textAt, type XmlElement, XmlError } from './xml.ts';

export const PAIN_NAMESPACES = {
  'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03': 'pain.001.001.03',
  'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09': 'pain.001.001.09',
} as const;

export type Pain001Version = (typeof PAIN_NAMESPACES)[keyof typeof PAIN_NAMESPACES];

/** XML declaration, processing instructions, comments and blank space before the root element. */
const PROLOG = /^(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*/;
const ROOT_TAG =
  /^<(?:([A-Za-z_][\w.-]*):)?([A-Za-z_][\w.-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/;
const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * The namespace of a document's root element, read from its start tag alone (the file is checked
 * against the schema of its version before it is parsed). Null when there is no readable start tag
 * (a DOCTYPE, broken markup): the parser then refuses the file with its own reason.
 */
export function rootNamespaceOf(text: string): string | null {
  const start = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rest = start.slice(PROLOG.exec(start)?.[0].length ?? 0);
  const tag = ROOT_TAG.exec(rest);
  if (!tag) return null;
  const wanted = tag[1] ? `xmlns:${tag[1]}` : 'xmlns';
  for (const m of (tag[3] ?? '').matchAll(ATTRIBUTE)) if (m[1] === wanted) return m[2] ?? m[3] ?? '';
  return '';
}

const SCALE = 6;
/** A decimal text as an integer of 10^-6 units, or null when it is not a plain decimal. */
function scaled(text: string): bigint | null {
  const m = /^(\d+)(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!m) return null;
  return BigInt(m[1] ?? '0') * 10n ** BigInt(SCALE) + BigInt((m[2] ?? '').padEnd(SCALE, '0'));
}
function unscaled(value: bigint): string {
  const whole = value / 10n ** BigInt(SCALE);
  const frac = (value % 10n ** BigInt(SCALE)).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac.padEnd(2, '0')}` : `${whole}.00`;
}

/**
 * Which of our rails carries a credit transfer of a pain.001 file (the file names the service
 * level and the account, not our method): EUR goes by SEPA (SEPA Instant with local instrument
 * INST); GBP by FPS (CHAPS with service level URGP), the sort code and account from the
 * clearing-system member id (GBDSC) or the GB IBAN; USD to an ABA routing number by ACH (Fedwire
 * with URGP); AUD to a BSB by BECS; anything else to an IBAN and BIC by SWIFT.
 */
function methodFor(
  currency: string,
  serviceLevel: string,
  localInstrument: string,
  has: { iban: boolean; clearing: string },
): string {
  const urgent = serviceLevel === 'URGP';
  if (currency === 'EUR') return localInstrument === 'INST' ? 'SEPA_INSTANT' : 'SEPA';
  if (currency === 'GBP') return urgent ? 'CHAPS' : 'FPS';
  if (currency === 'USD' && has.clearing === 'USABA') return urgent ? 'FEDWIRE' : 'ACH';
  if (currency === 'AUD' && has.clearing === 'AUBSB') return 'BECS';
  return 'SWIFT';
}

function agentBic(agent: XmlElement | undefined): string {
  return textAt(agent, 'FinInstnId', 'BIC') || textAt(agent, 'FinInstnId', 'BICFI');
}

/**
 * ISO 20022 customer credit transfer initiation, versions 03 and 09. Checks the namespace, the
 * number of transactions and the control sum of the group header (and of each payment
 * information block that states them); each credit transfer becomes a row of template cells, so
 * the rows then pass the very same rules as a CSV row.
 */
export function parsePain001(text: string): BulkFileResult {
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (err) {
    const reason = err instanceof XmlError ? err.message : 'not XML';
    return { ok: false, code: 'PAIN_MALFORMED', params: { reason } };
  }
  const format: BulkFormat | undefined = (PAIN_NAMESPACES as Record<string, BulkFormat>)[root.ns];
  if (root.name !== 'Document' || !format)
    return { ok: false, code: 'PAIN_NAMESPACE', params: { ns: root.ns || '(none)' } };
  const initiation = childrenOf(root, 'CstmrCdtTrfInitn')[0];
  const header = childrenOf(initiation, 'GrpHdr')[0];
  if (!initiation || !header)
    return { ok: false, code: 'PAIN_MALFORMED', params: { reason: 'CstmrCdtTrfInitn/GrpHdr is missing' } };

  const messageId = textAt(header, 'MsgId').trim();
  if (messageId === '')
    return { ok: false, code: 'PAIN_MALFORMED', params: { reason: 'GrpHdr/MsgId is missing' } };

  const rows: BulkRowInput[] = [];
  let sum = 0n;
  for (const [blockNo, info] of childrenOf(initiation, 'PmtInf').entries()) {
    const txs = childrenOf(info, 'CdtTrfTxInf');
    const paymentInfoId = textAt(info, 'PmtInfId').trim() || `#${blockNo + 1}`;
    // The account the block debits: the company pays from that account and no other.
    const debtorIban = textAt(info, 'DbtrAcct', 'Id', 'IBAN').replace(/\s+/g, '').toUpperCase();
    if (debtorIban === '')
      return {
        ok: false,
        code: 'PAIN_MALFORMED',
        params: { reason: `payment information ${paymentInfoId} names no debtor IBAN (DbtrAcct/Id/IBAN)` },
      };
    let infoSum = 0n;
    for (const tx of txs) {
      const index = rows.length + 1;
      if (index > BULK_MAX_ROWS)
        return {
          ok: false,
          code: 'BULK_TOO_MANY_ROWS',
          params: { count: `${BULK_MAX_ROWS}+`, max: String(BULK_MAX_ROWS) },
        };
      const amountEl = childrenOf(childrenOf(tx, 'Amt')[0], 'InstdAmt')[0];
      const amount = amountEl?.text.trim() ?? '';
      const currency = amountEl?.attrs.Ccy?.trim().toUpperCase() ?? '';
      const value = scaled(amount);
      if (value !== null) infoSum += value;
      const serviceLevel = textAt(tx, 'PmtTpInf', 'SvcLvl', 'Cd') || textAt(info, 'PmtTpInf', 'SvcLvl', 'Cd');
      const localInstrument =
        textAt(tx, 'PmtTpInf', 'LclInstrm', 'Cd') || textAt(info, 'PmtTpInf', 'LclInstrm', 'Cd');
      const iban = textAt(tx, 'CdtrAcct', 'Id', 'IBAN');
      const other = textAt(tx, 'CdtrAcct', 'Id', 'Othr', 'Id');
      const agent = childrenOf(tx, 'CdtrAgt')[0];
      const clearing = textAt(agent, 'FinInstnId', 'ClrSysMmbId', 'ClrSysId', 'Cd');
      const member = textAt(agent, 'FinInstnId', 'ClrSysMmbId', 'MmbId');
      const method = methodFor(currency, serviceLevel, localInstrument, { iban: iban !== '', clearing });
      const cells: Partial<Record<BulkColumn, string>> = {
        payment_method: method,
        currency,
        amount,
        payee: textAt(tx, 'Cdtr', 'Nm'),
        reference: textAt(tx, 'RmtInf', 'Ustrd') || textAt(tx, 'PmtId', 'EndToEndId'),
      };
      if (method === 'FPS' || method === 'CHAPS') {
        const compact = iban.replace(/\s+/g, '').toUpperCase();
        cells.sort_code = member || (compact.startsWith('GB') ? compact.slice(8, 14) : '');
        cells.account_number = other || (compact.startsWith('GB') ? compact.slice(14, 22) : '');
      } else if (method === 'ACH' || method === 'FEDWIRE') {
        cells.bank_code = member;
        cells.account_number = other;
      } else if (method === 'BECS') {
        cells.bsb = member;
        cells.account_number = other;
      } else {
        cells.iban = iban;
        cells.bic = agentBic(agent);
      }
      const endToEndId = textAt(tx, 'PmtId', 'EndToEndId').trim();
      rows.push({
        row: index,
        cells,
        pain: {
          paymentInfoId,
          debtorIban,
          endToEndId: endToEndId === 'NOTPROVIDED' ? '' : endToEndId,
          instructionId: textAt(tx, 'PmtId', 'InstrId').trim(),
          remittance: textAt(tx, 'RmtInf', 'Ustrd').trim(),
        },
      });
    }
    const declaredCount = textAt(info, 'NbOfTxs');
    if (declaredCount !== '' && Number(declaredCount) !== txs.length)
      return {
        ok: false,
        code: 'PAIN_TX_COUNT',
        params: { declared: declaredCount, found: String(txs.length) },
      };
    const declaredSum = textAt(info, 'CtrlSum');
    if (declaredSum !== '' && scaled(declaredSum) !== infoSum)
      return {
        ok: false,
        code: 'PAIN_CONTROL_SUM',
        params: { declared: declaredSum, actual: unscaled(infoSum) },
      };
    sum += infoSum;
  }
  const declaredCount = textAt(header, 'NbOfTxs');
  if (Number(declaredCount) !== rows.length || declaredCount === '')
    return {
      ok: false,
      code: 'PAIN_TX_COUNT',
      params: { declared: declaredCount || '(none)', found: String(rows.length) },
    };
  const declaredSum = textAt(header, 'CtrlSum');
  if (declaredSum !== '' && scaled(declaredSum) !== sum)
    return { ok: false, code: 'PAIN_CONTROL_SUM', params: { declared: declaredSum, actual: unscaled(sum) } };
  if (rows.length === 0) return { ok: false, code: 'BULK_NO_ROWS', params: {} };
  return { ok: true, format, rows, messageId };
}
