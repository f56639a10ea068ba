import { z } from 'zod';
import { defineRoute, ok } from '../api/route.ts';
import { approvalProofSchema } from '../confirmations/approval.ts';
import { decimalSchema } from '../payments/payments.schemas.ts';
import { BULK_FORMATS } from './bulk.ts';

const tag = 'bulk-payouts';

/**
 * A batch's life: `invalid` (rows with errors: fix and upload again), `validated` (ready to
 * confirm), `confirmed` (confirmed by its maker, waiting for an approver), `processing` (approved:
 * the payments are being created), `completed`, `discarded`.
 */
export const BULK_BATCH_STATUSES = [
  'invalid',
  'validated',
  'confirmed',
  'processing',
  'completed',
  'discarded',
] as const;
export type BulkBatchStatus = (typeof BULK_BATCH_STATUSES)[number];
/** `statusReport`: the pain.002 status report of an approved pain.001 batch. */
export const BULK_BATCH_ACTIONS = ['confirm', 'approve', 'discard', 'report', 'statusReport'] as const;
export type BulkBatchAction = (typeof BULK_BATCH_ACTIONS)[number];

export const bulkTotalSchema = z.object({
  currency: z.string(),
  amount: decimalSchema,
  count: z.number().int(),
});

export const bulkIssueSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.string()),
  message: z.string(),
  severity: z.enum(['error', 'warning']),
});
export type BulkIssueView = z.infer<typeof bulkIssueSchema>;

export const bulkBatchSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  format: z.enum(BULK_FORMATS),
  status: z.enum(BULK_BATCH_STATUSES),
  /** SHA-256 of the uploaded bytes: the same file uploaded twice has the same hash. */
  file_hash: z.string(),
  row_count: z.number().int(),
  error_rows: z.number().int(),
  warning_rows: z.number().int(),
  totals: z.array(bulkTotalSchema),
  /** Payments made so far and how many the batch makes (its valid rows). */
  done: z.number().int(),
  failed: z.number().int(),
  total: z.number().int(),
  created_at: z.string(),
  uploaded_by: z.string().nullable(),
  confirmed_by: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  approved_by: z.string().nullable(),
  approved_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** An earlier upload of the very same file by this company, if any (a warning, not a refusal). */
  duplicate_of: z
    .object({ id: z.string(), created_at: z.string(), status: z.enum(BULK_BATCH_STATUSES) })
    .nullable(),
  actions: z.array(z.enum(BULK_BATCH_ACTIONS)),
});
export type BulkBatchView = z.infer<typeof bulkBatchSchema>;

/** What the one confirmation of a batch is bound to: its hash, the number of payments and totals. */
export const bulkConfirmationSchema = z.object({
  challenge_id: z.uuid(),
  expires_at: z.string(),
  action: z.enum(['confirm', 'approve']),
  file_hash: z.string(),
  count: z.number().int(),
  totals: z.array(bulkTotalSchema),
  /** Confirming also approves (the user holds approve and approve-own rights). */
  approves: z.boolean(),
});
export type BulkConfirmation = z.infer<typeof bulkConfirmationSchema>;

const idParams = z.object({ id: z.uuid() });
const batchAnswer = ok({ batch: bulkBatchSchema });

/** Largest number of row problems an answer lists; the report and the counts cover the rest. */
export const BULK_ISSUES_SHOWN = 2_000;

