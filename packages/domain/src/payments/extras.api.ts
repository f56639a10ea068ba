import { z } from 'zod';
import { defineRoute, ok, pageParams, sortOrder } from '../api/route.ts';
import { COP_RESULTS, TEMPLATE_OWNERSHIPS } from '../enums/payments.ts';
import { NOTIFICATION_UNSEEN_VALUES } from '../enums/messages.ts';
import {
  decimalSchema,
  paymentMethodSchema,
  requisitesSchema,
  templateSchema,
  walletRefSchema,
} from './payments.schemas.ts';

const warningSchema = z.object({ code: z.string(), message: z.string() });
const copCodes = Object.keys(COP_RESULTS) as [keyof typeof COP_RESULTS, ...(keyof typeof COP_RESULTS)[]];

export const templateBodySchema = z.object({
  name: z.string().trim().min(1, 'Template name is required.').max(100),
  payment_method: paymentMethodSchema,
  wallet_id: walletRefSchema.nullable().default(null),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3,5}$/),
  amount: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, 'at most two decimals')
    .nullable()
    .default(null),
  requisites: requisitesSchema,
  comments: z.string().trim().max(140).default(''),
  merchant_shared: z.boolean().default(false),
  cross_scheme: z.boolean().default(false),
});

/** Templates, requisite checks, new-transaction notifications and the processing simulator's operator calls. */
export const paymentExtraRoutes = {
  selectTemplates: defineRoute({
    method: 'POST',
    path: '/payment_templates/select/:page/:rows',
    summary: 'Templates the user may use: own (shared or not) and others shared in the company',
    tag: 'templates',
    auth: 'user',
    params: pageParams,
    body: z.object({
      transaction_type: z.enum(['payout']).default('payout'),
      payment_method_label: z.string().max(60).optional(),
      template_status: z.enum(['active']).default('active'),
      filter_param: z.enum(['name', 'payee']).optional(),
      filter_value: z.string().trim().max(100).optional(),
      ownership: z.enum(TEMPLATE_OWNERSHIPS).optional(),
      merchant_shared: z.boolean().optional(),
      cross_scheme: z.boolean().optional(),
      sort_param: z.enum(['name', 'created', 'payee']).default('name'),
      sort_order: sortOrder.default('asc'),
    }),
    response: ok({ templates: z.array(templateSchema), total: z.number().int() }),
  }),
  saveTemplate: defineRoute({
    method: 'POST',
    path: '/payment_templates/save/:id?',
    summary: 'Create a template, or change one of your own (name unique in the company)',
    tag: 'templates',
    auth: 'user',
    errors: ['TEMPLATE_NAME_TAKEN', 'TEMPLATE_NOT_FOUND', 'TEMPLATE_NOT_OWN', 'WALLET_NOT_FOUND'],
    params: z.object({ id: z.uuid().optional() }),
    body: templateBodySchema,
    response: ok({ template: templateSchema }),
  }),
  checkRequisite: defineRoute({
    method: 'POST',
    path: '/checks/checkRequisite/:method/:currency',
    summary: 'IBAN check for a method: errors block, reachability warnings (SEPA, SEPA Instant) do not',
    tag: 'checks',
    auth: 'user',
    params: z.object({ method: paymentMethodSchema, currency: z.string().regex(/^[A-Z]{3,5}$/) }),
    body: z.object({ iban: z.string().max(60) }),
    response: ok({
      valid: z.boolean(),
      error: warningSchema.nullable(),
      warnings: z.array(warningSchema),
      bank: z.object({ bic: z.string(), name: z.string(), country: z.string() }).nullable(),
    }),
  }),
  checkIntermediary: defineRoute({
    method: 'POST',
    path: '/checks/checkRequisiteIntermediary/bankSwiftCode/:method',
    summary: 'Intermediary bank SWIFT code against the BIC directory shipped with the product',
    tag: 'checks',
    auth: 'user',
    errors: ['INTERMEDIARY_BIC_UNKNOWN'],
    params: z.object({ method: paymentMethodSchema }),
    body: z.object({ bankSwiftCode: z.string().max(20) }),
    response: ok({ bank: z.object({ bic: z.string(), name: z.string(), country: z.string() }) }),
  }),
  checkCop: defineRoute({
    method: 'POST',
    path: '/checks/checkRequisiteCOP/:method',
    summary:
      'Confirmation of Payee: match or a result code of spec §8 (a warning to proceed past or dismiss)',
    tag: 'checks',
    auth: 'user',
    params: z.object({ method: paymentMethodSchema }),
    body: z.object({
      payee: z.string().trim().min(1).max(70),
      /** Sort code and account number ('20-00-00 31926819') or a GB IBAN. */
      payeeRequisite: z.string().trim().min(1).max(60),
      payee_type: z.enum(['individual', 'corporate']).default('corporate'),
    }),
    response: ok({
      matched: z.boolean(),
      result: z.enum(copCodes).nullable(),
      message: z.string().nullable(),
      account_name: z.string().nullable(),
    }),
  }),
  newTransactions: defineRoute({
    method: 'POST',
    path: '/notifications/new_transactions',
    summary:
      'New payments since the given marks (polled every 300000 ms; also pushed over /notifications/stream)',
    tag: 'notifications',
    auth: 'user',
    right: 'notifications/getNewTransactionsNotification',
    errors: ['INSUFFICIENT_FUNDS', 'NOT_FOUND'],
    body: z.object({
      last_charge_date_inbound: z.iso.datetime({ offset: true }).nullable().optional(),
      last_operation_timestamp_outbound: z.iso.datetime({ offset: true }).nullable().optional(),
    }),
    response: ok({
      merchant_new_transactions: z.array(
        z.object({
          merchant_id: z.string(),
          direction: z.enum(['inbound', 'outbound']),
          currency: z.string(),
          amount: decimalSchema,
          quantity: z.number().int(),
        }),
      ),
      last_charge_date_inbound: z.string().nullable(),
      last_operation_timestamp_outbound: z.string().nullable(),
      unseen: z.union(
        NOTIFICATION_UNSEEN_VALUES.map((v) => z.literal(v)) as [
          z.ZodLiteral<1>,
          z.ZodLiteral<2>,
          z.ZodLiteral<3>,
          z.ZodLiteral<4>,
        ],
      ),
    }),
  }),
  markNotificationsSeen: defineRoute({
    method: 'POST',
    path: '/notifications/seen',
    summary: 'The user opened a notification panel: its unseen part is cleared',
    tag: 'notifications',
    auth: 'user',
    body: z.object({ panel: z.enum(['inbound', 'outbound', 'all']) }),
    response: ok({ unseen: z.number().int().min(1).max(4) }),
  }),
  processingState: defineRoute({
    method: 'GET',
    path: '/operator/processing',
    summary: 'Processing system simulator state (operator)',
    tag: 'operator',
    auth: 'admin',
    response: ok({ outage: z.boolean(), message: z.string().nullable(), pending_payments: z.number().int() }),
  }),
  processingOutage: defineRoute({
    method: 'POST',
    path: '/operator/processing/outage',
    summary: 'Switch the simulated processing outage on or off (operator): calls then answer 424',
    tag: 'operator',
    auth: 'admin',
    body: z.object({ on: z.boolean(), message: z.string().trim().max(200).optional() }),
    response: ok({ outage: z.boolean(), message: z.string().nullable(), pending_payments: z.number().int() }),
  }),
  processingPayin: defineRoute({
    method: 'POST',
    path: '/operator/processing/payin',
    summary: 'Simulate an inbound pay-in to a wallet (operator, demo)',
    tag: 'operator',
    auth: 'admin',
    idempotent: true,
    errors: ['INSUFFICIENT_FUNDS', 'WALLET_NOT_FOUND'],
    body: z.object({
      merchant_id: z.uuid(),
      wallet_id: walletRefSchema,
      currency: z.string().regex(/^[A-Z]{3,5}$/),
      amount: z.string().regex(/^\d+(\.\d{1,2})?$/),
      payer_name: z.string().trim().min(1).max(70),
      payer_iban: z.string().trim().max(34).optional(),
      payment_method: paymentMethodSchema.default('SEPA'),
      /** Remittance information: a payment request's reference is matched to it (pay-in terminal). */
      reference: z.string().trim().max(140).optional(),
    }),
    response: ok({ payment_id: z.string() }),
  }),
  processingRunDue: defineRoute({
    method: 'POST',
    path: '/operator/processing/run_due',
    summary: 'Queue settlement of every pending payment now due (recovery after an outage)',
    tag: 'operator',
    auth: 'admin',
    body: z.object({}).optional(),
    response: ok({ queued: z.number().int() }),
  }),
};
