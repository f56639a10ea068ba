import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { merchants, userRef, users } from './companies.ts';
import { ts } from './columns.ts';

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: userRef(),
  purpose: text('purpose', { enum: ['mfa', 'session'] }).notNull(),
  impersonatorId: uuid('impersonator_id').references(() => users.id),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  revokeReason: text('revoke_reason'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  confirmationVerifier: text('confirmation_verifier'),
  /** The company this session acts for (issue 34: per session, so other tabs keep theirs). */
  currentMerchantId: uuid('current_merchant_id').references(() => merchants.id, { onDelete: 'set null' }),
});
