import { z } from 'zod';
import { defineRoute, ok, pageParams } from '../api/route.ts';
import { currencyCodeSchema } from '../wallets/wallets.schemas.ts';
import { PAYMENT_REQUEST_ACTIONS, PAYMENT_REQUEST_STATUSES } from './rules.ts';

const tag = 'payment-requests';
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
/** The hosted page's link: 32 random bytes, base64url. */
export const PAYMENT_LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const CUSTOMER_LANGUAGES = ['en-gb', 'ru'] as const;
/** How a pay-in was matched: its quoted reference, the request's virtual account, or by hand. */
export const PAYIN_MATCHED_BY = ['reference', 'virtual_account', 'manual'] as const;

/** The virtual account a request collects on (its bank details replace the wallet IBAN). */
export const paymentRequestVaSchema = z.object({
  id: z.string(),
  number: z.string(),
  iban: z.string().nullable(),
  sort_code: z.string().nullable(),
  account_number: z.string(),
  customer_name: z.string(),
});
export type PaymentRequestVa = z.infer<typeof paymentRequestVaSchema>;

export const paymentRequestCreateSchema = z.object({
  /** Amount as typed (checked in the service so each mistake names the field); omitted for an open amount. */
  amount: z.string().max(40).optional(),
  open_amount: z.boolean().default(false),
  currency: currencyCodeSchema.regex(/^[A-Z]{3}$/, 'Choose a currency'),
  /** The merchant's own reference (order number); the matching reference is generated. */
  reference: z.string().trim().min(1, 'Enter a reference').max(35),
  description: z.string().trim().max(140).default(''),
  customer_name: z.string().trim().min(1, 'Enter the customer name').max(70),
  customer_email: z.email('Enter a valid e-mail address').max(254),
  customer_language: z.enum(CUSTOMER_LANGUAGES).default('en-gb'),
  expires_at: z.iso.datetime({ offset: true, message: 'Enter a date and time' }),
  send_email: z.boolean().default(false),
  /** Collect on one of the company's active virtual accounts instead of the wallet IBAN. */
  virtual_account_id: z.coerce.number().int().positive('Choose a virtual account').optional(),
});
export type PaymentRequestCreate = z.input<typeof paymentRequestCreateSchema>;

export const paymentRequestPayinSchema = z.object({
  payment_id: z.string(),
  amount: decimal,
  currency: z.string(),
  payer_name: z.string(),
  payer_iban: z.string().nullable(),
  matched_by: z.enum(PAYIN_MATCHED_BY),
  late: z.boolean(),
  matched_at: z.string(),
  refunded: z.boolean(),
});
export type PaymentRequestPayin = z.infer<typeof paymentRequestPayinSchema>;

export const paymentRequestSchema = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_REQUEST_STATUSES),
  reference: z.string(),
  payment_reference: z.string(),
  description: z.string(),
  currency: z.string(),
  /** Null for an open amount. */
  amount: decimal.nullable(),
  paid_amount: decimal,
  customer_name: z.string(),
  customer_email: z.string(),
  customer_language: z.enum(CUSTOMER_LANGUAGES),
  expires_at: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  emailed_at: z.string().nullable(),
  /** Money arrived after the request was expired, cancelled or refunded (credited, status unchanged). */
  late_payment: z.boolean(),
  wallet_id: z.string(),
  /** Null when the request collects on the wallet IBAN. */
  virtual_account: paymentRequestVaSchema.nullable(),
  link: z.string(),
  actions: z.array(z.enum(PAYMENT_REQUEST_ACTIONS)),
});
export type PaymentRequestView = z.infer<typeof paymentRequestSchema>;

export const paymentRequestListFilterSchema = z.object({
  status: z.enum(PAYMENT_REQUEST_STATUSES).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  /** Part of the reference, payment reference, customer name or e-mail. */
  search: z.string().trim().max(100).optional(),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
});
export type PaymentRequestListFilter = z.input<typeof paymentRequestListFilterSchema>;

