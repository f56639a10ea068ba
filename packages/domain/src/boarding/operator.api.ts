import { z } from 'zod';
import { fieldError } from './field-errors.ts';
import { defineRoute, ok, pageParams } from '../api/route.ts';
import { APP_FORM_REVIEW_STATUSES, APP_FORM_STATUSES, CONTRACT_TYPES } from '../enums/boarding.ts';
import { PLATFORM_LABELS } from '../platform/platform.ts';
import { currencyCodeSchema } from '../wallets/wallets.schemas.ts';
import { formsViewSchema } from './views.ts';
import {
  checklistEntrySchema,
  contractViewSchema,
  fileViewSchema,
  invoiceViewSchema,
  offerLetterSchema,
  offerViewSchema,
  signatureViewSchema,
} from './views.ts';

/** The operator console for boarding (admin groups). */
const tag = 'operator';
const rec = z.object({ uuid: z.uuid(fieldError('NOT_FOUND')) });
const amount = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,8})?$/, fieldError('NOT_NUMERIC'));

export const BOARDING_STATES = ['in_progress', 'live'] as const;

export const boardingRowSchema = z.object({
  uuid: z.string(),
  account_name: z.string(),
  partner: z.string().nullable(),
  state: z.enum(BOARDING_STATES),
  app_form_status: z.enum(APP_FORM_STATUSES),
  review_status: z.enum(APP_FORM_REVIEW_STATUSES),
  checklist_done: z.number().int(),
  checklist_total: z.number().int(),
  created: z.string(),
  merchant_id: z.string().nullable(),
});

