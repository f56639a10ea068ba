import { createHash } from 'node:crypto';
import {
  BULK_ISSUES_SHOWN,
  type BulkBatchAction,
  type BulkBatchView,
  type BulkConfirmation,
  type BulkIssue,
  type BulkIssueView,
  type BulkRowInput,
  csvLine,
  fromMinor,
  isCurrencyCode,
  parseBulkUpload,
  RIGHT_ACTIONS,
  validateBulkRows,
} from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import type { BulkTotalRow } from '../../db/schema/index.ts';
import { inTransaction, isUniqueViolation } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import type { RequestContext } from '../../http/context.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { appendAudit } from '../audit/audit.service.ts';
import type { ScaProof } from '../confirmations/confirmations.service.ts';
import * as repo from './bulk-payouts.repo.ts';

export const BULK_RUN_JOB = 'bulk-payouts.run';
/** Rows made into payments per transaction: progress moves in steps of this size. */
export const BULK_CHUNK = 100;

type Ctx = RequestContext<UserPrincipal>;

export interface IncomingFile {
  fileName: string;
  bytes: Buffer;
  truncated: boolean;
}

const money = (minor: bigint, currency: string) =>
  isCurrencyCode(currency) ? fromMinor(minor, currency) : minor.toString();

const totalsView = (totals: readonly BulkTotalRow[]) =>
  totals.map((t) => ({ currency: t.currency, amount: money(BigInt(t.amount), t.currency), count: t.count }));

const issueView = (i: BulkIssue): BulkIssueView => ({ ...i });

/**
 * The pay-out terminal (issue 14). Upload reads the file and runs every row through the single
 * pay-out's rules; the batch is confirmed once (password digest + TOTP bound to its file hash,
 * count and totals per currency); approval follows the maker-checker rights of single pay-outs
 * (a confirmer holding approve and approve-own rights approves with the same confirmation); a job
 * then makes each valid row into a pay-out through the payments service, each row exactly once.
 */
