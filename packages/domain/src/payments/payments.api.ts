import { z } from 'zod';
import { defineRoute, ok, pageParams } from '../api/route.ts';
import { PAYMENT_METHOD_DIRECTIONS } from '../enums/payments.ts';
import { approvalConfirmationSchema, approvalProofSchema } from '../confirmations/approval.ts';
import { CHECK_RULE_METHODS, MASS_ACTION_MAX, REQUISITE_FIELDS } from './methods.ts';
import {
  confirmationSchema,
  decimalSchema,
  paymentDetailsSchema,
  paymentFiltersSchema,
  paymentMethodSchema,
  paymentSchema,
  payoutPathSchema,
  WORK_MODES,
} from './payments.schemas.ts';
import { CONFIRMATION_REFUSALS } from '../confirmations/confirmation-refusals.ts';

const tag = 'payments';
const idParams = z.object({ id: z.uuid() });
const paymentAnswer = ok({ payment: paymentSchema });
const reasonBody = z.object({ reason: z.string().trim().min(1).max(500) });

const methodSchema = z.object({
  code: paymentMethodSchema,
  label: z.string(),
  currencies: z.array(z.string()),
  requisites: z.array(
    z.object({
      field: z.enum(REQUISITE_FIELDS),
      required: z.boolean(),
      format: z.string().nullable(),
      max_length: z.number().int(),
    }),
  ),
  min_amount: z.string().nullable(),
  max_amount: z.string().nullable(),
  check_rules: z.array(z.enum(Object.keys(CHECK_RULE_METHODS) as [keyof typeof CHECK_RULE_METHODS])),
  stoppable: z.boolean(),
  cop: z.boolean(),
});

