import { POSTBACK_DELIVERY_STATUSES, type PostbackType } from '@portal/domain';
import {
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

// Mirrors migrations/0300_payments.sql (outbox), 0500_postbacks_settings.sql (settings and postbacks
// area) and 1650_postbacks_not_sent.sql.

/** Transactional outbox of postback events (design §7); delivery state added by 0500. */
export const postbackOutbox = pgTable('postback_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: uuid('merchant_id').notNull(),
  type: text('type').$type<PostbackType>().notNull(),
  event: text('event').notNull(),
  subjectId: text('subject_id').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  createdAt: ts('created_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at'),
  deliveredAt: ts('delivered_at'),
  status: text('status', { enum: POSTBACK_DELIVERY_STATUSES }).notNull().default('pending'),
  firstAttemptAt: ts('first_attempt_at'),
  lockedUntil: ts('locked_until'),
  lastStatusCode: integer('last_status_code'),
  lastError: text('last_error'),
  lastDurationMs: integer('last_duration_ms'),
  isTest: boolean('is_test').notNull().default(false),
});

export const postbackAttempts = pgTable('postback_attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  eventId: bigint('event_id', { mode: 'number' }).notNull(),
  attempt: integer('attempt').notNull(),
  startedAt: ts('started_at').notNull(),
  durationMs: integer('duration_ms').notNull(),
  statusCode: integer('status_code'),
  error: text('error'),
  url: text('url').notNull(),
});

export const companySettings = pgTable('company_settings', {
  merchantId: uuid('merchant_id').primaryKey(),
  postbackSecret: text('postback_secret'),
  secretCreatedAt: ts('secret_created_at'),
  previousSecret: text('previous_secret'),
  previousSecretUntil: ts('previous_secret_until'),
  notificationUrls: jsonb('notification_urls').$type<Record<string, string>>().notNull().default({}),
  messengers: jsonb('messengers').$type<Record<string, string>>().notNull().default({}),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const notificationRuns = pgTable(
  'notification_runs',
  {
    userId: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull().default(''),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.subject] })],
);

// Mirrors migrations/0510_user_notifications.sql.

/** New-payment and security notifications of users, written with the change they announce. */
export const userNotifications = pgTable('user_notifications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind', { enum: ['payment', 'security'] }).notNull(),
  event: text('event').notNull(),
  merchantId: uuid('merchant_id'),
  userId: uuid('user_id'),
  subjectId: text('subject_id').notNull().default(''),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: ts('created_at').notNull(),
  status: text('status', { enum: ['pending', 'done', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at'),
  lockedUntil: ts('locked_until'),
  lastError: text('last_error'),
  doneAt: ts('done_at'),
});

export const userNotificationDeliveries = pgTable(
  'user_notification_deliveries',
  {
    notificationId: bigint('notification_id', { mode: 'number' }).notNull(),
    channel: text('channel', { enum: ['email', 'chat', 'team_email'] }).notNull(),
    target: text('target').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    statusCode: integer('status_code'),
    error: text('error'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.channel, t.target] })],
);
