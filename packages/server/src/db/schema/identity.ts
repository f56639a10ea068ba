import { sql } from 'drizzle-orm';
import { bigserial, boolean, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { merchantRef, userRef, users } from './companies.ts';
import { ts } from './columns.ts';

export const loginThrottle = pgTable('login_throttle', {
  loginKey: text('login_key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  blockedUntil: ts('blocked_until'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    kind: text('kind', { enum: ['renewp', 'email'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    email: text('email'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_tokens_hash_uq').on(t.tokenHash)],
);

export const userInvitations = pgTable(
  'user_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: merchantRef(),
    userId: userRef(),
    email: text('email').notNull(),
    kind: text('kind', { enum: ['master', 'standard'] }).notNull(),
    rights: text('rights').array().notNull().default([]),
    mfaRequired: boolean('mfa_required').notNull().default(true),
    invitedBy: uuid('invited_by').references(() => users.id),
    status: text('status', { enum: ['invited', 'registered', 'canceled'] })
      .notNull()
      .default('invited'),
    codeHash: text('code_hash'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_invitations_code_uq').on(t.codeHash).where(sql`${t.codeHash} IS NOT NULL`)],
);

export const securityHistory = pgTable('security_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: userRef(),
  actionType: text('action_type').notNull(),
  actionResult: text('action_result', { enum: ['success', 'failure'] }).notNull(),
  createdAt: ts('created_at').notNull(),
  ip: text('ip'),
  ipCountry: text('ip_country'),
  userAgent: text('user_agent'),
  errors: text('errors'),
  impersonatorId: uuid('impersonator_id').references(() => users.id),
});
