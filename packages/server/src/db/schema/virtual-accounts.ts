import type { VaDocumentType, VaRequestStatus } from '@portal/domain';
import { bigint, bigserial, boolean, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { merchantRef } from './companies.ts';

// Mirrors migrations/0800_virtual_accounts.sql (virtual-accounts area).

export const vaGroups = pgTable('va_groups', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: merchantRef(),
  name: text('name').notNull(),
  country: text('country').notNull(),
  checkRuleCode: text('check_rule_code').notNull(),
  level: integer('level').notNull(),
  bank: text('bank').notNull(),
  bankAddress: text('bank_address').notNull(),
  bic: text('bic').notNull(),
  bankLetters: text('bank_letters').notNull().default(''),
  prefix: text('prefix').notNull(),
  rangeFrom: bigint('range_from', { mode: 'number' }).notNull(),
  rangeTo: bigint('range_to', { mode: 'number' }).notNull(),
  nextSerial: bigint('next_serial', { mode: 'number' }).notNull(),
  vaLimit: integer('va_limit').notNull(),
  allocated: integer('allocated').notNull().default(0),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull(),
});

export const vaRequests = pgTable('va_requests', {
  uuid: uuid('uuid').primaryKey(),
  merchantId: merchantRef(),
  walletId: bigint('wallet_id', { mode: 'number' }).notNull(),
  clientType: text('client_type', { enum: ['individual', 'corporate'] }).notNull(),
  clientCustomerId: text('client_customer_id').notNull(),
  customerName: text('customer_name').notNull(),
  status: text('status').$type<VaRequestStatus>().notNull(),
  details: jsonb('details').$type<Record<string, unknown>>().notNull(),
  groupId: bigint('group_id', { mode: 'number' }),
  declineReason: text('decline_reason'),
  warning: text('warning'),
  virtualAccountId: bigint('virtual_account_id', { mode: 'number' }),
  createdBy: uuid('created_by'),
  decidedBy: uuid('decided_by'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const vaRequestEvents = pgTable('va_request_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  requestUuid: uuid('request_uuid').notNull(),
  status: text('status').notNull(),
  note: text('note'),
  actorId: uuid('actor_id'),
  at: ts('at').notNull(),
});

export const virtualAccounts = pgTable(
  'virtual_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: uuid('merchant_id').notNull(),
    walletId: bigint('wallet_id', { mode: 'number' }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    serial: bigint('serial', { mode: 'number' }).notNull(),
    requestUuid: uuid('request_uuid').notNull(),
    number: text('number').notNull().unique(),
    iban: text('iban').unique(),
    bankCode: text('bank_code').notNull(),
    sortCode: text('sort_code'),
    bsbCode: text('bsb_code'),
    accNumber: text('acc_number').notNull(),
    country: text('country').notNull(),
    checkRuleCode: text('check_rule_code').notNull(),
    level: integer('level').notNull(),
    clientType: text('client_type', { enum: ['individual', 'corporate'] }).notNull(),
    clientCustomerId: text('client_customer_id').notNull(),
    clientCustomerName: text('client_customer_name').notNull(),
    accHolderName: text('acc_holder_name').notNull(),
    companyNumber: text('company_number'),
    status: text('status', { enum: ['active', 'disabled', 'closed'] }).notNull(),
    reason: text('reason'),
    complianceWarning: boolean('compliance_warning').notNull().default(false),
    disabledOn: ts('disabled_on'),
    closedOn: ts('closed_on'),
    detailsReadyAt: ts('details_ready_at').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [unique().on(t.groupId, t.serial)],
);

// Mirrors migrations/0810_va_request_documents.sql: uploads named by VA requests.
export const vaRequestDocuments = pgTable('va_request_documents', {
  id: uuid('id').primaryKey(),
  merchantId: uuid('merchant_id').notNull(),
  requestUuid: uuid('request_uuid'),
  docType: text('doc_type').$type<VaDocumentType>(),
  role: text('role', { enum: ['main', 'additional'] }),
  fileName: text('file_name').notNull(),
  ext: text('ext', { enum: ['pdf', 'csv'] }).notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sha256: text('sha256').notNull(),
  storageKey: text('storage_key').notNull(),
  uploadedBy: uuid('uploaded_by'),
  createdAt: ts('created_at').notNull(),
  attachedAt: ts('attached_at'),
});
