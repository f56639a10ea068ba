import { BULK_ISSUES_SHOWN, type BulkIssue, csvLine } from '@portal/domain';
import type { UserPrincipal } from '../../http/principal.ts';
import { type BulkContext, batchOf, issueView, merchantOf, money, view } from './bulk-context.ts';
import * as repo from './bulk-payouts.repo.ts';

/** What the terminal shows of batches: the latest ones, one batch, its row problems, its report. */

export async function listBatches(bulk: BulkContext, p: UserPrincipal) {
  const merchantId = await merchantOf(bulk, p);
  const rows = await repo.latestBatches(bulk.db, merchantId, 20);
  return Promise.all(rows.map((b) => view(bulk, p, b)));
}

export async function getBatch(bulk: BulkContext, p: UserPrincipal, id: string) {
  return view(bulk, p, await batchOf(bulk, p, id));
}

export async function batchIssues(bulk: BulkContext, p: UserPrincipal, id: string) {
  const b = await batchOf(bulk, p, id);
  const all = b.issues as BulkIssue[];
  return { issues: all.slice(0, BULK_ISSUES_SHOWN).map(issueView), issue_count: all.length };
}

/** The result report: one CSV line per row (formulas neutralised by `csvLine`). */
export async function resultReport(
  bulk: BulkContext,
  p: UserPrincipal,
  id: string,
): Promise<{ fileName: string; csv: string }> {
  const b = await batchOf(bulk, p, id);
  const head = csvLine([
    'row',
    'payment_method',
    'currency',
    'amount',
    'fee',
    'payee',
    'account',
    'reference',
    'result',
    'payment_id',
    'payment_status',
    'field',
    'message',
  ]);
  const lines: string[] = [head];
  if (b.status === 'invalid') {
    for (const i of b.issues as BulkIssue[])
      lines.push(csvLine([i.row, '', '', '', '', '', '', '', i.severity, '', '', i.field, i.message]));
  } else {
    for (const r of await repo.reportRows(bulk.db, b.id)) {
      const q = r.requisites;
      lines.push(
        csvLine([
          r.rowNo,
          r.method,
          r.currency,
          money(r.amount, r.currency),
          r.fee === null ? '' : money(r.fee, r.currency),
          q.payee ?? '',
          q.iban ?? q.accountNumber ?? q.bankAccountNumber ?? '',
          r.reference,
          r.result ?? 'waiting',
          r.paymentId ?? '',
          r.paymentStatus ?? '',
          '',
          r.resultMessage ?? '',
        ]),
      );
    }
  }
  return { fileName: `payout-batch-${b.id.slice(0, 8)}-report.csv`, csv: lines.join('') };
}
