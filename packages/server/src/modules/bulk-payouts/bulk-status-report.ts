import {
  currencyExponent,
  isCurrencyCode,
  PAIN002_NAMESPACE,
  PAIN002_REASONS,
  type Pain002TxStatus,
  type PaymentFailure,
  pain002GroupStatusOf,
  pain002StatusOf,
} from '@portal/domain';
import { WRONG_IBAN_DECLINE } from '../../adapters/processing/processing.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { type BulkContext, batchOf, money } from './bulk-context.ts';
import * as repo from './bulk-payouts.repo.ts';

/**
 * Issue 35: the pain.002.001.03 customer payment status report of a processed pain.001 batch: the
 * group's status against the original message (MsgId, message name, count, control sum), then per
 * payment information block each transaction's status by its InstrId/EndToEndId, with an ISO
 * reason code where it did not go through. It reports the payments' state at the time of asking.
 */

type StatusRow = Awaited<ReturnType<typeof repo.statusRows>>[number];
interface Reported extends StatusRow {
  status: Pain002TxStatus;
  reason: keyof typeof PAIN002_REASONS | null;
}

const INSUFFICIENT = new DomainError('INSUFFICIENT_BALANCE_NOT_APPROVED').message;

function failureOf(r: StatusRow): PaymentFailure {
  if (r.paymentError === INSUFFICIENT) return 'insufficientFunds';
  if (r.paymentError === WRONG_IBAN_DECLINE) return 'incorrectAccount';
  return r.recallRequestedAt ? 'recalled' : null;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const xml = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);
const el = (tag: string, value: string | null | undefined) => (value ? `<${tag}>${xml(value)}</${tag}>` : '');

/** A control sum (DecimalNumber) of amounts in several currencies: each at the largest exponent. */
function controlSum(rows: readonly StatusRow[]): string {
  const exp = (c: string) => (isCurrencyCode(c) ? currencyExponent(c) : 2);
  const scale = Math.max(2, ...rows.map((r) => exp(r.currency)));
  const total = rows.reduce((sum, r) => sum + r.amount * 10n ** BigInt(scale - exp(r.currency)), 0n);
  const digits = total.toString().padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** NbOfTxsPerSts: how many transactions (and their sum) have each status. */
function perStatus(rows: readonly Reported[]): string {
  const statuses = [...new Set(rows.map((r) => r.status))];
  return statuses
    .map((s) => {
      const of = rows.filter((r) => r.status === s);
      return `<NbOfTxsPerSts><DtldNbOfTxs>${of.length}</DtldNbOfTxs><DtldSts>${s}</DtldSts><DtldCtrlSum>${controlSum(of)}</DtldCtrlSum></NbOfTxsPerSts>`;
    })
    .join('');
}

function transaction(r: Reported): string {
  const reason = r.reason
    ? `<StsRsnInf><Rsn><Cd>${r.reason}</Cd></Rsn>${el('AddtlInf', PAIN002_REASONS[r.reason])}</StsRsnInf>`
    : '';
  return [
    '<TxInfAndSts>',
    el('OrgnlInstrId', r.instructionId),
    // A transaction sent without its own id (NOTPROVIDED) is reported under that same value.
    el('OrgnlEndToEndId', r.endToEndId || 'NOTPROVIDED'),
    `<TxSts>${r.status}</TxSts>`,
    reason,
    el('AcctSvcrRef', r.paymentId?.replace(/-/g, '')),
    `<OrgnlTxRef><Amt><InstdAmt Ccy="${xml(r.currency)}">${money(r.amount, r.currency)}</InstdAmt></Amt></OrgnlTxRef>`,
    '</TxInfAndSts>\n',
  ].join('');
}

export function writePain002(
  batch: { messageId: string; format: string; id: string },
  rows: readonly StatusRow[],
  now: Date,
): { msgId: string; xml: string } {
  const reported: Reported[] = rows.map((r) => ({ ...r, ...pain002StatusOf(r.paymentStatus, failureOf(r)) }));
  const stamp = now.toISOString().slice(0, 19);
  // Max35Text: the batch id's first 20 hex digits and the time, so each report has its own id.
  const msgId = `${batch.id.replace(/-/g, '').slice(0, 20)}-${stamp.replace(/\D/g, '')}`;
  const blocks = new Map<string, Reported[]>();
  for (const r of reported) {
    const key = r.paymentInfoId ?? 'NOTPROVIDED';
    const block = blocks.get(key);
    if (block) block.push(r);
    else blocks.set(key, [r]);
  }
  const statusOf = (of: readonly Reported[]) => pain002GroupStatusOf(of.map((r) => r.status));
  const out = [
    `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="${PAIN002_NAMESPACE}">\n<CstmrPmtStsRpt>\n`,
    `<GrpHdr><MsgId>${msgId}</MsgId><CreDtTm>${stamp}Z</CreDtTm></GrpHdr>\n`,
    `<OrgnlGrpInfAndSts>${el('OrgnlMsgId', batch.messageId)}<OrgnlMsgNmId>${xml(batch.format)}</OrgnlMsgNmId>`,
    `<OrgnlNbOfTxs>${rows.length}</OrgnlNbOfTxs><OrgnlCtrlSum>${controlSum(rows)}</OrgnlCtrlSum>`,
    `<GrpSts>${statusOf(reported)}</GrpSts>${perStatus(reported)}</OrgnlGrpInfAndSts>\n`,
  ];
  for (const [id, of] of blocks) {
    out.push(
      `<OrgnlPmtInfAndSts>${el('OrgnlPmtInfId', id)}<OrgnlNbOfTxs>${of.length}</OrgnlNbOfTxs><OrgnlCtrlSum>${controlSum(of)}</OrgnlCtrlSum>`,
      `<PmtInfSts>${statusOf(of)}</PmtInfSts>${perStatus(of)}\n`,
      ...of.map(transaction),
      '</OrgnlPmtInfAndSts>\n',
    );
  }
  out.push('</CstmrPmtStsRpt>\n</Document>\n');
  return { msgId, xml: out.join('') };
}

/** The report of the caller's company's batch; a CSV batch or one not yet approved has none. */
export async function statusReport(
  bulk: BulkContext,
  p: UserPrincipal,
  id: string,
): Promise<{ fileName: string; xml: string }> {
  const b = await batchOf(bulk, p, id);
  if (b.messageId === null || b.format === 'csv' || !['processing', 'completed'].includes(b.status))
    throw new DomainError('BULK_STATUS_REPORT_UNAVAILABLE');
  const report = writePain002(
    { id: b.id, messageId: b.messageId, format: b.format },
    await repo.statusRows(bulk.db, b.id),
    bulk.clock.now(),
  );
  return { fileName: `pain.002-${report.msgId}.xml`, xml: report.xml };
}
