import { bigserial, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const maintenance = pgTable('maintenance', {
  id: smallint('id').primaryKey().default(1),
  state: text('state', { enum: ['none', 'planned', 'started'] })
    .notNull()
    .default('none'),
  startsAt: ts('starts_at'),
  message: text('message'),
  messageRu: text('message_ru'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  kind: text('kind').notNull().default('generic'),
  createdAt: ts('created_at').notNull().defaultNow(),
  sentAt: ts('sent_at'),
  error: text('error'),
});

/** Who acted in an audit record: a portal user, an admin acting as one, a boarding party, or the system. */
const AUDIT_ACTOR_TYPES = ['user', 'admin', 'boarding', 'related_person', 'system'] as const;

export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: ts('at').notNull().defaultNow(),
  actorType: text('actor_type', { enum: AUDIT_ACTOR_TYPES }).notNull(),
  actorId: text('actor_id'),
  action: text('action').notNull(),
  subjectType: text('subject_type'),
  subjectId: text('subject_id'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  details: jsonb('details').notNull().default({}),
  prevHash: text('prev_hash').notNull(),
  hash: text('hash').notNull().unique(),
});

export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Fixed-window counters of rate-limited public calls (0004_rate_limits.sql); http/rate-limit.ts upserts them. */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  hits: integer('hits').notNull(),
});
