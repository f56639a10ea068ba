import { z } from 'zod';
import { defineRoute, ok, pageParams, positiveInt, sortOrder } from '../api/route.ts';
import { RIGHT_ACTIONS } from '../identity/action-rights.ts';
import { secretCodeSchema } from '../payments/payments.schemas.ts';
import { currencyCodeSchema } from '../wallets/wallets.schemas.ts';
import { VA_ACTIONS, VA_LEVELS } from './va-codes.ts';
import {
  corporateVaRequestSchema,
  individualVaRequestSchema,
  vaacCodeSchema,
  vaCheckRuleSchema,
  vaCountrySchema,
  vaDocumentViewSchema,
  vaGroupSchema,
  vaRequestDetailSchema,
  vaRequestRowSchema,
  vaRequestStatusSchema,
  vaStatusSchema,
  virtualAccountSchema,
} from './va.schemas.ts';

const tag = 'virtual-accounts';
const LIST_RIGHT = 'wallets/accGetWalletsByMerchant';
const passwordHash = z.string().regex(/^[0-9a-f]{128}$/i, 'Send the SHA-512 hex of the password.');

/** Proof of a confirmation (spec §7 password digest + secret_code) for the challenge shown before. */
const proofShape = {
  challenge_id: z.uuid(),
  password: passwordHash,
  secret_code: secretCodeSchema,
};

const ibanFilter = {
  filter_param: z.enum(['iban_number', 'client_customer_id', 'client_customer_name']).optional(),
  filter_value: z.string().max(60).optional(),
};

export const VA_SORT_PARAMS = ['created', 'iban_number', 'client_customer_name', 'status'] as const;
export const VA_REQUEST_SORT_PARAMS = ['created', 'status', 'customer_name'] as const;

export const vaListBodySchema = z.object({
  wallet_id: z.coerce.number().int().positive(),
  iban_status: vaStatusSchema.optional(),
  ...ibanFilter,
  sort_param: z.enum(VA_SORT_PARAMS).default('created'),
  sort_order: sortOrder.default('desc'),
  iban_level: z.coerce.number().int().min(1).max(9).optional(),
  iban_check_rule_code: vaCheckRuleSchema.optional(),
});

export const vaRequestListBodySchema = z.object({
  wallet_id: z.coerce.number().int().positive().optional(),
  request_status: vaRequestStatusSchema.optional(),
  filter_param: z.enum(['customer_name', 'client_customer_id']).optional(),
  filter_value: z.string().max(60).optional(),
  sort_param: z.enum(VA_REQUEST_SORT_PARAMS).default('created'),
  sort_order: sortOrder.default('desc'),
});

/** `ibans/actions/{action}/{wallet}` body (spec §7): the VA by IBAN or bank code + account number. */
export const vaActionBodySchema = z.object({
  merchant_id: z.uuid().optional(),
  reason: vaacCodeSchema.optional(),
  iban: z.string().trim().max(34).optional(),
  bankCode: z.string().trim().max(20).optional(),
  bankAccountNumber: z.string().trim().max(20).optional(),
  ...proofShape,
});

export const vaChallengeBodySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('va_request_individual'), iban_details: individualVaRequestSchema }),
  z.object({ kind: z.literal('va_request_corporate'), iban_details: corporateVaRequestSchema }),
  z.object({
    kind: z.literal('va_create_corporate'),
    merchant_id: z.uuid().optional(),
    iban_request_uuid: z.uuid(),
    iban_details: corporateVaRequestSchema,
  }),
  z.object({
    kind: z.literal('va_action'),
    action: z.enum(VA_ACTIONS),
    wallet_id: positiveInt,
    reason: vaacCodeSchema.optional(),
    iban: z.string().trim().max(34).optional(),
    bankCode: z.string().trim().max(20).optional(),
    bankAccountNumber: z.string().trim().max(20).optional(),
  }),
]);
export type VaChallengeBody = z.output<typeof vaChallengeBodySchema>;

const groupBodySchema = z.object({
  name: z.string().trim().min(1).max(80),
  country: vaCountrySchema,
  check_rule_code: vaCheckRuleSchema,
  level: z.coerce
    .number()
    .int()
    .min(1)
    .max(Math.max(...VA_LEVELS)),
  bank: z.string().trim().min(1).max(120),
  bank_address: z.string().trim().min(1).max(200),
  bic: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'Invalid BIC.'),
  /** GB: 4 bank letters of the BBAN (CLRL); empty elsewhere. */
  bank_letters: z.string().trim().toUpperCase().max(4).default(''),
  /** Sort code, national bank code, BSB or routing number the range sits under. */
  prefix: z
    .string()
    .trim()
    .regex(/^\d{3,12}$/, 'Digits only.'),
  range_from: z.coerce.number().int().min(0),
  range_to: z.coerce.number().int().min(0),
  limit: z.coerce.number().int().min(0).max(10_000_000),
});
export type VaGroupBody = z.output<typeof groupBodySchema>;