export const hostedPaymentSchema = z.object({
  merchant_name: z.string(),
  status: z.enum(PAYMENT_REQUEST_STATUSES),
  payable: z.boolean(),
  currency: z.string(),
  amount: decimal.nullable(),
  paid_amount: decimal,
  description: z.string(),
  merchant_reference: z.string(),
  customer_name: z.string(),
  language: z.enum(CUSTOMER_LANGUAGES),
  expires_at: z.string(),
  beneficiary_name: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
  /** A UK virtual account without an IBAN is paid by sort code and account number (null otherwise). */
  sort_code: z.string().nullable(),
  account_number: z.string().nullable(),
  /** The request collects on a virtual account (its IBAN or number is shown above). */
  virtual_account: z.boolean(),
  /** The unique reference the payer must quote. */
  payment_reference: z.string(),
  /** EPC069-12 payload for EUR requests; null otherwise. */
  epc_qr: z.string().nullable(),
  /** The processing simulator is on: the page may offer "pay by bank (simulator)". */
  simulator: z.boolean(),
});
export type HostedPaymentView = z.infer<typeof hostedPaymentSchema>;

const idParams = z.object({ id: z.uuid() });
const tokenParams = z.object({ token: z.string().regex(PAYMENT_LINK_TOKEN, 'bad link') });
const requestAnswer = ok({ payment_request: paymentRequestSchema });

