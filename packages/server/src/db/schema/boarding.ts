import { sql } from 'drizzle-orm';
import type { CompanyForm, OfferLetter, PersonInput } from '@portal/domain';
import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { merchants } from './companies.ts';
import { createdAtNow, ts, uuidPk } from './columns.ts';

/** Mirrors migrations/0400_boarding.sql. */

/** The boarding record a row belongs to. */
const accountRef = () =>
  uuid('account_id')
    .notNull()
    .references(() => boardingAccounts.id);

export const boardingAccounts = pgTable('boarding_accounts', {
  id: uuidPk(),
  name: text('name').notNull(),
  partner: text('partner'),
  platform: text('platform', { enum: ['UK', 'CA', 'PL', 'CJD'] })
    .notNull()
    .default('UK'),
  state: text('state', { enum: ['in_progress', 'live'] })
    .notNull()
    .default('in_progress'),
  appFormStatus: text('app_form_status', { enum: ['none', 'draft', 'submitted', 'signed'] })
    .notNull()
    .default('none'),
  reviewStatus: text('review_status', {
    enum: ['New', 'OpenedByMerchant', 'Draft', 'Submitted', 'Approved', 'Declined', 'Pending'],
  })
    .notNull()
    .default('New'),
  company: jsonb('company').$type<CompanyForm>().notNull().default({}),
  formUpdatedAt: ts('form_updated_at').notNull().defaultNow(),
  lockRole: text('lock_role', { enum: ['bc', 'as', 'lr', 'bo'] }),
  lockContactId: uuid('lock_contact_id'),
  lockUntil: ts('lock_until'),
  internalCheckAt: ts('internal_check_at'),
  internalCheckBy: uuid('internal_check_by'),
  verLinksSentAt: ts('ver_links_sent_at'),
  merchantId: uuid('merchant_id').references(() => merchants.id),
  goLiveAt: ts('go_live_at'),
  goLiveBy: uuid('go_live_by'),
  createdBy: uuid('created_by'),
  createdAt: createdAtNow(),
});

export const boardingPersons = pgTable(
  'boarding_persons',
  {
    id: uuidPk(),
    accountId: accountRef(),
    data: jsonb('data').$type<PersonInput>().notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    isAs: boolean('is_as').notNull().default(false),
    isLr: boolean('is_lr').notNull().default(false),
    isBo: boolean('is_bo').notNull().default(false),
    isPrincipalSigner: boolean('is_principal_signer').notNull().default(false),
    isPrincipalLegalRep: boolean('is_principal_legal_rep').notNull().default(false),
    verificationStatus: text('verification_status', {
      enum: ['none', 'PENDING', 'ACCEPTED', 'DECLINED', 'DECLINED_AML', 'UNKNOWN'],
    })
      .notNull()
      .default('none'),
    verificationReference: text('verification_reference'),
    verifiedAt: ts('verified_at'),
    passportCheckedAt: ts('passport_checked_at'),
    dataMismatch: boolean('data_mismatch').notNull().default(false),
    questionnaireSignedAt: ts('questionnaire_signed_at'),
    createdAt: createdAtNow(),
  },
  (t) => [
    uniqueIndex('boarding_persons_name_uq').on(
      t.accountId,
      sql`lower(${t.firstName})`,
      sql`lower(${t.lastName})`,
    ),
    uniqueIndex('boarding_persons_email_uq').on(t.accountId, sql`lower(${t.email})`),
    uniqueIndex('boarding_persons_principal_as_uq').on(t.accountId).where(sql`${t.isPrincipalSigner}`),
    uniqueIndex('boarding_persons_principal_lr_uq').on(t.accountId).where(sql`${t.isPrincipalLegalRep}`),
  ],
);