export const virtualAccountRoutes = {
  vaList: defineRoute({
    method: 'POST',
    path: '/wallets/virtual_ibans/:size/:page',
    summary:
      'Virtual accounts of a wallet (spec §7 wallets/ibans/{size}/{page} body): status, level, check rule, IBAN filter',
    tag,
    auth: 'user',
    right: LIST_RIGHT,
    errors: ['IBAN_FILTER_INVALID', 'WALLET_NOT_FOUND'],
    params: z.object({ size: pageParams.shape.rows, page: pageParams.shape.page }),
    body: vaListBodySchema,
    response: ok({
      wallet_ibans: z.array(virtualAccountSchema),
      quantity: z.number().int(),
      page: z.number().int(),
      forcedPageOne: z.boolean(),
    }),
  }),
  vaGroups: defineRoute({
    method: 'GET',
    path: '/iban_groups/:page/:rows',
    summary: 'VA groups assigned to the current company, with limit and numbers left',
    tag,
    auth: 'user',
    right: LIST_RIGHT,
    errors: ['FORBIDDEN'],
    params: pageParams,
    response: ok({ iban_groups: z.array(vaGroupSchema), quantity: z.number().int() }),
  }),
  vaRequests: defineRoute({
    method: 'POST',
    path: '/wallets/ibans/requests/:page/:rows',
    summary: 'VA requests of the current company with status filter',
    tag,
    auth: 'user',
    right: LIST_RIGHT,
    errors: ['FORBIDDEN', 'WALLET_NOT_FOUND'],
    params: pageParams,
    body: vaRequestListBodySchema,
    response: ok({ iban_requests: z.array(vaRequestRowSchema), quantity: z.number().int() }),
  }),
  vaRequestGet: defineRoute({
    method: 'GET',
    path: '/wallets/ibans/request/:uuid',
    summary: 'One VA request with its details and history',
    tag,
    auth: 'user',
    right: LIST_RIGHT,
    errors: ['FORBIDDEN', 'MERCHANT_SERVICE_ONLY', 'VA_REQUEST_NOT_FOUND'],
    params: z.object({ uuid: z.uuid() }),
    response: ok({ iban_request: vaRequestDetailSchema }),
  }),
  vaDocumentUpload: defineRoute({
    method: 'POST',
    path: '/wallets/ibans/documents/upload',
    summary:
      'Upload one document for a VA request (multipart `file`, PDF or CSV, checked by content); the request names it by id',
    tag,
    auth: 'user',
    right: LIST_RIGHT,
    errors: [
      'FILE_UPLOAD_ERROR',
      'FORBIDDEN',
      'NOT_FOUND',
      'NO_RIGHTS_CREATE_PAYOUT',
      'NO_RIGHTS_VA_CORPORATE',
    ],
    response: ok({ document: vaDocumentViewSchema }),
  }),
  vaDocumentGet: defineRoute({
    method: 'GET',
    path: '/wallets/ibans/request/:uuid/documents/:id',
    summary: "A document of one of the company's VA requests (download)",
    tag,
    auth: 'user',
    right: LIST_RIGHT,
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    raw: true,
    params: z.object({ uuid: z.uuid('Not found.'), id: z.uuid('Not found.') }),
    response: z.unknown(),
  }),
  vaChallenge: defineRoute({
    method: 'POST',
    path: '/wallets/ibans/challenge',
    summary:
      'Confirmation challenge of a VA request or action: what the user confirms with password and code',
    tag,
    auth: 'user',
    right: LIST_RIGHT,
    errors: [
      'FORBIDDEN',
      'VA_CLOSED',
      'VA_CUSTOMER_ACCOUNTS_NOT_ALLOWED',
      'VA_DOCUMENT_NOT_FOUND',
      'VA_GROUP_NOT_FOUND',
      'VA_NOT_FOUND',
      'VA_NO_GROUPS',
      'VA_REASON_NOT_ALLOWED',
      'VA_WALLET_NOT_ACTIVE',
      'WALLET_NOT_FOUND',
    ],
    body: vaChallengeBodySchema,
    response: ok({
      confirmation: z.object({
        challenge_id: z.string(),
        expires_at: z.string(),
        summary: z.record(z.string(), z.string()),
      }),
    }),
  }),
  vaRequestCreate: defineRoute({
    method: 'POST',
    path: '/wallets/ibans/requests/create/:x',
    summary: 'Request an individual or corporate VA, confirmed with password digest and TOTP',
    tag,
    auth: 'user',
    idempotent: true,
    errors: [
      'FORBIDDEN',
      'INSUFFICIENT_FUNDS',
      'MERCHANT_SERVICE_ONLY',
      'VA_CUSTOMER_ACCOUNTS_NOT_ALLOWED',
      'VA_DOCUMENT_NOT_FOUND',
      'VA_GROUP_NOT_FOUND',
      'VA_NO_GROUPS',
      'VA_REQUEST_NOT_FOUND',
      'VA_REQUEST_NOT_OPEN',
      'VA_WALLET_NOT_ACTIVE',
      'WALLET_NOT_FOUND',
    ],
    params: z.object({ x: z.enum(['individual', 'corporate']) }),
    body: z.object({ iban_details: z.unknown(), ...proofShape }),
    response: ok({ iban_request: vaRequestRowSchema }),
  }),
  vaCreateCorporate: defineRoute({
    method: 'POST',
    path: '/wallets/ibans/create/corporate',
    summary:
      'Another corporate VA for a customer whose earlier request was allocated: approved and allocated at once',
    tag,
    auth: 'user',
    right: 'virtualAccounts/requestCorporate',
    idempotent: true,
    errors: [
      'FORBIDDEN',
      'VA_ACCOUNT_HOLDER_DATA_ABSENT',
      'VA_CUSTOMER_ACCOUNTS_NOT_ALLOWED',
      'VA_DOCUMENT_NOT_FOUND',
      'VA_GROUP_NOT_FOUND',
      'VA_MISSING_COMPANY_UUID',
      'VA_NO_FREE_GROUPS',
      'VA_NO_GROUPS',
      'VA_REGISTRANT_DATA_NOT_IMPORTED',
      'VA_REQUEST_NOT_FOUND',
      'VA_REQUEST_NOT_OPEN',
      'VA_WALLET_NOT_ACTIVE',
      'WALLET_NOT_FOUND',
    ],
    body: z.object({
      merchant_id: z.uuid().optional(),
      iban_request_uuid: z.uuid(),
      iban_details: corporateVaRequestSchema,
      ...proofShape,
    }),
    response: ok({ iban_request: vaRequestRowSchema, virtual_account: virtualAccountSchema }),
  }),
  vaRequestCancel: defineRoute({
    method: 'POST',
    path: '/wallets/ibans/requests/cancel/:uuid',
    summary: 'Cancel an open VA request of the company',
    tag,
    auth: 'user',
    right: LIST_RIGHT,
    errors: ['FORBIDDEN', 'MERCHANT_SERVICE_ONLY', 'VA_REQUEST_NOT_FOUND', 'VA_REQUEST_NOT_OPEN'],
    params: z.object({ uuid: z.uuid() }),
    response: ok({ iban_request: vaRequestRowSchema }),
  }),
  vaInfo: defineRoute({
    method: 'GET',
    path: '/wallets/ibans/get_iban_info/:walletId/:vaId',
    summary: "A VA's banking details; 'syncing' until the simulated bank sync is done",
    tag,
    auth: 'user',
    right: LIST_RIGHT,
    errors: [
      'FORBIDDEN',
      'VA_BANKING_DETAILS_SYNCING',
      'VA_NOT_FOUND',
      'VA_REQUEST_NOT_OPEN',
      'WALLET_NOT_FOUND',
    ],
    params: z.object({ walletId: positiveInt, vaId: positiveInt }),
    response: ok({ virtual_account: virtualAccountSchema }),
  }),
  vaAction: defineRoute({
    method: 'POST',
    path: '/wallets/ibans/actions/:action/:walletId',
    summary: 'Disable, enable or close a VA with a VAAC reason, confirmed with password digest and TOTP',
    tag,
    auth: 'user',
    idempotent: true,
    errors: [
      'FORBIDDEN',
      'VA_ACTION_NOT_ALLOWED',
      'VA_CLOSED',
      'VA_NOT_FOUND',
      'VA_REASON_NOT_ALLOWED',
      'WALLET_NOT_FOUND',
    ],
    params: z.object({ action: z.enum(VA_ACTIONS), walletId: positiveInt }),
    body: vaActionBodySchema,
    response: ok({ virtual_account: virtualAccountSchema }),
  }),
  opVaGroups: defineRoute({
    method: 'GET',
    path: '/operator/va_groups/:merchantId',
    summary: 'VA groups of a company (operator console)',
    tag: 'operator',
    auth: 'admin',
    params: z.object({ merchantId: z.uuid() }),
    response: ok({ iban_groups: z.array(vaGroupSchema) }),
  }),
  opVaGroupCreate: defineRoute({
    method: 'POST',
    path: '/operator/va_groups/:merchantId',
    summary: 'Assign a VA group (range per country and bank, check rule, level, limit) to a company',
    tag: 'operator',
    auth: 'admin',
    errors: ['INSUFFICIENT_FUNDS', 'NOT_FOUND', 'VA_GROUP_RANGE_INVALID', 'VA_GROUP_RANGE_OVERLAP'],
    params: z.object({ merchantId: z.uuid() }),
    body: groupBodySchema,
    response: ok({ iban_group: vaGroupSchema }),
  }),
  opVaGroupLimit: defineRoute({
    method: 'POST',
    path: '/operator/va_groups/limit/:id',
    summary: 'Change the limit of a VA group',
    tag: 'operator',
    auth: 'admin',
    errors: ['VA_GROUP_NOT_FOUND'],
    params: z.object({ id: positiveInt }),
    body: z.object({ limit: z.coerce.number().int().min(0).max(10_000_000) }),
    response: ok({ iban_group: vaGroupSchema }),
  }),
  opVaRequests: defineRoute({
    method: 'POST',
    path: '/operator/va_requests/:page/:rows',
    summary: 'VA requests of every company for staff review',
    tag: 'operator',
    auth: 'admin',
    errors: ['WALLET_NOT_FOUND'],
    params: pageParams,
    body: z.object({ merchant_id: z.uuid().optional(), request_status: vaRequestStatusSchema.optional() }),
    response: ok({ iban_requests: z.array(vaRequestRowSchema), quantity: z.number().int() }),
  }),
  opVaRequestGet: defineRoute({
    method: 'GET',
    path: '/operator/va_requests/:uuid',
    summary: 'One VA request for staff review',
    tag: 'operator',
    auth: 'admin',
    errors: ['MERCHANT_SERVICE_ONLY', 'VA_REQUEST_NOT_FOUND'],
    params: z.object({ uuid: z.uuid() }),
    response: ok({ iban_request: vaRequestDetailSchema }),
  }),
  opVaDocumentGet: defineRoute({
    method: 'GET',
    path: '/operator/va_requests/:uuid/documents/:id',
    summary: 'A document of a VA request for staff review (download)',
    tag: 'operator',
    auth: 'admin',
    errors: ['NOT_FOUND'],
    raw: true,
    params: z.object({ uuid: z.uuid('Not found.'), id: z.uuid('Not found.') }),
    response: z.unknown(),
  }),
  opVaDecide: defineRoute({
    method: 'POST',
    path: '/operator/va_requests/decide/:uuid',
    summary: 'Approve (and allocate) or decline with reason a VA request',
    tag: 'operator',
    auth: 'admin',
    errors: [
      'VA_ACCOUNT_HOLDER_DATA_ABSENT',
      'VA_DECLINE_REASON_REQUIRED',
      'VA_NO_FREE_GROUPS',
      'VA_NO_GROUPS',
      'VA_REQUEST_NOT_FOUND',
      'VA_REQUEST_NOT_OPEN',
      'WALLET_NOT_FOUND',
    ],
    params: z.object({ uuid: z.uuid() }),
    body: z.object({
      decision: z.enum(['approve', 'decline']),
      decline_reason: z.string().trim().max(500).optional(),
    }),
    response: ok({ iban_request: vaRequestRowSchema }),
  }),
  opVaAction: defineRoute({
    method: 'POST',
    path: '/operator/virtual_accounts/action/:id',
    summary: "Staff disable, enable or close a VA with the provider's VAAC reason",
    tag: 'operator',
    auth: 'admin',
    errors: [
      'VA_ACTION_NOT_ALLOWED',
      'VA_CLOSED',
      'VA_NOT_FOUND',
      'VA_REASON_NOT_ALLOWED',
      'WALLET_NOT_FOUND',
    ],
    params: z.object({ id: positiveInt }),
    body: z.object({ action: z.enum(VA_ACTIONS), reason: vaacCodeSchema.optional() }),
    response: ok({ virtual_account: virtualAccountSchema }),
  }),
  opVaPayIn: defineRoute({
    method: 'POST',
    path: '/operator/processing/payin_va',
    summary: 'Simulate an inbound pay-in to a VA number (processing simulator)',
    tag: 'operator',
    auth: 'admin',
    idempotent: true,
    errors: ['INSUFFICIENT_FUNDS', 'VA_NOT_FOUND', 'WALLET_NOT_FOUND'],
    body: z.object({
      va_number: z.string().trim().min(6).max(40),
      currency: currencyCodeSchema,
      amount: z.string().regex(/^\d+(\.\d{1,2})?$/),
      payer_name: z.string().trim().min(1).max(70),
      payer_iban: z.string().trim().max(34).optional(),
    }),
    response: ok({ payment_id: z.string(), status: z.string() }),
  }),
};

/** Right a request kind needs (spec §6). */
export const VA_REQUEST_RIGHT = {
  individual: RIGHT_ACTIONS.vaIndividual,
  corporate: RIGHT_ACTIONS.vaCorporate,
} as const;
