import { sql } from 'drizzle-orm';
import type { PaymentMethod, PaymentStatus } from '@portal/domain';
import {
  bigint,
  bigserial,
  boolean,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { merchantRef, users } from './companies.ts';
import { statusEventColumns, ts } from './columns.ts';

// Mirrors migrations/0300_payments.sql (payments area).

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: merchantRef(),
    walletId: bigint('wallet_id', { mode: 'number' }).notNull(),
    direction: text('direction', { enum: ['inbound', 'outbound'] }).notNull(),
    transactionType: text('transaction_type', {
      enum: ['payout', 'payin', 'refund', 'exchange', 'transfer'],
    }).notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull().default(0n),
    payeeName: text('payee_name').notNull(),
    counterpartyIban: text('counterparty_iban'),
    counterpartyAccount: text('counterparty_account'),
    counterpartyBankCode: text('counterparty_bank_code'),
    counterpartyBic: text('counterparty_bic'),
    requisites: jsonb('requisites').$type<Record<string, string>>().notNull().default({}),
    payeeType: text('payee_type'),
    comments: text('comments').notNull().default(''),
    /** The client's PmtId/EndToEndId and PmtId/InstrId of a pay-out from a pain.001 file (migration 1641). */
    endToEndId: text('end_to_end_id'),
    instructionId: text('instruction_id'),
    error: text('error'),
    createdBy: uuid('created_by').references(() => users.id),
    approvedBy: uuid('approved_by').references(() => users.id),
    originalPaymentId: uuid('original_payment_id'),
    holdId: bigint('hold_id', { mode: 'number' }),
    entryId: bigint('entry_id', { mode: 'number' }),
    reversalEntryId: bigint('reversal_entry_id', { mode: 'number' }),
    recallReason: text('recall_reason'),
    recallRequestedAt: ts('recall_requested_at'),
    disputeReason: text('dispute_reason'),
    disputeOpenedAt: ts('dispute_opened_at'),
    processAfter: ts('process_after'),
    createdAt: ts('created_at').notNull(),
    capturedAt: ts('captured_at'),
    chargedAt: ts('charged_at'),
    settledAt: ts('settled_at'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    // One live refund per payment; a failed one may be retried.
    uniqueIndex('payments_one_refund_uq')
      .on(t.originalPaymentId)
      .where(
        sql`${t.transactionType} = 'refund' AND ${t.status} NOT IN ('declined', 'canceled', 'rejected', 'expired', 'returned')`,
      ),
  ],
);

export const paymentEvents = pgTable('payment_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  paymentId: uuid('payment_id').notNull(),
  merchantId: uuid('merchant_id').notNull(),
  direction: text('direction').notNull(),
  ...statusEventColumns<PaymentStatus>(),
});

// postbackOutbox moved to schema/postbacks.ts (settings and postbacks area, issue 9).

export const paymentTemplates = pgTable(
  'payment_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').notNull(),
    ownerId: uuid('owner_id').notNull(),
    name: text('name').notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    walletId: bigint('wallet_id', { mode: 'number' }),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }),
    payeeName: text('payee_name').notNull().default(''),
    requisites: jsonb('requisites').$type<Record<string, string>>().notNull().default({}),
    comments: text('comments').notNull().default(''),
    shared: boolean('shared').notNull().default(false),
    crossScheme: boolean('cross_scheme').notNull().default(false),
    status: smallint('status').notNull().default(1),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('payment_templates_name_uq')
      .on(t.merchantId, sql`lower(${t.name})`)
      .where(sql`${t.status} = 1`),
  ],
);

export const merchantPaymentMethodSettings = pgTable(
  'merchant_payment_method_settings',
  {
    merchantId: uuid('merchant_id').notNull(),
    direction: text('direction').notNull(),
    method: text('method').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.direction, t.method] })],
);

export const processingState = pgTable('processing_state', {
  id: smallint('id').primaryKey().default(1),
  outage: boolean('outage').notNull().default(false),
  message: text('message'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});

export const notificationMarks = pgTable(
  'notification_marks',
  {
    userId: uuid('user_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    inboundSeenAt: ts('inbound_seen_at'),
    outboundSeenAt: ts('outbound_seen_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.merchantId] })],
);
