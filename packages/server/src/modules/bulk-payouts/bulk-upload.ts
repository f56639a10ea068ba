import { createHash } from 'node:crypto';
import {
  BULK_ISSUES_SHOWN,
  type BulkRowInput,
  parseBulkCsv,
  parsePain001,
  RIGHT_ACTIONS,
  readBulkFile,
  validateBulkRows,
} from '@portal/domain';
import type { BulkTotalRow } from '../../db/schema/index.ts';
import { inTransaction, isUniqueViolation } from '../../db/tx.ts';
import { DomainError } from '../../http/errors.ts';
import {
  audit,
  type BulkContext,
  type Ctx,
  type IncomingFile,
  issueView,
  merchantOf,
  view,
} from './bulk-context.ts';
import * as repo from './bulk-payouts.repo.ts';
import { assertPain001Schema } from './pain001-schema.ts';

/**
 * Upload: reads the file and runs every row through the single pay-out's rules; a batch with row
 * errors is stored as `invalid` (its issues listed), a clean one as `validated` with its rows.
 */
export async function upload(bulk: BulkContext, ctx: Ctx, file: IncomingFile) {
  const { db, clock } = bulk;
  const p = ctx.principal;
  if (!p.rights.has(RIGHT_ACTIONS.create)) throw new DomainError('NO_RIGHTS_CREATE_PAYOUT');
  const merchantId = await merchantOf(bulk, p);
  if (file.truncated) throw new DomainError('BULK_FILE_TOO_LARGE', { max: 5 });
  const read = readBulkFile(file.fileName, file.bytes);
  if (!read.ok) throw new DomainError(read.code, read.params);
  // A pain.001 meets the schema of its version before anything reads it (issue 35).
  if (read.isXml) await assertPain001Schema(read.text);
  const parsed = read.isXml ? parsePain001(read.text) : parseBulkCsv(read.text);
  if (!parsed.ok) throw new DomainError(parsed.code, parsed.params);

  const messageId = parsed.format === 'csv' ? null : (parsed.messageId ?? null);
  if (messageId !== null) await assertNewMessage(bulk, merchantId, messageId);

  // A CSV row pays from the company's first active wallet holding its currency; a pain.001
  // transaction from the account its block names (DbtrAcct), which must be the company's own.
  const walletByCurrency = await walletsByCurrency(bulk, merchantId);
  const debtors = parsed.format === 'csv' ? undefined : await debtorAccounts(bulk, merchantId, parsed.rows);
  const v = validateBulkRows(parsed.rows, {
    availableMethods: await bulk.payments().payoutMethodsOf(merchantId),
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
          paymentInfoId: painByRow.get(r.row)?.paymentInfoId ?? null,
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
    if (messageId !== null && isUniqueViolation(err)) await assertNewMessage(bulk, merchantId, messageId);
    throw err;
  });
  return {
    batch: await view(bulk, p, batch),
    issues: v.issues.slice(0, BULK_ISSUES_SHOWN).map(issueView),
    issue_count: v.issues.length,
  };
}

/** A pain.001 message is uploaded once per company (a discarded batch's may come again). */
async function assertNewMessage(bulk: BulkContext, merchantId: string, messageId: string): Promise<void> {
  const earlier = await repo.earlierBatch(bulk.db, merchantId, { messageId });
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
async function debtorAccounts(bulk: BulkContext, merchantId: string, rows: readonly BulkRowInput[]) {
  const own = new Map(
    (await bulk.wallets().activeIbansOfCompany(merchantId)).map((i) => [
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
  const totals = await bulk.ledger().walletTotals(bulk.db, [...new Set(walletByIban.values())]);
  const currencies = new Map<string, string[]>();
  for (const [iban, walletId] of walletByIban)
    currencies.set(
      iban,
      totals.filter((t) => t.walletId === walletId).map((t) => t.currency),
    );
  return { walletByIban, currencies };
}

async function walletsByCurrency(bulk: BulkContext, merchantId: string): Promise<Map<string, number>> {
  const wallets = (await bulk.wallets().walletsOf(merchantId))
    .filter((w) => w.status === 1)
    .sort((a, b) => a.id - b.id);
  const totals = await bulk.ledger().walletTotals(
    bulk.db,
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
