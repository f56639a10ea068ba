import type { DealStatus, OnchainNetwork, TransferStatus } from '@portal/domain';
import {
  bigint,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
  boolean,
} from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { merchantRef, users } from './companies.ts';

// Mirrors migrations/0900_onchain.sql (on-chain area).

export const onchainAddresses = pgTable(
  'onchain_addresses',
  {
    walletId: bigint('wallet_id', { mode: 'number' }).notNull(),
    network: text('network').$type<OnchainNetwork>().notNull(),
    merchantId: merchantRef(),
    asset: text('asset').notNull(),
    address: text('address').notNull().unique(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.walletId, t.network] })],
);

export const onchainTransfers = pgTable('onchain_transfers', {
  id: uuid('id').primaryKey().defaultRandom(),
  merchantId: merchantRef(),
  walletId: bigint('wallet_id', { mode: 'number' }).notNull(),
  fundingCurrency: text('funding_currency').notNull(),
  asset: text('asset').notNull(),
  network: text('network').$type<OnchainNetwork>().notNull(),
  address: text('address').notNull(),
  addressWarning: text('address_warning'),
  coinAmount: bigint('coin_amount', { mode: 'bigint' }).notNull(),
  fee: bigint('fee', { mode: 'bigint' }).notNull(),
  debitAmount: bigint('debit_amount', { mode: 'bigint' }).notNull(),
  debitFee: bigint('debit_fee', { mode: 'bigint' }).notNull(),
  rate: text('rate'),
  status: text('status').$type<TransferStatus>().notNull(),
  holdId: bigint('hold_id', { mode: 'number' }),
  entryId: bigint('entry_id', { mode: 'number' }),
  txHash: text('tx_hash').unique(),
  broadcastAt: ts('broadcast_at'),
  sendAt: ts('send_at'),
  cancelAt: ts('cancel_at'),
  error: text('error'),
  errorCode: text('error_code'),
  comments: text('comments').notNull().default(''),
  createdBy: uuid('created_by').references(() => users.id),
  approvedBy: uuid('approved_by').references(() => users.id),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  settledAt: ts('settled_at'),
});

export const escrowDeals = pgTable('escrow_deals', {
  id: uuid('id').primaryKey().defaultRandom(),
  merchantId: merchantRef(),
  ticker: text('ticker').notNull(),
  network: text('network').$type<OnchainNetwork>().notNull(),
  currency: text('currency').notNull(),
  expectedAmount: bigint('expected_amount', { mode: 'bigint' }).notNull(),
  settledAmount: bigint('settled_amount', { mode: 'bigint' }),
  receiverWallet: text('receiver_wallet').notNull(),
  depositAddress: text('deposit_address').notNull().unique(),
  ttlHours: integer('ttl_hours').notNull(),
  trxId: text('trx_id').unique(),
  releaseTxHash: text('release_tx_hash'),
  status: text('status').$type<DealStatus>().notNull(),
  warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
  entryId: bigint('entry_id', { mode: 'number' }),
  expiresAt: ts('expires_at').notNull(),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const onchainSimTxs = pgTable('onchain_sim_txs', {
  hash: text('hash').primaryKey(),
  network: text('network').$type<OnchainNetwork>().notNull(),
  asset: text('asset').notNull(),
  toAddress: text('to_address').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  fate: text('fate').notNull(),
  broadcastAt: ts('broadcast_at').notNull(),
});

export const onchainSimState = pgTable('onchain_sim_state', {
  id: smallint('id').primaryKey(),
  outage: boolean('outage').notNull().default(false),
  nextFate: text('next_fate').notNull().default('ok'),
  windowOpen: boolean('window_open').notNull().default(false),
});
