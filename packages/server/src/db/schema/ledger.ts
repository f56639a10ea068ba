import { sql } from 'drizzle-orm';
import type { WidgetType } from '@portal/domain';
import {
  bigint,
  boolean,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { merchantRef, userRef } from './companies.ts';
import { ts } from './columns.ts';

// Mirrors migrations/0200_wallets_ledger.sql (accounts area).

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();

export const wallets = pgTable('wallets', {
  id: id(),
  uuid: uuid('uuid').notNull().unique().defaultRandom(),
  merchantId: merchantRef(),
  parentId: bigint('parent_id', { mode: 'number' }),
  uiName: text('ui_name').notNull(),
  status: smallint('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  // Added by migration 1520 (operator tools).
  statusReason: text('status_reason'),
  statusChangedAt: ts('status_changed_at'),
});

export const walletIbans = pgTable('wallet_ibans', {
  id: id(),
  walletId: bigint('wallet_id', { mode: 'number' })
    .notNull()
    .references(() => wallets.id),
  merchantId: uuid('merchant_id').notNull(),
  iban: text('iban').notNull().unique(),
  country: text('country', { enum: ['GB', 'LT'] }).notNull(),
  bankCode: text('bank_code').notNull(),
  status: smallint('status').notNull().default(1),
  level: smallint('level').notNull().default(0),
  checkRuleCode: text('check_rule_code').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: id(),
    kind: text('kind').notNull(),
    walletId: bigint('wallet_id', { mode: 'number' }),
    merchantId: uuid('merchant_id'),
    currency: text('currency').notNull(),
    allowNegative: boolean('allow_negative').notNull(),
    slots: smallint('slots').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  // Postings reference (id, currency), so a posting's currency is its account's.
  (t) => [
    unique().on(t.id, t.currency),
    uniqueIndex('ledger_accounts_wallet_uq').on(t.walletId, t.currency).where(sql`${t.walletId} IS NOT NULL`),
    uniqueIndex('ledger_accounts_system_uq').on(t.kind, t.currency).where(sql`${t.walletId} IS NULL`),
  ],
);

export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    slot: smallint('slot').notNull(),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(0n),
    held: bigint('held', { mode: 'bigint' }).notNull().default(0n),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.slot] })],
);

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: id(),
    kind: text('kind').notNull(),
    reference: text('reference'),
    valueDate: ts('value_date').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    reversesEntryId: bigint('reverses_entry_id', { mode: 'number' }).unique(),
    details: jsonb('details').$type<EntryDetails>().notNull().default({}),
  },
  (t) => [
    // A (kind, reference) pair posts once: the ledger's own idempotency for retried calls.
    uniqueIndex('journal_entries_reference_uq')
      .on(t.kind, t.reference)
      .where(sql`${t.reference} IS NOT NULL`),
  ],
);

/** What statements show of an entry besides its amount. */
export interface EntryDetails {
  counterparty?: string;
  /** The client's own reference, e.g. the payment request reference a payer quoted (statements show it). */
  clientReference?: string;
  counterpartyIban?: string;
  description?: string;
  method?: string;
  reason?: string;
}

export const postings = pgTable('postings', {
  id: id(),
  entryId: bigint('entry_id', { mode: 'number' }).notNull(),
  accountId: bigint('account_id', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  valueDate: ts('value_date').notNull(),
});

export const ledgerHolds = pgTable('ledger_holds', {
  id: id(),
  accountId: bigint('account_id', { mode: 'number' }).notNull(),
  kind: text('kind', { enum: ['pending', 'blocked', 'suspended'] })
    .notNull()
    .default('pending'),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  reference: text('reference'),
  status: text('status', { enum: ['placed', 'released', 'settled'] })
    .notNull()
    .default('placed'),
  settledEntryId: bigint('settled_entry_id', { mode: 'number' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  closedAt: ts('closed_at'),
});

export const dashboardWidgets = pgTable(
  'dashboard_widgets',
  {
    id: id(),
    userId: userRef(),
    slideNo: smallint('slide_no').notNull(),
    placement: smallint('placement').notNull(),
    widgetType: text('widget_type').$type<WidgetType>().notNull(),
    parameters: jsonb('parameters').$type<{ period?: string }>().notNull().default({}),
    cellsCount: smallint('cells_count').notNull(),
  },
  (t) => [unique().on(t.userId, t.slideNo, t.placement)],
);
