import type { FxStatus } from '@portal/domain';
import { bigint, bigserial, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { statusEventColumns, ts } from './columns.ts';
import { merchantRef, merchants, userRef, users } from './companies.ts';

// Mirrors migrations/0600_fx.sql (FX area).

export const fxTerms = pgTable('fx_terms', {
  merchantId: uuid('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  spreadBps: integer('spread_bps').notNull(),
  cryptoSpreadBps: integer('crypto_spread_bps').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

const dealColumns = () => ({
  settlement: text('settlement', { enum: ['instant', 'sbd', 'nbd'] }).notNull(),
  valueDate: text('value_date').notNull(),
  fixedSide: text('fixed_side', { enum: ['sell', 'buy'] }).notNull(),
  sellWalletId: bigint('sell_wallet_id', { mode: 'number' }).notNull(),
  sellCurrency: text('sell_currency').notNull(),
  sellAmount: bigint('sell_amount', { mode: 'bigint' }).notNull(),
  buyWalletId: bigint('buy_wallet_id', { mode: 'number' }).notNull(),
  buyCurrency: text('buy_currency').notNull(),
  buyAmount: bigint('buy_amount', { mode: 'bigint' }).notNull(),
  rate: text('rate').notNull(),
  midRate: text('mid_rate').notNull(),
  spreadBps: integer('spread_bps').notNull(),
  spreadAmount: bigint('spread_amount', { mode: 'bigint' }).notNull(),
});

export const fxQuotes = pgTable('fx_quotes', {
  id: uuid('id').primaryKey().defaultRandom(),
  merchantId: merchantRef(),
  userId: userRef(),
  ...dealColumns(),
  challengeId: text('challenge_id').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull(),
});

export const fxExchanges = pgTable('fx_exchanges', {
  id: uuid('id').primaryKey().defaultRandom(),
  merchantId: merchantRef(),
  quoteId: uuid('quote_id').notNull().unique(),
  status: text('status').$type<FxStatus>().notNull(),
  ...dealColumns(),
  holdId: bigint('hold_id', { mode: 'number' }),
  entryId: bigint('entry_id', { mode: 'number' }),
  error: text('error'),
  createdBy: uuid('created_by').references(() => users.id),
  approvedBy: uuid('approved_by').references(() => users.id),
  settleAfter: ts('settle_after'),
  createdAt: ts('created_at').notNull(),
  executedAt: ts('executed_at'),
  settledAt: ts('settled_at'),
  updatedAt: ts('updated_at').notNull(),
});

export const fxEvents = pgTable('fx_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  exchangeId: uuid('exchange_id').notNull(),
  merchantId: uuid('merchant_id').notNull(),
  ...statusEventColumns<FxStatus>(),
});
