import type { BulkBatchStatus, BulkFormat, PaymentMethod } from '@portal/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { merchantRef, users } from './companies.ts';
import { payments } from './payments.ts';

// Mirrors migrations/1510_bulk_payouts.sql (pay-out terminal, issue 14).

export interface BulkTotalRow {
  currency: string;
  /** Minor units as text (JSON has no bigint). */
  amount: string;
  count: number;
}

export const bulkBatches = pgTable(
  'bulk_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: merchantRef(),
    fileName: text('file_name').notNull(),
    format: text('format').$type<BulkFormat>().notNull(),
    fileHash: text('file_hash').notNull(),
    /** `GrpHdr/MsgId` of a pain.001 file (migration 1640); null for CSV. */
    messageId: text('message_id'),
    status: text('status').$type<BulkBatchStatus>().notNull(),
    rowCount: integer('row_count').notNull(),
    errorRows: integer('error_rows').notNull(),
    warningRows: integer('warning_rows').notNull(),
    validCount: integer('valid_count').notNull(),
    totals: jsonb('totals').$type<BulkTotalRow[]>().notNull(),
    issues: jsonb('issues').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    confirmedBy: uuid('confirmed_by').references(() => users.id),
    confirmedAt: ts('confirmed_at'),
    approvedBy: uuid('approved_by').references(() => users.id),
    approvedAt: ts('approved_at'),
    completedAt: ts('completed_at'),
    doneCount: integer('done_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('bulk_batches_merchant_idx').on(t.merchantId, t.createdAt.desc()),
    index('bulk_batches_hash_idx').on(t.merchantId, t.fileHash),
    uniqueIndex('bulk_batches_message_uq')
      .on(t.merchantId, t.messageId)
      .where(sql`message_id IS NOT NULL AND status <> 'discarded'`),
    index('bulk_batches_processing_idx').on(t.updatedAt).where(sql`status = 'processing'`),
  ],
);

export const bulkBatchRows = pgTable(
  'bulk_batch_rows',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => bulkBatches.id),
    rowNo: integer('row_no').notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    payeeType: text('payee_type').notNull(),
    requisites: jsonb('requisites').$type<Record<string, string>>().notNull(),
    reference: text('reference').notNull(),
    /** The pain.001 transaction's PmtId/EndToEndId and PmtId/InstrId (migration 1641). */
    endToEndId: text('end_to_end_id'),
    instructionId: text('instruction_id'),
    /** The pain.001 payment information block's PmtInfId (migration 1660): pain.002 groups by it. */
    paymentInfoId: text('payment_info_id'),
    walletId: bigint('wallet_id', { mode: 'number' }).notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    result: text('result', { enum: ['pending', 'created', 'failed'] }),
    resultMessage: text('result_message'),
    processedAt: ts('processed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.rowNo] }),
    uniqueIndex('bulk_batch_rows_payment_uq').on(t.paymentId).where(sql`payment_id IS NOT NULL`),
    index('bulk_batch_rows_todo_idx').on(t.batchId, t.rowNo).where(sql`result IS NULL`),
  ],
);
