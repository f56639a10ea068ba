import { z } from 'zod';
import { sortOrder } from '../api/route.ts';
import { DATE_FILTER_PERIODS } from '../dates/date-filters.ts';
import {
  PAYMENT_ACTIONS,
  PAYMENT_METHOD_CODES,
  PAYMENT_STATUSES,
  type PaymentMethod,
} from '../enums/payments.ts';
import { REQUISITE_FIELDS, type RequisiteField } from './methods.ts';

/** Money in JSON: a decimal string in the currency's exponent ('1234.50'). */
export const decimalSchema = z.string().regex(/^-?\d+(\.\d+)?$/);
export const paymentMethodSchema = z.enum(PAYMENT_METHOD_CODES as [PaymentMethod, ...PaymentMethod[]]);
/** A wallet in a path or body: its numeric id or its uuid. */
export const walletRefSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[\w-]+$/);

const requisiteShape = Object.fromEntries(
  REQUISITE_FIELDS.map((field) => [field, z.string().max(200).optional()]),
) as Record<RequisiteField, z.ZodOptional<z.ZodString>>;
export const requisitesSchema = z.object(requisiteShape);

/** `payment_details` of create_pay_out (spec §7): what the user typed; rules run in `validatePayout`. */
export const paymentDetailsSchema = z.object({
  currency: z.string().trim().min(3).max(5),
  amount: z.string().trim().max(40),
  requisites: requisitesSchema,
  payee_type: z.enum(['individual', 'corporate']).default('corporate'),
  comments: z.string().trim().max(140).default(''),
  template_id: z.uuid().optional(),
});
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

export const secretCodeSchema = z
  .string()
  .regex(/^\d{6}$/, 'must be the 6-digit code of your authenticator app');

export const payoutPathSchema = z.object({ walletId: walletRefSchema, method: paymentMethodSchema });

export const confirmationSchema = z.object({
  challenge_id: z.uuid(),
  expires_at: z.string(),
  wallet_id: z.string(),
  payment_method: paymentMethodSchema,
  method_label: z.string(),
  currency: z.string(),
  amount: decimalSchema,
  fee: decimalSchema,
  payee: z.string(),
  requisites: requisitesSchema,
});

export const DIRECTIONS = ['inbound', 'outbound'] as const;
/**
 * `exchange`: a leg of an FX exchange (docs/decisions.md "FX"); `transfer`: a leg of a transfer
 * between two wallets of the company (issue 35). Neither is a pay-in or a pay-out.
 */
export const TRANSACTION_TYPES = ['payout', 'payin', 'refund', 'exchange', 'transfer'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const paymentSchema = z.object({
  id: z.string(),
  reference_uuid: z.string(),
  wallet_id: z.string(),
  direction: z.enum(DIRECTIONS),
  transaction_type: z.enum(TRANSACTION_TYPES),
  payment_method: paymentMethodSchema,
  original_pm_label: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  creation_date: z.string(),
  capture_date: z.string().nullable(),
  charge_date: z.string().nullable(),
  settlement_date: z.string().nullable(),
  currency: z.string(),
  gross_amount: decimalSchema,
  fee_amount: decimalSchema,
  net_amount: decimalSchema,
  corresponding_client: z.object({
    name: z.string(),
    iban: z.string().nullable(),
    account: z.string().nullable(),
    bank_code: z.string().nullable(),
    bic: z.string().nullable(),
  }),
  comments: z.string(),
  /** The client's PmtId/EndToEndId and PmtId/InstrId of a pay-out from a pain.001 file (issue 35). */
  end_to_end_id: z.string().nullable(),
  instruction_id: z.string().nullable(),
  errors: z.string().nullable(),
  created_by: z.string().nullable(),
  approved_by: z.string().nullable(),
  original_payment_id: z.string().nullable(),
  recall_requested: z.boolean(),
  dispute_opened: z.boolean(),
  refunded: z.boolean(),
  actions: z.array(z.enum(PAYMENT_ACTIONS)),
});
export type PaymentView = z.infer<typeof paymentSchema>;

/** List screens (spec §2 `/payments/{workMode}`, `/transactions/{workMode}`, pending/settled lists). */
export const WORK_MODES = [
  'all',
  'payin',
  'payout',
  'payin_pending',
  'payin_settled',
  'payout_pending',
  'payout_settled',
] as const;
export type WorkMode = (typeof WORK_MODES)[number];

export const PAYMENT_SORT_PARAMS = [
  'creation_date',
  'settlement_date',
  'amount',
  'status',
  'currency',
  'payee',
] as const;

export const paymentFiltersSchema = z
  .object({
    period: z.enum(DATE_FILTER_PERIODS).optional(),
    date_from: z.iso.datetime({ offset: true }).optional(),
    date_to: z.iso.datetime({ offset: true }).optional(),
    statuses: z.array(z.enum(PAYMENT_STATUSES)).max(PAYMENT_STATUSES.length).optional(),
    methods: z.array(paymentMethodSchema).max(PAYMENT_METHOD_CODES.length).optional(),
    currencies: z
      .array(z.string().regex(/^[A-Z]{3,5}$/))
      .max(40)
      .optional(),
    direction: z.enum(['inbound', 'outbound', 'any']).default('any'),
    amount_from: z
      .string()
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/, 'at most two decimals')
      .optional(),
    amount_to: z
      .string()
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/, 'at most two decimals')
      .optional(),
    /** Payee/payer name, IBAN or account; `*` is a wildcard (spec §5). */
    counterparty: z.string().trim().max(70).optional(),
    /** Pay-ins to one virtual account: its number, or its customer's id or name (`*` wildcard). */
    virtual_account: z.string().trim().max(70).optional(),
    wallet_id: walletRefSchema.optional(),
    sort_param: z.enum(PAYMENT_SORT_PARAMS).default('creation_date'),
    sort_order: sortOrder.default('desc'),
  })
  .refine((f) => !f.date_from || !f.date_to || f.date_from <= f.date_to, {
    message: 'date_to is before date_from',
    path: ['date_to'],
  });
export type PaymentFilters = z.infer<typeof paymentFiltersSchema>;

export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  payment_method: paymentMethodSchema,
  method_label: z.string(),
  wallet_id: z.string().nullable(),
  currency: z.string(),
  amount: z.string().nullable(),
  payee: z.string(),
  requisites: requisitesSchema,
  comments: z.string(),
  owner: z.object({ id: z.string(), name: z.string() }),
  ownership: z.enum(['ownShared', 'ownNotShared', 'others']),
  merchant_shared: z.boolean(),
  cross_scheme: z.boolean(),
  created: z.string(),
});