/** The pay-out terminal (issue 14): bulk pay-outs from a CSV or pain.001 file. */
export const bulkPayoutRoutes = {
  bulkUpload: defineRoute({
    method: 'POST',
    path: '/payout_terminal/batches',
    summary:
      'Upload a pay-out file (multipart `file`: CSV of the template or ISO 20022 pain.001.001.03/09); every row is validated like a single pay-out',
    tag,
    auth: 'user',
    right: 'payments/createPayout',
    errors: [
      'BULK_FILE_TOO_LARGE',
      'BULK_FILE_TYPE',
      'BULK_NOT_MERCHANT_SERVICE',
      'NOT_FOUND',
      'NO_RIGHTS_CREATE_PAYOUT',
      'PAIN_DEBTOR_ACCOUNT',
      'PAIN_DUPLICATE_MESSAGE',
      'WALLET_NOT_FOUND',
    ],
    response: ok({
      batch: bulkBatchSchema,
      issues: z.array(bulkIssueSchema),
      issue_count: z.number().int(),
    }),
  }),
  bulkList: defineRoute({
    method: 'GET',
    path: '/payout_terminal/batches',
    summary: 'The company’s latest batches, newest first',
    tag,
    auth: 'user',
    errors: ['BULK_NOT_MERCHANT_SERVICE', 'FORBIDDEN'],
    response: ok({ batches: z.array(bulkBatchSchema) }),
  }),
  bulkGet: defineRoute({
    method: 'GET',
    path: '/payout_terminal/batches/:id',
    summary: 'One batch with its progress (done / total)',
    tag,
    auth: 'user',
    errors: ['BULK_BATCH_NOT_FOUND', 'BULK_NOT_MERCHANT_SERVICE', 'FORBIDDEN'],
    params: idParams,
    response: batchAnswer,
  }),
  bulkIssues: defineRoute({
    method: 'GET',
    path: '/payout_terminal/batches/:id/issues',
    summary: 'Row problems of a batch: row, field, code and message',
    tag,
    auth: 'user',
    errors: ['BULK_BATCH_NOT_FOUND', 'BULK_NOT_MERCHANT_SERVICE', 'FORBIDDEN'],
    params: idParams,
    response: ok({ issues: z.array(bulkIssueSchema), issue_count: z.number().int() }),
  }),
  bulkChallenge: defineRoute({
    method: 'POST',
    path: '/payout_terminal/batches/:id/challenge',
    summary: 'Issue the one confirmation of a batch, bound to its hash, count and totals per currency',
    tag,
    auth: 'user',
    errors: [
      'BULK_BATCH_HAS_ERRORS',
      'BULK_BATCH_NOT_FOUND',
      'BULK_BATCH_STATE',
      'BULK_NOT_MERCHANT_SERVICE',
      'FORBIDDEN',
      'NO_RIGHTS_APPROVE',
      'NO_RIGHTS_APPROVE_OWN',
      'NO_RIGHTS_CREATE_PAYOUT',
    ],
    params: idParams,
    body: z.object({ action: z.enum(['confirm', 'approve']) }),
    response: ok({ confirmation: bulkConfirmationSchema }),
  }),
  bulkConfirm: defineRoute({
    method: 'POST',
    path: '/payout_terminal/batches/:id/confirm',
    summary:
      'Confirm a batch with password digest and TOTP code; with approve rights it is approved too and its payments are created',
    tag,
    auth: 'user',
    right: 'payments/createPayout',
    idempotent: true,
    errors: [
      'BULK_BATCH_HAS_ERRORS',
      'BULK_BATCH_NOT_FOUND',
      'BULK_BATCH_STATE',
      'BULK_NOT_MERCHANT_SERVICE',
      'NO_RIGHTS_APPROVE',
      'NO_RIGHTS_APPROVE_OWN',
      'NO_RIGHTS_CREATE_PAYOUT',
    ],
    params: idParams,
    body: approvalProofSchema,
    response: batchAnswer,
  }),
  bulkApprove: defineRoute({
    method: 'POST',
    path: '/payout_terminal/batches/:id/approve',
    summary: 'Approve a confirmed batch (maker-checker) with password digest and TOTP code',
    tag,
    auth: 'user',
    right: 'payments/approve',
    idempotent: true,
    errors: [
      'BULK_BATCH_HAS_ERRORS',
      'BULK_BATCH_NOT_FOUND',
      'BULK_BATCH_STATE',
      'BULK_NOT_MERCHANT_SERVICE',
      'NO_RIGHTS_APPROVE',
      'NO_RIGHTS_APPROVE_OWN',
      'NO_RIGHTS_CREATE_PAYOUT',
    ],
    params: idParams,
    body: approvalProofSchema,
    response: batchAnswer,
  }),
  bulkDiscard: defineRoute({
    method: 'POST',
    path: '/payout_terminal/batches/:id/discard',
    summary: 'Discard a batch that has not been approved; it never makes a payment',
    tag,
    auth: 'user',
    right: 'payments/createPayout',
    idempotent: true,
    errors: [
      'BULK_BATCH_NOT_FOUND',
      'BULK_BATCH_STATE',
      'BULK_NOT_MERCHANT_SERVICE',
      'FORBIDDEN',
      'NO_RIGHTS_CREATE_PAYOUT',
    ],
    params: idParams,
    response: batchAnswer,
  }),
  bulkReport: defineRoute({
    method: 'GET',
    path: '/payout_terminal/batches/:id/report',
    summary: 'Result report of a batch, one CSV line per row (payment id and status, or the error)',
    tag,
    auth: 'user',
    errors: ['BULK_BATCH_NOT_FOUND', 'BULK_NOT_MERCHANT_SERVICE', 'FORBIDDEN'],
    raw: true,
    params: idParams,
    response: z.string(),
  }),
  bulkStatusReport: defineRoute({
    method: 'GET',
    path: '/payout_terminal/batches/:id/status_report',
    summary:
      'ISO 20022 pain.002.001.03 status report of an approved pain.001 batch: group status and each transaction’s status (ACSC, ACSP, PDNG, RJCT) with its reason code',
    tag,
    auth: 'user',
    raw: true,
    errors: ['BULK_NOT_MERCHANT_SERVICE', 'BULK_BATCH_NOT_FOUND', 'BULK_STATUS_REPORT_UNAVAILABLE'],
    params: idParams,
    response: z.string(),
  }),
};
