import { PAYIN_MATCHED_BY, type PaymentRequestStatus } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { merchantRef, users } from './companies.ts';
import { payments } from './payments.ts';
import { virtualAccounts } from './virtual-accounts.ts';

// Mirrors migrations/1500_payment_requests.sql (MerchantService pay-in terminal).

export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: merchantRef(),
    walletId: bigint('wallet_id', { mode: 'number' }).notNull(),
    // 1505_payment_request_va.sql: the virtual account the request collects on (null: the wallet IBAN).
    virtualAccountId: bigint('virtual_account_id', { mode: 'number' }).references(() => virtualAccounts.id),
    token: text('token').notNull(),
    paymentReference: text('payment_reference').notNull(),
    reference: text('reference').notNull(),
    description: text('description').notNull().default(''),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }),
    paidAmount: bigint('paid_amount', { mode: 'bigint' }).notNull().default(0n),
    status: text('status').$type<PaymentRequestStatus>().notNull().default('open'),
    latePayment: boolean('late_payment').notNull().default(false),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerLanguage: text('customer_language', { enum: ['en-gb', 'ru'] })
      .notNull()
      .default('en-gb'),
    expiresAt: ts('expires_at').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    paidAt: ts('paid_at'),
    cancelledAt: ts('cancelled_at'),
    emailedAt: ts('emailed_at'),
  },
  (t) => [
    uniqueIndex('payment_requests_token_uq').on(t.token),
    uniqueIndex('payment_requests_reference_uq').on(t.paymentReference),
    index('payment_requests_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('payment_requests_merchant_status_idx').on(t.merchantId, t.status, t.createdAt.desc()),
    index('payment_requests_va_idx')
      .on(t.virtualAccountId, t.createdAt)
      .where(sql`${t.virtualAccountId} IS NOT NULL`),
    index('payment_requests_due_idx').on(t.expiresAt).where(sql`${t.status} IN ('open', 'partially_paid')`),
  ],
);

export const paymentRequestPayins = pgTable(
  'payment_request_payins',
  {
    paymentId: uuid('payment_id')
      .primaryKey()
      .references(() => payments.id),
    requestId: uuid('request_id')
      .notNull()
      .references(() => paymentRequests.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    matchedBy: text('matched_by', { enum: PAYIN_MATCHED_BY }).notNull(),
    matchedByUser: uuid('matched_by_user').references(() => users.id),
    late: boolean('late').notNull().default(false),
    matchedAt: ts('matched_at').notNull(),
  },
  (t) => [index('payment_request_payins_request_idx').on(t.requestId, t.matchedAt)],
);