export const operatorRoutes = {
  opBoardingCreate: defineRoute({
    method: 'POST',
    path: '/operator/boarding',
    tag,
    auth: 'admin',
    idempotent: true,
    summary: 'Create a boarding record and mail the boarding link (role bc) to its contact',
    body: z.object({
      company_name: z.string().trim().min(1).max(200),
      contact_email: z.email(fieldError('EMAIL_INVALID')).max(200, fieldError('TOO_LONG', { max: 200 })),
      contact_first_name: z.string().trim().min(1).max(100),
      contact_last_name: z.string().trim().min(1).max(100),
      partner: z.string().trim().max(200).optional(),
      platform: z.enum(PLATFORM_LABELS).optional(),
    }),
    response: ok({ uuid: z.string() }),
  }),
  opBoardingList: defineRoute({
    method: 'POST',
    path: '/operator/boarding/list/:page/:rows',
    tag,
    auth: 'admin',
    summary: 'Boarding records with their state, newest first',
    params: pageParams,
    body: z.object({
      filter_value: z.string().trim().max(200).optional(),
      state: z.enum(BOARDING_STATES).optional(),
    }),
    response: ok({ rows: z.array(boardingRowSchema), total: z.number().int() }),
  }),
  opBoardingGet: defineRoute({
    method: 'GET',
    path: '/operator/boarding/:uuid',
    tag,
    auth: 'admin',
    errors: ['NOT_FOUND'],
    params: rec,
    summary: 'Everything about one boarding record',
    response: ok({
      record: boardingRowSchema,
      forms: formsViewSchema,
      files: z.array(fileViewSchema),
      offers: z.array(offerViewSchema),
      contracts: z.array(contractViewSchema),
      invoice: invoiceViewSchema.nullable(),
      signatures: z.array(signatureViewSchema),
      checklist: z.array(checklistEntrySchema),
    }),
  }),
  opInternalCheck: defineRoute({
    method: 'POST',
    path: '/operator/boarding/:uuid/internal-check',
    tag,
    auth: 'admin',
    errors: ['BOARDING_FINISHED', 'BOARDING_STATE', 'NOT_FOUND'],
    params: rec,
    summary: 'Internal check of submitted forms: approve, or decline back to draft with a comment',
    body: z.object({
      decision: z.enum(['approve', 'decline']),
      comment: z.string().trim().max(2000).optional(),
    }),
    response: ok({
      review_status: z.enum(APP_FORM_REVIEW_STATUSES),
      app_form_status: z.enum(APP_FORM_STATUSES),
    }),
  }),
  opFileReview: defineRoute({
    method: 'POST',
    path: '/operator/boarding/:uuid/files/:id/review',
    tag,
    auth: 'admin',
    errors: ['FILE_EXPIRED', 'FILE_STATUS', 'NOT_FOUND'],
    summary: 'Verify, decline or comment a file (comment with ask=true waits for the applicant)',
    params: rec.extend({ id: z.uuid(fieldError('NOT_FOUND')) }),
    body: z.object({
      action: z.enum(['verify', 'decline', 'comment']),
      comment: z.string().trim().max(2000).optional(),
      ask: z.boolean().optional(),
    }),
    response: ok({ file: fileViewSchema }),
  }),
  opFileDownload: defineRoute({
    method: 'GET',
    path: '/operator/boarding/:uuid/files/:id/download',
    tag,
    auth: 'admin',
    errors: ['NOT_FOUND'],
    raw: true,
    summary: 'Download a file',
    params: rec.extend({ id: z.uuid(fieldError('NOT_FOUND')) }),
    response: z.unknown(),
  }),
  opAmlDecision: defineRoute({
    method: 'POST',
    path: '/operator/boarding/:uuid/persons/:id/aml',
    tag,
    auth: 'admin',
    errors: ['BOARDING_STATE', 'NOT_FOUND'],
    summary: 'Manual approval or decline of a DECLINED_AML verification',
    params: rec.extend({ id: z.uuid(fieldError('NOT_FOUND')) }),
    body: z.object({ decision: z.enum(['approve', 'decline']), comment: z.string().trim().min(1).max(2000) }),
    response: ok({ verification_status: z.string() }),
  }),
  opOfferCreate: defineRoute({
    method: 'POST',
    path: '/operator/boarding/:uuid/offers',
    tag,
    auth: 'admin',
    params: rec,
    idempotent: true,
    errors: ['BOARDING_FINISHED', 'NOT_FOUND'],
    summary: 'Create an offer',
    body: offerLetterSchema,
    response: ok({ offer: offerViewSchema }),
  }),
  opContractCreate: defineRoute({
    method: 'POST',
    path: '/operator/boarding/:uuid/contracts',
    tag,
    auth: 'admin',
    params: rec,
    idempotent: true,
    errors: ['BOARDING_FINISHED', 'BOARDING_STATE', 'NOT_FOUND'],
    summary: 'Create a contract (main needs an approved offer)',
    body: z.object({ type: z.enum(CONTRACT_TYPES) }),
    response: ok({ contract: contractViewSchema }),
  }),
  opInvoiceIssue: defineRoute({
    method: 'POST',
    path: '/operator/boarding/:uuid/invoice',
    tag,
    auth: 'admin',
    params: rec,
    idempotent: true,
    errors: ['BOARDING_FINISHED', 'BOARDING_STATE', 'NOT_FOUND'],
    summary: 'Issue the boarding invoice',
    body: z.object({ amount, currency: currencyCodeSchema.regex(/^[A-Z]{3}$/) }),
    response: ok({ invoice: invoiceViewSchema }),
  }),
  opInvoicePaid: defineRoute({
    method: 'POST',
    path: '/operator/boarding/:uuid/invoice/paid',
    tag,
    auth: 'admin',
    errors: ['BOARDING_FINISHED', 'BOARDING_STATE', 'NOT_FOUND'],
    params: rec,
    summary: 'Mark the invoice paid (simulated payment)',
    body: z.object({ payment_reference: z.string().trim().max(100).optional() }),
    response: ok({ invoice: invoiceViewSchema }),
  }),
  opMeetingCreate: defineRoute({
    method: 'POST',
    path: '/operator/boarding/:uuid/meetings',
    tag,
    auth: 'admin',
    errors: ['NOT_FOUND'],
    params: rec,
    summary: 'Invite a related person to a meeting (mail with accept/tentative/decline links)',
    body: z.object({
      person_id: z.uuid(),
      title: z.string().trim().min(1).max(200),
      starts_at: z.iso.datetime({ offset: true }),
    }),
    response: ok({ meeting_id: z.string() }),
  }),
  opGoLive: defineRoute({
    method: 'POST',
    path: '/operator/boarding/:uuid/go-live',
    tag,
    auth: 'admin',
    params: rec,
    idempotent: true,
    errors: ['BOARDING_FINISHED', 'GO_LIVE_NOT_READY', 'NOT_FOUND', 'noPrincipal'],
    summary: 'Approve go-live: creates the live company, its wallets and invites its Master User',
    response: ok({ merchant_id: z.string(), master_email: z.string() }),
  }),
};
