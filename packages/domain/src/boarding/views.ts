import { z } from 'zod';
import {
  APP_FORM_REVIEW_STATUSES,
  APP_FORM_STATUSES,
  BOARDING_ROLES,
  CONTRACT_TYPES,
  FILE_STATUSES,
  VERIFICATION_STATUSES,
} from '../enums/boarding.ts';
import { CHECKLIST_ITEMS } from './checklist.ts';
import { fieldError } from './field-errors.ts';
import { APP_FILE_TYPE_NAMES } from './files.ts';
import { companyFormSchema, personInputSchema } from './forms.ts';

/** Shapes the boarding calls answer with (JSON field names follow the spec's snake_case). */
export const personViewSchema = personInputSchema.extend({
  id: z.string(),
  is_principal_signer: z.boolean(),
  is_principal_legal_rep: z.boolean(),
  verification_status: z.enum(VERIFICATION_STATUSES),
  verified: z.boolean(),
  questionnaire_signed: z.boolean(),
  data_mismatch: z.boolean(),
});
export type PersonView = z.infer<typeof personViewSchema>;

/** A person in the consolidated lists (auth_signs, legal_reps, beneficial_owners). */
export const personSummarySchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  verified: z.boolean(),
  verification_status: z.enum(VERIFICATION_STATUSES),
  is_principal_signer: z.boolean(),
  is_principal_legal_rep: z.boolean(),
});

export const checklistEntrySchema = z.object({
  item: z.enum(CHECKLIST_ITEMS),
  done: z.boolean(),
  actors: z.array(z.string()),
  mine: z.boolean(),
});

export const formsViewSchema = z.object({
  app_form_status: z.enum(APP_FORM_STATUSES),
  review_status: z.enum(APP_FORM_REVIEW_STATUSES),
  company: companyFormSchema,
  persons: z.array(personViewSchema),
  locked_by: z.object({ role: z.enum(BOARDING_ROLES), until: z.string() }).nullable(),
  updated_at: z.string(),
});

export const fileViewSchema = z.object({
  id: z.string(),
  file_type: z.enum(APP_FILE_TYPE_NAMES as [string, ...string[]]),
  file_name: z.string(),
  version: z.number().int(),
  size: z.number().int(),
  created: z.string(),
  expires_at: z.string(),
  status: z.enum(FILE_STATUSES),
  status_code: z.number().int(),
  comments: z.array(z.object({ author: z.string(), text: z.string(), created: z.string() })),
});
export type FileView = z.infer<typeof fileViewSchema>;

const moneySchema = z.object({ amount: z.string(), currency: z.string() });

/** Offer letter items (spec §3). */
export const offerLetterSchema = z.object({
  client: z.string().trim().min(1).max(200),
  term: z.string().trim().min(1).max(200),
  account_types: z.array(z.string().trim().min(1).max(100)).min(1).max(10),
  payment_options: z.array(z.string().trim().min(1).max(100)).max(20),
  territories: z.array(z.string().trim().min(1).max(100)).min(1).max(50),
  currencies: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Z]{3,5}$/),
    )
    .min(1)
    .max(20),
  default_currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3,5}$/),
  payment_systems: z.array(z.string().trim().min(1).max(50)).max(20),
  minimum_funds: moneySchema,
  expiry_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  condition: z.string().trim().max(2000),
  fee: z.string().trim().min(1).max(2000),
});
export type OfferLetter = z.infer<typeof offerLetterSchema>;

export const offerViewSchema = z.object({
  id: z.string(),
  number: z.string(),
  created: z.string(),
  status: z.enum(['declined', 'created', 'approved', 'converted']),
  status_code: z.number().int(),
  letter: offerLetterSchema,
  decided_at: z.string().nullable(),
});

export const contractViewSchema = z.object({
  id: z.string(),
  number: z.string(),
  type: z.enum(CONTRACT_TYPES),
  created: z.string(),
  status: z.enum(['declined', 'initialized', 'created', 'signed']),
  status_code: z.number().int(),
  signed_at: z.string().nullable(),
  signature_id: z.string().nullable(),
});

export const invoiceViewSchema = z.object({
  number: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(['issued', 'paid']),
  issued_at: z.string(),
  paid_at: z.string().nullable(),
  payment_reference: z.string().nullable(),
});

export const signatureViewSchema = z.object({
  id: z.string(),
  subject: z.enum(['forms', 'questionnaire', 'contract']),
  signer: z.string(),
  signer_role: z.string(),
  signed_at: z.string(),
  document_sha256: z.string(),
  sealed_sha256: z.string(),
  verification_reference: z.string().nullable(),
});

export const contactViewSchema = z.object({
  uuid: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  position: z.string().nullable(),
  is_as: z.boolean(),
  is_lr: z.boolean(),
  is_bo: z.boolean(),
  from_forms: z.boolean(),
  notify_on_technical_issues: z.boolean(),
  notify_on_financial_issues: z.boolean(),
  notify_on_compliance_issues: z.boolean(),
  notify_on_online_banking: z.boolean(),
});

export const contactNotifySchema = z.object({
  notify_on_technical_issues: z.boolean(),
  notify_on_financial_issues: z.boolean(),
  notify_on_compliance_issues: z.boolean(),
  notify_on_online_banking: z.boolean(),
});

/** Signature drawn in the browser: a PNG data URL (checked on the server: magic bytes, size, not blank). */
export const signatureInputSchema = z.object({
  signature: z
    .string()
    .max(700_000, fieldError('SIGNATURE_TOO_LARGE'))
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, fieldError('SIGNATURE_REQUIRED')),
});