export const boardingContacts = pgTable(
  'boarding_contacts',
  {
    id: uuidPk(),
    accountId: accountRef(),
    personId: uuid('person_id').references(() => boardingPersons.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    position: text('position'),
    // Added by migration 1530 (company contacts in the portal).
    phone: text('phone'),
    isBc: boolean('is_bc').notNull().default(false),
    notifyTechnical: boolean('notify_technical').notNull().default(false),
    notifyFinancial: boolean('notify_financial').notNull().default(false),
    notifyCompliance: boolean('notify_compliance').notNull().default(false),
    notifyOnlineBanking: boolean('notify_online_banking').notNull().default(false),
    passwordHash: text('password_hash'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    blockedUntil: ts('blocked_until'),
    createdAt: createdAtNow(),
  },
  (t) => [uniqueIndex('boarding_contacts_email_uq').on(t.accountId, sql`lower(${t.email})`)],
);

export const boardingSessions = pgTable('boarding_sessions', {
  id: uuidPk(),
  accountId: accountRef(),
  contactId: uuid('contact_id')
    .notNull()
    .references(() => boardingContacts.id, { onDelete: 'cascade' }),
  role: text('role', { enum: ['bc', 'as', 'lr', 'bo'] }),
  purpose: text('purpose', { enum: ['otp', 'boarding', 'verification'] }).notNull(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: createdAtNow(),
});

export const boardingOtps = pgTable('boarding_otps', {
  id: uuidPk(),
  contactId: uuid('contact_id')
    .notNull()
    .references(() => boardingContacts.id, { onDelete: 'cascade' }),
  purpose: text('purpose').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
  createdAt: createdAtNow(),
});

export const boardingFiles = pgTable(
  'boarding_files',
  {
    id: uuidPk(),
    accountId: accountRef(),
    fileType: text('file_type').notNull(),
    fileName: text('file_name').notNull(),
    ext: text('ext', { enum: ['pdf', 'csv'] }).notNull(),
    version: integer('version').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    status: smallint('status').notNull().default(1),
    uploadedBy: uuid('uploaded_by'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [unique().on(t.accountId, t.fileType, t.version)],
);

export const boardingComments = pgTable('boarding_comments', {
  id: uuidPk(),
  accountId: accountRef(),
  subjectType: text('subject_type', { enum: ['file', 'forms', 'person'] }).notNull(),
  subjectId: uuid('subject_id').notNull(),
  author: text('author').notNull(),
  text: text('text').notNull(),
  createdAt: createdAtNow(),
});

export const boardingOffers = pgTable('boarding_offers', {
  id: uuidPk(),
  accountId: accountRef(),
  number: text('number').notNull().unique(),
  status: smallint('status').notNull().default(2),
  letter: jsonb('letter').$type<OfferLetter>().notNull(),
  declineReason: text('decline_reason'),
  decidedAt: ts('decided_at'),
  decidedBy: uuid('decided_by'),
  createdAt: createdAtNow(),
});

export const boardingSignatures = pgTable('boarding_signatures', {
  id: uuidPk(),
  accountId: accountRef(),
  subjectType: text('subject_type', { enum: ['forms', 'questionnaire', 'contract'] }).notNull(),
  subjectId: uuid('subject_id').notNull(),
  personId: uuid('person_id')
    .notNull()
    .references(() => boardingPersons.id),
  signerName: text('signer_name').notNull(),
  signerRole: text('signer_role').notNull(),
  signedAt: ts('signed_at').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  verificationReference: text('verification_reference'),
  documentSha256: text('document_sha256').notNull(),
  sealedSha256: text('sealed_sha256').notNull(),
  storageKey: text('storage_key').notNull(),
  auditId: bigint('audit_id', { mode: 'number' }).notNull(),
});

export const boardingContracts = pgTable('boarding_contracts', {
  id: uuidPk(),
  accountId: accountRef(),
  number: text('number').notNull().unique(),
  type: text('type', { enum: ['main', 'supplementary', 'NDA'] }).notNull(),
  status: smallint('status').notNull().default(1),
  documentKey: text('document_key'),
  offerId: uuid('offer_id').references(() => boardingOffers.id),
  signatureId: uuid('signature_id').references(() => boardingSignatures.id),
  signedAt: ts('signed_at'),
  declinedAt: ts('declined_at'),
  createdAt: createdAtNow(),
});

export const boardingInvoices = pgTable('boarding_invoices', {
  id: uuidPk(),
  accountId: uuid('account_id')
    .notNull()
    .unique()
    .references(() => boardingAccounts.id),
  number: text('number').notNull().unique(),
  amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  currency: text('currency').notNull(),
  status: text('status', { enum: ['issued', 'paid'] })
    .notNull()
    .default('issued'),
  issuedAt: ts('issued_at').notNull(),
  paidAt: ts('paid_at'),
  paymentReference: text('payment_reference'),
});

export const boardingMeetings = pgTable('boarding_meetings', {
  id: uuidPk(),
  accountId: accountRef(),
  contactId: uuid('contact_id')
    .notNull()
    .references(() => boardingContacts.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  startsAt: ts('starts_at').notNull(),
  acceptStatus: text('accept_status', { enum: ['accept', 'tentative', 'decline'] }),
  respondedAt: ts('responded_at'),
  createdAt: createdAtNow(),
});

export const verificationSimChecks = pgTable('verification_sim_checks', {
  reference: text('reference').primaryKey(),
  outcome: text('outcome').notNull(),
  readyAt: ts('ready_at').notNull(),
  createdAt: createdAtNow(),
});