export function createBulkPayoutsService(deps: AppDeps) {
  const { db, clock } = deps;
  const sca = () => service(deps, 'confirmations');
  const payments = () => service(deps, 'payments');

  function companyOf(p: UserPrincipal): string {
    if (!p.merchantId) throw new DomainError('FORBIDDEN');
    return p.merchantId;
  }

  /** The terminal is a MerchantService screen; AccountService companies are refused. */
  async function merchantOf(p: UserPrincipal): Promise<string> {
    const merchantId = companyOf(p);
    if ((await repo.serviceCodeOf(db, merchantId)) !== 'MerchantService')
      throw new DomainError('BULK_NOT_MERCHANT_SERVICE');
    return merchantId;
  }

  const isMaker = (p: UserPrincipal, b: repo.BatchRow) =>
    b.uploadedBy === p.userId || b.confirmedBy === p.userId;
  const confirmApproves = (p: UserPrincipal) =>
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
    return out;
  }

  async function view(p: UserPrincipal, b: repo.BatchRow): Promise<BulkBatchView> {
    const earlier = await repo.earlierUpload(db, b.merchantId, b.fileHash);
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

  async function batchOf(p: UserPrincipal, id: string) {
    const merchantId = await merchantOf(p);
    const b = await repo.findBatch(db, id, merchantId);
    // Another company's batch id answers as if it did not exist.
    if (!b) throw new DomainError('BULK_BATCH_NOT_FOUND');
    return b;
  }

  /** Exactly what one confirmation of the batch covers. */
  const subjectOf = (b: repo.BatchRow, action: 'confirm' | 'approve') => ({
    batchId: b.id,
    action,
    fileHash: b.fileHash,
    count: b.validCount,
    totals: b.totals.map((t) => ({ currency: t.currency, amount: t.amount, count: t.count })),
  });

  function assertCan(p: UserPrincipal, b: repo.BatchRow, action: 'confirm' | 'approve') {
    if (action === 'confirm') {
      if (!p.rights.has(RIGHT_ACTIONS.create)) throw new DomainError('NO_RIGHTS_CREATE_PAYOUT');
      if (b.status === 'invalid') throw new DomainError('BULK_BATCH_HAS_ERRORS', { count: b.errorRows });
      if (b.status !== 'validated')
        throw new DomainError('BULK_BATCH_STATE', { status: b.status, action: 'confirmed' });
      return;
    }
    if (!p.rights.has(RIGHT_ACTIONS.approve)) throw new DomainError('NO_RIGHTS_APPROVE');
    if (isMaker(p, b) && !p.rights.has(RIGHT_ACTIONS.approveOwn))
      throw new DomainError('NO_RIGHTS_APPROVE_OWN');
    if (b.status !== 'confirmed')
      throw new DomainError('BULK_BATCH_STATE', { status: b.status, action: 'approved' });
  }

  const audit = (tx: Tx, ctx: Ctx, action: string, b: repo.BatchRow, details: Record<string, unknown>) =>
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

  /** Confirm or approve: verify the one confirmation, then move the batch in one transaction. */
  async function decide(ctx: Ctx, id: string, action: 'confirm' | 'approve', proof: ScaProof) {
    const p = ctx.principal;
    const before = await batchOf(p, id);
    // A second confirmation of a batch already on its way changes nothing: it was confirmed once.
    const already =
      action === 'confirm'
        ? ['confirmed', 'processing', 'completed'].includes(before.status)
        : ['processing', 'completed'].includes(before.status);
    if (already) return view(p, before);
    assertCan(p, before, action);
    const { step } = await sca().verify(db, {
      kind: 'bulk_payout',
      userId: p.userId,
      merchantId: before.merchantId,
      subject: subjectOf(before, action),
      proof,
      meta: { ip: ctx.ip, userAgent: ctx.userAgent, sessionId: p.sessionId },
    });
    const now = clock.now();
    const result = await inTransaction(db, async (tx) => {
      const b = await repo.lockBatch(tx, id, before.merchantId);
      if (!b) throw new DomainError('BULK_BATCH_NOT_FOUND');
      // A concurrent confirmation won: nothing more happens, the challenge stays unused.
      if (b.status !== before.status) return { batch: b, started: false };
      await sca().consume(tx, {
        userId: p.userId,
        challengeId: proof.challengeId,
        step,
        subjectRef: `bulk:${b.id}`,
      });
      if (action === 'confirm') {
        const approves = confirmApproves(p);
        const next = await repo.updateBatch(tx, b.id, {
          status: approves ? 'processing' : 'confirmed',
          confirmedBy: p.userId,
          confirmedAt: now,
          ...(approves ? { approvedBy: p.userId, approvedAt: now } : {}),
          updatedAt: now,
        });
        await audit(tx, ctx, 'bulk_payout_confirmed', next, { approves });
        if (approves) await audit(tx, ctx, 'bulk_payout_approved', next, { withConfirmation: true });
        return { batch: next, started: approves };
      }
      const next = await repo.updateBatch(tx, b.id, {
        status: 'processing',
        approvedBy: p.userId,
        approvedAt: now,
        updatedAt: now,
      });
      await audit(tx, ctx, 'bulk_payout_approved', next, {});
      return { batch: next, started: true };
    });
    if (result.started) await deps.jobs.send(BULK_RUN_JOB, { batchId: id }, { singletonKey: id });
    return view(p, result.batch);
  }

  /** Makes the batch's remaining rows into payments, chunk by chunk; safe to run twice at once. */
  async function run(batchId: string): Promise<void> {
    const batch = await repo.findBatchById(db, batchId);
    if (!batch || batch.status !== 'processing' || !batch.approvedBy) return;
    const maker = batch.confirmedBy ?? batch.uploadedBy;
    const approver = batch.approvedBy;
    for (;;) {
      const made = await inTransaction(db, async (tx) => {
        const rows = await repo.claimRows(tx, batchId, BULK_CHUNK);
        if (rows.length === 0) return null;
        const now = clock.now();
        const out = await payments().createManyFromBatch(
          tx,
          { merchantId: batch.merchantId, makerId: maker, approverId: approver },
          rows.map((row) => ({
            walletId: row.walletId,
            method: row.method,
            currency: row.currency,
            amount: row.amount,
            requisites: row.requisites,
            payeeType: row.payeeType === 'individual' ? ('individual' as const) : ('corporate' as const),
            comments: row.reference,
            endToEndId: row.endToEndId,
            instructionId: row.instructionId,
          })),
        );
        await repo.setRowResults(
          tx,
          batchId,
          rows.map((row, i) => {
            const r = out[i];
            if (!r) throw new Error('a row without its payment');
            return {
              rowNo: row.rowNo,
              paymentId: r.payment.id,
              result: r.approved ? 'pending' : 'created',
              message: r.error,
            };
          }),
          now,
        );
        await repo.addProgress(tx, batchId, rows.length, out.filter((r) => r.error).length, now);
        return out;
      });
      if (made === null) break;
      await payments().afterBatchCommit(
        batch.merchantId,
        made.filter((m) => m.approved).map((m) => m.payment),
      );
    }
    await repo.completeIfDone(db, batchId, clock.now());
  }

  return {
    async upload(ctx: Ctx, file: IncomingFile) {
      const p = ctx.principal;
      if (!p.rights.has(RIGHT_ACTIONS.create)) throw new DomainError('NO_RIGHTS_CREATE_PAYOUT');
      const merchantId = await merchantOf(p);
      if (file.truncated) throw new DomainError('BULK_FILE_TOO_LARGE', { max: 5 });
      const parsed = parseBulkUpload(file.fileName, file.bytes);
      if (!parsed.ok) throw new DomainError(parsed.code, parsed.params);

      const messageId = parsed.format === 'csv' ? null : (parsed.messageId ?? null);
      if (messageId !== null) await assertNewMessage(merchantId, messageId);

      // A CSV row pays from the company's first active wallet holding its currency; a pain.001
      // transaction from the account its block names (DbtrAcct), which must be the company's own.
      const walletByCurrency = await walletsByCurrency(merchantId);
      const debtors = parsed.format === 'csv' ? undefined : await debtorAccounts(merchantId, parsed.rows);
      const v = validateBulkRows(parsed.rows, {
        availableMethods: await payments().payoutMethodsOf(merchantId),
        payableCurrencies: [...walletByCurrency.keys()],
        ...(debtors ? { debtorCurrencies: debtors.currencies } : {}),
      });
      const painByRow = new Map(parsed.rows.flatMap((r) => (r.pain ? [[r.row, r.pain] as const] : [])));
      const walletOf = (row: number, currency: string) => {
        const debtorIban = painByRow.get(row)?.debtorIban;
        const wallet = debtorIban ? debtors?.walletByIban.get(debtorIban) : walletByCurrency.get(currency);
        if (wallet === undefined) throw new Error(`row ${row} has no wallet to pay from`);
        return wallet;
      };
      const fileHash = createHash('sha256').update(file.bytes).digest('hex');
      const now = clock.now();
      const valid = v.rows.flatMap((r) => (r.valid ? [r.valid] : []));
      const totals: BulkTotalRow[] = v.totals.map((t) => ({
        currency: t.currency,
        amount: t.amountMinor.toString(),
        count: t.count,
      }));
      const batch = await inTransaction(db, async (tx) => {
        const b = await repo.insertBatch(tx, {
          merchantId,
          fileName: file.fileName.slice(0, 200),
          format: parsed.format,
          fileHash,
          messageId,
          status: v.errorRows > 0 ? 'invalid' : 'validated',
          rowCount: v.rows.length,
          errorRows: v.errorRows,
          warningRows: v.warningRows,
          validCount: v.errorRows > 0 ? 0 : valid.length,
          totals: v.errorRows > 0 ? [] : totals,
          issues: v.issues,
          uploadedBy: p.userId,
          createdAt: now,
          updatedAt: now,
        });
        if (v.errorRows === 0) {
          await repo.insertRows(
            tx,
            valid.map((r) => ({
              batchId: b.id,
              rowNo: r.row,
              method: r.method,
              currency: r.currency,
              amount: r.amountMinor,
              payeeType: r.payeeType,
              requisites: r.requisites as Record<string, string>,
              reference: r.reference,
              endToEndId: painByRow.get(r.row)?.endToEndId || null,
              instructionId: painByRow.get(r.row)?.instructionId || null,
              walletId: walletOf(r.row, r.currency),
            })),
          );
        }
        await audit(tx, ctx, 'bulk_payout_uploaded', b, {
          fileName: b.fileName,
          format: b.format,
          rows: b.rowCount,
          errorRows: b.errorRows,
        });
        return b;
      }).catch(async (err: unknown) => {
        // The same message uploaded twice at once: the unique index lets one batch through.
        if (messageId !== null && isUniqueViolation(err)) await assertNewMessage(merchantId, messageId);
        throw err;
      });
      return {
        batch: await view(p, batch),
        issues: v.issues.slice(0, BULK_ISSUES_SHOWN).map(issueView),
        issue_count: v.issues.length,
      };
    },

    async list(p: UserPrincipal) {
      const merchantId = await merchantOf(p);
      const rows = await repo.latestBatches(db, merchantId, 20);
      return Promise.all(rows.map((b) => view(p, b)));
    },

    async get(p: UserPrincipal, id: string) {
      return view(p, await batchOf(p, id));
    },

    async issues(p: UserPrincipal, id: string) {
      const b = await batchOf(p, id);
      const all = b.issues as BulkIssue[];
      return { issues: all.slice(0, BULK_ISSUES_SHOWN).map(issueView), issue_count: all.length };
    },

    async challenge(p: UserPrincipal, id: string, action: 'confirm' | 'approve'): Promise<BulkConfirmation> {
      const b = await batchOf(p, id);
      assertCan(p, b, action);
      const c = await sca().challenge(db, {
        kind: 'bulk_payout',
        userId: p.userId,
        merchantId: b.merchantId,
        subject: subjectOf(b, action),
      });
      return {
        challenge_id: c.id,
        expires_at: c.expiresAt.toISOString(),
        action,
        file_hash: b.fileHash,
        count: b.validCount,
        totals: totalsView(b.totals),
        approves: action === 'approve' || confirmApproves(p),
      };
    },

    confirm: (ctx: Ctx, id: string, proof: ScaProof) => decide(ctx, id, 'confirm', proof),
    approve: (ctx: Ctx, id: string, proof: ScaProof) => decide(ctx, id, 'approve', proof),

    async discard(ctx: Ctx, id: string) {
      const p = ctx.principal;
      if (!p.rights.has(RIGHT_ACTIONS.create)) throw new DomainError('NO_RIGHTS_CREATE_PAYOUT');
      const before = await batchOf(p, id);
      const b = await inTransaction(db, async (tx) => {
        const locked = await repo.lockBatch(tx, id, before.merchantId);
        if (!locked) throw new DomainError('BULK_BATCH_NOT_FOUND');
        if (locked.status === 'discarded') return locked;
        if (!['invalid', 'validated', 'confirmed'].includes(locked.status))
          throw new DomainError('BULK_BATCH_STATE', { status: locked.status, action: 'discarded' });
        const next = await repo.updateBatch(tx, id, { status: 'discarded', updatedAt: clock.now() });
        await audit(tx, ctx, 'bulk_payout_discarded', next, {});
        return next;
      });
      return view(p, b);
    },

    /** The result report: one CSV line per row (formulas neutralised by `csvLine`). */
    async report(p: UserPrincipal, id: string): Promise<{ fileName: string; csv: string }> {
      const b = await batchOf(p, id);
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
        for (const r of await repo.reportRows(db, b.id)) {
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
    },

    run,

    /** Restarts runs lost to a restart: processing batches untouched for a minute. */
    async runStalled(): Promise<number> {
      const stalled = await repo.stalledBatches(db, new Date(clock.now().getTime() - 60_000));
      for (const s of stalled) await run(s.id);
      return stalled.length;
    },
  };

  /** A pain.001 message is uploaded once per company (a discarded batch's may come again). */
  async function assertNewMessage(merchantId: string, messageId: string): Promise<void> {
    const earlier = await repo.batchOfMessage(db, merchantId, messageId);
    if (earlier)
      throw new DomainError('PAIN_DUPLICATE_MESSAGE', {
        msgId: messageId,
        date: earlier.createdAt.toISOString().slice(0, 10),
        status: earlier.status,
      });
  }

  /**
   * The wallets a pain.001 file's blocks name as debtor account, with the currencies each holds.
   * An IBAN that is not an active IBAN of one of the company's active wallets refuses the whole
   * file, naming it: a file cannot debit another company's account, nor fall back to another wallet.
   */
  async function debtorAccounts(merchantId: string, rows: readonly BulkRowInput[]) {
    const own = new Map(
      (await service(deps, 'wallets').activeIbansOfCompany(merchantId)).map((i) => [
        i.iban.replace(/\s+/g, '').toUpperCase(),
        i.walletId,
      ]),
    );
    const walletByIban = new Map<string, number>();
    for (const r of rows) {
      if (!r.pain) continue;
      const walletId = own.get(r.pain.debtorIban);
      if (walletId === undefined)
        throw new DomainError('PAIN_DEBTOR_ACCOUNT', {
          iban: r.pain.debtorIban,
          block: r.pain.paymentInfoId,
        });
      walletByIban.set(r.pain.debtorIban, walletId);
    }
    const totals = await service(deps, 'ledger').walletTotals(db, [...new Set(walletByIban.values())]);
    const currencies = new Map<string, string[]>();
    for (const [iban, walletId] of walletByIban)
      currencies.set(
        iban,
        totals.filter((t) => t.walletId === walletId).map((t) => t.currency),
      );
    return { walletByIban, currencies };
  }

  async function walletsByCurrency(merchantId: string): Promise<Map<string, number>> {
    const wallets = (await service(deps, 'wallets').walletsOf(merchantId))
      .filter((w) => w.status === 1)
      .sort((a, b) => a.id - b.id);
    const totals = await service(deps, 'ledger').walletTotals(
      db,
      wallets.map((w) => w.id),
    );
    const byCurrency = new Map<string, number>();
    for (const w of wallets) {
      for (const t of totals) {
        if (t.walletId === w.id && !byCurrency.has(t.currency)) byCurrency.set(t.currency, w.id);
      }
    }
    return byCurrency;
  }
}
export type BulkPayoutsService = ReturnType<typeof createBulkPayoutsService>;
