import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

/** `merchant_id uuid NOT NULL REFERENCES merchants`: the company a row belongs to. */
export const merchantRef = () =>
  uuid('merchant_id')
    .notNull()
    .references(() => merchants.id);
/** `user_id uuid NOT NULL REFERENCES users`: the user a row belongs to. */
export const userRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id);

export const merchants = pgTable('merchants', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  serviceCode: text('service_code', { enum: ['AccountService', 'MerchantService'] })
    .notNull()
    .default('AccountService'),
  platform: text('platform', { enum: ['UK', 'CA', 'PL', 'CJD'] })
    .notNull()
    .default('UK'),
  status: smallint('status').notNull().default(1),
  additionalData: jsonb('additional_data').$type<Record<string, string>>().notNull().default({}),
  newIbanSameIdForcedCreation: boolean('new_iban_same_id_forced_creation').notNull().default(false),
  ipWhitelist: text('ip_whitelist').array().notNull().default(sql`'{}'`),
  postbackUrls: jsonb('postback_urls').$type<Record<string, string>>().notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    login: text('login').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    passwordHash: text('password_hash'),
    passwordChangedAt: ts('password_changed_at'),
    passwordChangeRequiredBy: ts('password_change_required_by'),
    mfaSecret: text('mfa_secret'),
    // Added by migration 0100 (identity): secret being set up, last TOTP step used, pending request.
    mfaPendingSecret: text('mfa_pending_secret'),
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    pendingRequest: text('pending_request', { enum: ['passwordResetRequest', 'mfaResetRequest'] }),
    status: text('status', { enum: ['invited', 'registered', 'activated', 'deactivated', 'blocked'] })
      .notNull()
      .default('registered'),
    blockedUntil: ts('blocked_until'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    uiLanguage: text('ui_language').notNull().default('en-gb'),
    uiTheme: text('ui_theme', { enum: ['dark', 'light'] })
      .notNull()
      .default('dark'),
    notificationParams: jsonb('notification_params').$type<Record<string, unknown>>().notNull().default({}),
    mfaLoginPrompt: boolean('mfa_login_prompt').notNull().default(true),
    autoApprovePayouts: boolean('auto_approve_payouts').notNull().default(false),
    currentMerchantId: uuid('current_merchant_id').references(() => merchants.id),
    currentGroup: text('current_group'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_login_uq').on(sql`lower(${t.login})`),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
  ],
);

export const userMerchants = pgTable(
  'user_merchants',
  {
    userId: userRef(),
    merchantId: merchantRef(),
    isMaster: boolean('is_master').notNull().default(false),
    rights: text('rights').array().notNull().default(sql`'{}'`),
    status: smallint('status').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.merchantId] })],
);

export const userGroups = pgTable(
  'user_groups',
  {
    userId: userRef(),
    groupCode: text('group_code', { enum: ['admin', 'CSM', 'FIN_OPS_EXTRA'] }).notNull(),
    status: smallint('status').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupCode] })],
);
