import {
  type BulkBatchAction,
  type BulkBatchView,
  type BulkIssue,
  type BulkIssueView,
  fromMinor,
  isCurrencyCode,
  RIGHT_ACTIONS,
} from '@portal/domain';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { BulkTotalRow } from '../../db/schema/index.ts';
import { type AppDeps, type ServiceRegistry, service } from '../../deps.ts';
import type { RequestContext } from '../../http/context.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { appendAudit } from '../audit/audit.service.ts';
import * as repo from './bulk-payouts.repo.ts';

export type Ctx = RequestContext<UserPrincipal>;

export interface IncomingFile {
  fileName: string;
  bytes: Buffer;
  truncated: boolean;
}

/**
 * What every use case of the pay-out terminal needs, built once by `createBulkPayoutsService`.
 * Other modules' services are looked up when used (not when built), so module registration order
 * stays as it was.
 */
export interface BulkContext {
  db: Db;
  clock: Clock;
  jobs: () => AppDeps['jobs'];
  confirmations: () => ServiceRegistry['confirmations'];
  payments: () => ServiceRegistry['payments'];
  wallets: () => ServiceRegistry['wallets'];
  ledger: () => ServiceRegistry['ledger'];
}

export function createBulkContext(deps: AppDeps): BulkContext {
  return {
    db: deps.db,
    clock: deps.clock,
    jobs: () => deps.jobs,
    confirmations: () => service(deps, 'confirmations'),
    payments: () => service(deps, 'payments'),
    wallets: () => service(deps, 'wallets'),
    ledger: () => service(deps, 'ledger'),
  };
}

export const money = (minor: bigint, currency: string) =>
  isCurrencyCode(currency) ? fromMinor(minor, currency) : minor.toString();

export const totalsView = (totals: readonly BulkTotalRow[]) =>
  totals.map((t) => ({ currency: t.currency, amount: money(BigInt(t.amount), t.currency), count: t.count }));

export const issueView = (i: BulkIssue): BulkIssueView => ({ ...i });

function companyOf(p: UserPrincipal): string {
  if (!p.merchantId) throw new DomainError('FORBIDDEN');
  return p.merchantId;
}

/** The terminal is a MerchantService screen; AccountService companies are refused. */
export async function merchantOf(bulk: BulkContext, p: UserPrincipal): Promise<string> {
  const merchantId = companyOf(p);
  if ((await repo.serviceCodeOf(bulk.db, merchantId)) !== 'MerchantService')
    throw new DomainError('BULK_NOT_MERCHANT_SERVICE');
  return merchantId;
}

/** The caller's company's batch; another company's batch id answers as if it did not exist. */
export async function batchOf(bulk: BulkContext, p: UserPrincipal, id: string): Promise<repo.BatchRow> {
  const merchantId = await merchantOf(bulk, p);
  const b = await repo.findBatch(bulk.db, id, merchantId);
  if (!b) throw new DomainError('BULK_BATCH_NOT_FOUND');
  return b;
}

export const isMaker = (p: UserPrincipal, b: repo.BatchRow) =>
  b.uploadedBy === p.userId || b.confirmedBy === p.userId;

/** A confirmer holding approve and approve-own rights approves with the same confirmation. */
export const confirmApproves = (p: UserPrincipal) =>
  p.rights.has(RIGHT_ACTIONS.approve) && p.rights.has(RIGHT_ACTIONS.approveOwn);

function actionsOf(p: UserPrincipal, b: repo.BatchRow): BulkBatchAction[] {
  const out: BulkBatchAction[] = [];
  if (b.status === 'validated' && p.rights.has(RIGHT_ACTIONS.create)) out.push('confirm');
  if (
    b.status === 'confirmed' &&
    p.rights.has(RIGHT_ACTIONS.approve) &&
    (!isMaker(p, b) || p.rights.has(RIGHT_ACTIONS.approveOwn))
  )
    out.push('approve');
  if (['invalid', 'validated', 'confirmed'].includes(b.status) && p.rights.has(RIGHT_ACTIONS.create))
    out.push('discard');
  out.push('report');
  // The pain.002 status report: a pain.001 batch once approved (its payments are being made).
  if (b.messageId !== null && ['processing', 'completed'].includes(b.status)) out.push('statusReport');
  return out;
}

export async function view(bulk: BulkContext, p: UserPrincipal, b: repo.BatchRow): Promise<BulkBatchView> {
  const earlier = await repo.earlierBatch(bulk.db, b.merchantId, { fileHash: b.fileHash });
  const dup = earlier && earlier.id !== b.id && earlier.createdAt <= b.createdAt ? earlier : undefined;
  return {
    id: b.id,
    file_name: b.fileName,
    format: b.format,
    status: b.status,
    file_hash: b.fileHash,
    row_count: b.rowCount,
    error_rows: b.errorRows,
    warning_rows: b.warningRows,
    totals: totalsView(b.totals),
    done: b.doneCount,
    failed: b.failedCount,
    total: b.validCount,
    created_at: b.createdAt.toISOString(),
    uploaded_by: b.uploadedBy,
    confirmed_by: b.confirmedBy,
    confirmed_at: b.confirmedAt?.toISOString() ?? null,
    approved_by: b.approvedBy,
    approved_at: b.approvedAt?.toISOString() ?? null,
    completed_at: b.completedAt?.toISOString() ?? null,
    duplicate_of: dup ? { id: dup.id, created_at: dup.createdAt.toISOString(), status: dup.status } : null,
    actions: actionsOf(p, b),
  };
}

export const audit = (tx: Tx, ctx: Ctx, action: string, b: repo.BatchRow, details: Record<string, unknown>) =>
  appendAudit(tx, {
    actorType: ctx.principal.impersonatorId ? 'admin' : 'user',
    actorId: ctx.principal.impersonatorId ?? ctx.principal.userId,
    action,
    subjectType: 'bulk_batch',
    subjectId: b.id,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    details: { merchantId: b.merchantId, fileHash: b.fileHash, count: b.validCount, ...details },
  });
