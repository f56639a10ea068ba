import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

/** What a user was shown and confirmed (its hash with a nonce), used once (design §7). */
export const confirmationChallenges = pgTable('confirmation_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  merchantId: uuid('merchant_id').notNull(),
  kind: text('kind').notNull(),
  hash: text('hash').notNull(),
  nonce: text('nonce').notNull(),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
  subjectRef: text('subject_ref'),
  createdAt: ts('created_at').notNull(),
});

/** Wrong answers in a row per user; only a wrong answer is counted, atomically (issue 34). */
export const confirmationAttempts = pgTable('confirmation_attempts', {
  userId: uuid('user_id').primaryKey(),
  failures: integer('failures').notNull().default(0),
  blockedUntil: ts('blocked_until'),
  updatedAt: ts('updated_at').notNull(),
});