/** Merchant side: signed-in user of a MerchantService company (checked in the service). */
export const paymentRequestRoutes = {
  paymentRequestCreate: defineRoute({
    method: 'POST',
    path: '/payment_requests',
    summary:
      'Create a payment request (pay-in terminal): amount or open amount, currency, reference, customer, expiry',
    tag,
    auth: 'user',
    idempotent: true,
    errors: [
      'FORBIDDEN',
      'MERCHANT_SERVICE_ONLY',
      'PAYMENT_REQUEST_EXPIRY_INVALID',
      'PAYMENT_REQUEST_NO_WALLET',
      'PAYMENT_REQUEST_VA_CURRENCY',
      'PAYMENT_REQUEST_VA_NOT_ACTIVE',
      'PAYMENT_REQUEST_VA_NOT_FOUND',
      'WALLET_NOT_FOUND',
    ],
    body: paymentRequestCreateSchema,
    response: requestAnswer,
  }),
  paymentRequestList: defineRoute({
    method: 'POST',
    path: '/payment_requests/:page/:rows',
    summary: 'Payment requests of the current MerchantService company, newest first, with filters',
    tag,
    auth: 'user',
    errors: ['MERCHANT_SERVICE_ONLY'],
    params: pageParams,
    body: paymentRequestListFilterSchema,
    response: ok({ payment_requests: z.array(paymentRequestSchema), total: z.number().int() }),
  }),
  paymentRequestGet: defineRoute({
    method: 'GET',
    path: '/payment_requests/request/:id',
    summary: 'One payment request with the pay-ins matched to it',
    tag,
    auth: 'user',
    errors: ['FORBIDDEN', 'MERCHANT_SERVICE_ONLY', 'PAYMENT_REQUEST_NOT_FOUND'],
    params: idParams,
    response: ok({ payment_request: paymentRequestSchema, payins: z.array(paymentRequestPayinSchema) }),
  }),
  paymentRequestCancel: defineRoute({
    method: 'POST',
    path: '/payment_requests/request/:id/cancel',
    summary: 'Cancel an open payment request (nothing paid yet)',
    tag,
    auth: 'user',
    idempotent: true,
    errors: [
      'FORBIDDEN',
      'MERCHANT_SERVICE_ONLY',
      'PAYMENT_REQUEST_ACTION_NOT_ALLOWED',
      'PAYMENT_REQUEST_NOT_FOUND',
    ],
    params: idParams,
    response: requestAnswer,
  }),
  paymentRequestRefund: defineRoute({
    method: 'POST',
    path: '/payment_requests/request/:id/refund',
    summary: 'Refund every pay-in received on the request through the payments refund rules (once)',
    tag,
    auth: 'user',
    right: 'payments/refund',
    idempotent: true,
    errors: [
      'FORBIDDEN',
      'INSUFFICIENT_FUNDS',
      'MERCHANT_SERVICE_ONLY',
      'NO_RIGHTS_REFUND',
      'PAYMENT_REQUEST_NOTHING_TO_REFUND',
      'PAYMENT_REQUEST_NOT_FOUND',
      'PROCESSING_UNAVAILABLE',
      'WALLET_CLOSED',
      'WALLET_NOT_ACTIVE',
      'WALLET_NOT_FOUND',
    ],
    params: idParams,
    body: z.object({ comments: z.string().trim().max(140).default('') }),
    response: requestAnswer,
  }),
  paymentRequestSendEmail: defineRoute({
    method: 'POST',
    path: '/payment_requests/request/:id/send_email',
    summary: "E-mail the hosted payment link to the customer in the customer's language",
    tag,
    auth: 'user',
    errors: [
      'MERCHANT_SERVICE_ONLY',
      'PAYMENT_REQUEST_ACTION_NOT_ALLOWED',
      'PAYMENT_REQUEST_NOT_FOUND',
      'WALLET_NOT_FOUND',
    ],
    params: idParams,
    response: requestAnswer,
  }),
  paymentRequestVirtualAccounts: defineRoute({
    method: 'GET',
    path: '/payment_requests/virtual_accounts',
    summary: "The company's active virtual accounts able to receive the currency (to collect a request on)",
    tag,
    auth: 'user',
    errors: ['MERCHANT_SERVICE_ONLY'],
    query: z.object({ currency: currencyCodeSchema }),
    response: ok({ virtual_accounts: z.array(paymentRequestVaSchema) }),
  }),
  paymentRequestCandidates: defineRoute({
    method: 'GET',
    path: '/payment_requests/request/:id/candidates',
    summary: 'Settled pay-ins in the request currency not matched to any request (for matching by hand)',
    tag,
    auth: 'user',
    errors: ['MERCHANT_SERVICE_ONLY', 'PAYMENT_REQUEST_NOT_FOUND'],
    params: idParams,
    response: ok({
      payins: z.array(paymentRequestPayinSchema.omit({ matched_by: true, late: true, matched_at: true })),
    }),
  }),
  paymentRequestMatch: defineRoute({
    method: 'POST',
    path: '/payment_requests/request/:id/match',
    summary: 'Match an unmatched settled pay-in of the company to the request by hand',
    tag,
    auth: 'user',
    idempotent: true,
    errors: [
      'FORBIDDEN',
      'MERCHANT_SERVICE_ONLY',
      'PAYMENT_REQUEST_ACTION_NOT_ALLOWED',
      'PAYMENT_REQUEST_NOT_FOUND',
      'PAYMENT_REQUEST_PAYIN_NOT_MATCHABLE',
    ],
    params: idParams,
    body: z.object({ payment_id: z.uuid() }),
    response: requestAnswer,
  }),
  hostedPaymentGet: defineRoute({
    method: 'GET',
    path: '/pay/:token',
    summary: 'Public hosted payment page of a request: bank details, unique reference, EPC QR',
    tag,
    auth: 'public',
    errors: ['PAYMENT_LINK_INVALID'],
    params: tokenParams,
    response: ok({ payment: hostedPaymentSchema }),
  }),
  hostedPaymentSimulate: defineRoute({
    method: 'POST',
    path: '/pay/:token/simulate',
    summary: 'Demo only (simulator on): the processing simulator sends the pay-in of the request',
    tag,
    auth: 'public',
    errors: [
      'FORBIDDEN',
      'MERCHANT_SERVICE_ONLY',
      'PAYMENT_LINK_INVALID',
      'PAYMENT_REQUEST_NOT_FOUND',
      'PAYMENT_REQUEST_NOT_PAYABLE',
      'PAYMENT_REQUEST_SIMULATOR_OFF',
      'PAYMENT_REQUEST_SIM_AMOUNT',
      'WALLET_NOT_FOUND',
    ],
    params: tokenParams,
    body: z.object({ amount: z.string().max(40).optional() }),
    response: ok({ payment: hostedPaymentSchema }),
  }),
} as const;
