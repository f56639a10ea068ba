import type { MessageType } from '@portal/domain';
import { bigserial, date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { merchantRef, merchants, userRef, users } from './companies.ts';
import { ts } from './columns.ts';

// Mirrors migrations/0700_messages_notices.sql (messages and notices area).

const priority = ['high', 'medium', 'low'] as const;
const caseStatus = [
  'Created',
  'In Progress',
  'On Hold',
  'External Investigating',
  'Closed',
  'Declined-Closed',
] as const;

export const supportCases = pgTable('support_cases', {
  id: uuid('id').primaryKey(),
  caseNo: bigserial('case_no', { mode: 'number' }).notNull().unique(),
  merchantId: merchantRef(),
  type: text('type').$type<MessageType>().notNull(),
  subject: text('subject').notNull(),
  priority: text('priority', { enum: priority }).notNull(),
  crmStatus: text('crm_status', { enum: caseStatus }).notNull().default('Created'),
  assignedTo: uuid('assigned_to').references(() => users.id),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id),
  clientDeletedAt: ts('client_deleted_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const messages = pgTable('messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  caseId: uuid('case_id')
    .notNull()
    .references(() => supportCases.id),
  merchantId: merchantRef(),
  folder: text('folder', { enum: ['inbox', 'outbox'] }).notNull(),
  authorId: uuid('author_id')
    .notNull()
    .references(() => users.id),
  authorName: text('author_name').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  priority: text('priority', { enum: priority }).notNull(),
  creationSource: text('creation_source').notNull().default('FRONT_7'),
  createdAt: ts('created_at').notNull().defaultNow(),
  readAt: ts('read_at'),
  staffReadAt: ts('staff_read_at'),
  clientDeletedAt: ts('client_deleted_at'),
});

export const messageAttachments = pgTable('message_attachments', {
  id: uuid('id').primaryKey().defaultRandom(),
  messageId: uuid('message_id')
    .notNull()
    .references(() => messages.id),
  merchantId: merchantRef(),
  fileName: text('file_name').notNull(),
  ext: text('ext', { enum: ['pdf', 'csv'] }).notNull(),
  size: integer('size').notNull(),
  storageKey: text('storage_key').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const notices = pgTable('notices', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  audience: text('audience', { enum: ['all', 'platform', 'company'] }).notNull(),
  platform: text('platform', { enum: ['UK', 'CA', 'PL', 'CJD'] }),
  merchantId: uuid('merchant_id').references(() => merchants.id),
  startsOn: date('starts_on', { mode: 'string' }).notNull(),
  endsOn: date('ends_on', { mode: 'string' }).notNull(),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: uuid('notice_id')
      .notNull()
      .references(() => notices.id),
    userId: userRef(),
    readAt: ts('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] })],
);