export const paymentsRoutes = {
  paymentMethods: defineRoute({
    method: 'GET',
    path: '/merchant_payment_methods/:direction/:merchantId/:currency',
    summary: "Payment methods of the caller's company for a direction; currency 'all' or a code",
    tag,
    auth: 'user',
    errors: ['NOT_FOUND'],
    params: z.object({
      direction: z.enum(PAYMENT_METHOD_DIRECTIONS),
      merchantId: z.uuid(),
      currency: z.string().regex(/^(all|[A-Z]{3,5})$/),
    }),
    response: ok({ merchant_payment_methods: z.array(methodSchema) }),
  }),
  payoutChallenge: defineRoute({
    method: 'POST',
    path: '/payments/pay_out_challenge/:walletId/:method',
    summary:
      'Validate a pay-out and issue its confirmation challenge (amount, currency, payee, nonce, expiry)',
    tag,
    auth: 'user',
    right: 'payments/createPayout',
    errors: [
      'PAYMENT_METHOD_NOT_AVAILABLE',
      'WALLET_NOT_FOUND',
      'WALLET_CLOSED',
      'WALLET_DISABLED',
      'INTERMEDIARY_BIC_UNKNOWN',
    ],
    params: payoutPathSchema,
    body: z.object({ payment_details: paymentDetailsSchema }),
    response: ok({ confirmation: confirmationSchema }),
  }),
  createPayout: defineRoute({
    method: 'POST',
    path: '/payments/create_pay_out/:walletId/:method',
    summary: 'Create a pay-out confirmed by password digest and TOTP code against its challenge',
    tag,
    auth: 'user',
    right: 'payments/createPayout',
    idempotent: true,
    errors: [
      'PAYMENT_METHOD_NOT_AVAILABLE',
      'WALLET_NOT_FOUND',
      'WALLET_CLOSED',
      'WALLET_DISABLED',
      'INTERMEDIARY_BIC_UNKNOWN',
      'PROCESSING_UNAVAILABLE',
      ...CONFIRMATION_REFUSALS,
      'INSUFFICIENT_BALANCE_NOT_APPROVED',
    ],
    params: payoutPathSchema,
    body: approvalProofSchema.extend({ payment_details: paymentDetailsSchema }),
    response: paymentAnswer,
  }),
  listPayments: defineRoute({
    method: 'POST',
    path: '/payments/list/:workMode/:page/:rows',
    summary: 'Payments of the company: filters, sort and SQL paging; total counted up to 10,000',
    tag,
    auth: 'user',
    errors: ['FORBIDDEN', 'WALLET_NOT_FOUND'],
    params: pageParams.extend({ workMode: z.enum(WORK_MODES) }),
    body: paymentFiltersSchema,
    response: ok({ payments: z.array(paymentSchema), total: z.number().int(), total_capped: z.boolean() }),
  }),
  exportPayments: defineRoute({
    method: 'POST',
    path: '/payments/export/:workMode',
    summary: 'CSV of the filtered list, first 10,000 rows (header X-Export-Truncated when cut)',
    tag,
    auth: 'user',
    errors: ['FORBIDDEN', 'WALLET_NOT_FOUND'],
    raw: true,
    params: z.object({ workMode: z.enum(WORK_MODES) }),
    body: paymentFiltersSchema,
    response: z.string(),
  }),
  paymentBalances: defineRoute({
    method: 'POST',
    path: '/payments/balances',
    summary:
      "Pay-in and pay-out balance: settled and pending sums per currency for a period, and the accounts' money in and out (fees included) of the same period",
    tag,
    auth: 'user',
    errors: ['FORBIDDEN', 'WALLET_NOT_FOUND'],
    body: paymentFiltersSchema,
    response: ok({
      balances: z.array(
        z.object({
          currency: z.string(),
          payin_settled: decimalSchema,
          payin_pending: decimalSchema,
          payout_settled: decimalSchema,
          payout_pending: decimalSchema,
          payin_quantity: z.number().int(),
          payout_quantity: z.number().int(),
          /** Every credit of the company's accounts in the period (ledger, the account details' figure). */
          account_in: decimalSchema,
          /** Every debit in the period: pay-outs, fees, exchanges, on-chain sends, transfers. */
          account_out: decimalSchema,
        }),
      ),
    }),
  }),
  getPayment: defineRoute({
    method: 'GET',
    path: '/payments/:id',
    summary: 'One payment of the company with its status history',
    tag,
    auth: 'user',
    errors: ['PAYMENT_NOT_FOUND'],
    params: idParams,
    response: ok({
      payment: paymentSchema,
      history: z.array(
        z.object({
          status: z.string(),
          at: z.string(),
          actor: z.string().nullable(),
          note: z.string().nullable(),
        }),
      ),
    }),
  }),
  approvalChallenge: defineRoute({
    method: 'POST',
    path: '/payments/approve_challenge',
    summary:
      'Issue the approval confirmation for one or several created pay-outs: each amount, currency, payee and account, and the totals per currency',
    tag,
    auth: 'user',
    right: 'payments/approve',
    errors: ['PAYMENT_NOT_FOUND'],
    body: z.object({ ids: z.array(z.uuid()).min(1).max(MASS_ACTION_MAX) }),
    response: ok({ confirmation: approvalConfirmationSchema }),
  }),
  approvePayment: defineRoute({
    method: 'POST',
    path: '/payments/approve/:id',
    summary:
      'Approve a created pay-out confirmed by password digest and TOTP code against its approval challenge: funds are held and it goes to the rail',
    tag,
    auth: 'user',
    right: 'payments/approve',
    idempotent: true,
    errors: [
      'PAYMENT_NOT_FOUND',
      'PAYMENT_ACTION_NOT_ALLOWED',
      'NO_RIGHTS_APPROVE_OWN',
      'APPROVAL_CONFIRMATION_REQUIRED',
      ...CONFIRMATION_REFUSALS,
      'INSUFFICIENT_BALANCE_NOT_APPROVED',
      'PROCESSING_UNAVAILABLE',
    ],
    params: idParams,
    body: approvalProofSchema,
    response: paymentAnswer,
  }),
  cancelPayment: defineRoute({
    method: 'POST',
    path: '/payments/cancel/:id',
    summary: 'Cancel a created pay-out, or stop a pending one free of charge where the rail allows',
    tag,
    auth: 'user',
    right: 'payments/cancel',
    idempotent: true,
    errors: ['PAYMENT_NOT_FOUND', 'PAYMENT_ACTION_NOT_ALLOWED', 'PAYMENT_NOT_STOPPABLE'],
    params: idParams,
    response: paymentAnswer,
  }),
  refundPayment: defineRoute({
    method: 'POST',
    path: '/payments/refund/:id',
    summary: 'Refund a settled pay-in once, for the full amount (a new outbound payment)',
    tag,
    auth: 'user',
    right: 'payments/refund',
    idempotent: true,
    errors: ['PAYMENT_NOT_FOUND', 'PAYMENT_ACTION_NOT_ALLOWED', 'REFUND_ALREADY_DONE', 'INSUFFICIENT_FUNDS'],
    params: idParams,
    body: z.object({ comments: z.string().trim().max(140).default('') }),
    response: paymentAnswer,
  }),
  recallPayment: defineRoute({
    method: 'POST',
    path: '/payments/recall/:id',
    summary: 'Ask the payee bank to send a settled pay-out back (once per payment)',
    tag,
    auth: 'user',
    idempotent: true,
    errors: ['FORBIDDEN', 'PAYMENT_NOT_FOUND', 'PAYMENT_ACTION_NOT_ALLOWED', 'RECALL_ALREADY_EXISTS'],
    params: idParams,
    body: reasonBody,
    response: paymentAnswer,
  }),
  disputePayment: defineRoute({
    method: 'POST',
    path: '/payments/dispute/:id',
    summary: 'Open a dispute on a settled payment (once per payment)',
    tag,
    auth: 'user',
    errors: ['FORBIDDEN', 'PAYMENT_NOT_FOUND', 'PAYMENT_ACTION_NOT_ALLOWED', 'DISPUTE_ALREADY_EXISTS'],
    params: idParams,
    body: reasonBody,
    response: paymentAnswer,
  }),
  massAction: defineRoute({
    method: 'POST',
    path: '/payments/mass_action',
    summary: 'Approve or cancel up to 100 selected payments; failures listed per payment',
    tag,
    auth: 'user',
    idempotent: true,
    errors: [
      'NO_RIGHTS_APPROVE',
      'NO_RIGHTS_CANCEL',
      'MASS_ACTION_TOO_MANY',
      'PAYMENT_NOT_FOUND',
      'APPROVAL_CONFIRMATION_REQUIRED',
      ...CONFIRMATION_REFUSALS,
    ],
    // Approving needs the confirmation bound to exactly these ids; cancelling does not.
    body: z
      .object({ action: z.enum(['approve', 'cancel']), ids: z.array(z.uuid()).min(1) })
      .extend(approvalProofSchema.partial().shape),
    response: ok({
      done: z.array(z.string()),
      failed: z.array(z.object({ id: z.string(), code: z.string(), message: z.string() })),
    }),
  }),
  dataForCopy: defineRoute({
    method: 'GET',
    path: '/transactions/get_data_for_copy/:id',
    summary: 'Details of a pay-out to pre-fill a new payment form',
    tag,
    auth: 'user',
    errors: ['PAYMENT_NOT_FOUND'],
    params: idParams,
    response: ok({
      wallet_id: z.string(),
      payment_method: paymentMethodSchema,
      payment_details: paymentDetailsSchema.omit({ template_id: true }),
    }),
  }),
};
