import { z } from 'zod';
import { PAYMENT_STATUSES, POSTBACK_TYPES, type PostbackType } from '../enums/payments.ts';
import { FX_SETTLEMENTS, FX_STATUSES } from '../fx/limits.ts';
import { escrowDealSchema } from '../onchain/onchain.api.ts';
import { ONCHAIN_ASSETS, ONCHAIN_NETWORKS } from '../onchain/assets.ts';
import { TRANSFER_STATUSES } from '../onchain/machines.ts';
import { PAYMENT_REQUEST_STATUSES } from '../payment-requests/rules.ts';
import { decimalSchema, paymentMethodSchema, TRANSACTION_TYPES } from '../payments/payments.schemas.ts';
import { VA_STATUSES } from '../enums/wallets.ts';
import { VA_ACTIONS } from '../virtual-accounts/va-codes.ts';
import { vaacCodeSchema, virtualAccountSchema } from '../virtual-accounts/va.schemas.ts';
import { walletFundTransferPostbackSchema } from '../wallets/wallet-transfer.ts';

/*
 * The bodies of the postbacks (webhooks) of spec §9, exactly as the server sends them: one envelope
 * (id, type, event, created_at, subject_id, test) around a `data` object per type. The producers'
 * payloads are typed by these schemas (server `enqueuePostback`), the OpenAPI document publishes them
 * under `webhooks`, and a test checks real deliveries against them.
 */

const at = z.string().describe('When the change happened (ISO 8601, UTC).');

/** A payment's change: pay-in, pay-out, its return, a refund or a leg of an FX exchange. */
export const paymentPostbackDataSchema = z.object({
  kind: z.literal('payment'),
  payment_id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  previous_status: z.enum(PAYMENT_STATUSES).nullable(),
  transaction_type: z.enum(TRANSACTION_TYPES),
  method: paymentMethodSchema,
  currency: z.string(),
  amount: decimalSchema,
  fee: decimalSchema,
  at,
  /** The client's PmtId/EndToEndId and InstrId of a pay-out from a pain.001 file, when it had them. */
  end_to_end_id: z.string().optional(),
  instruction_id: z.string().optional(),
});

/** A payment request's change (a hosted pay-in link); `refund` once its pay-ins were refunded. */
export const paymentRequestPostbackDataSchema = z.object({
  kind: z.literal('payment_request'),
  payment_request_id: z.string(),
  status: z.enum(PAYMENT_REQUEST_STATUSES),
  previous_status: z.enum(PAYMENT_REQUEST_STATUSES).nullable(),
  reference: z.string(),
  payment_reference: z.string(),
  currency: z.string(),
  /** Null for an open-amount request. */
  amount: decimalSchema.nullable(),
  paid_amount: decimalSchema,
  late_payment: z.boolean(),
  /** The pay-in that changed it, when one did. */
  payment_id: z.string().optional(),
  at,
});

/** An on-chain (crypto) transfer's change: a pay-out to a blockchain address. */
export const onchainTransferPostbackDataSchema = z.object({
  kind: z.literal('onchain_transfer'),
  id: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  asset: z.enum(ONCHAIN_ASSETS),
  network: z.enum(ONCHAIN_NETWORKS),
  address: z.string(),
  amount: decimalSchema,
  fee: decimalSchema,
  tx_hash: z.string().nullable(),
  note: z.string().optional(),
});

/** An escrow deal's change: a crypto pay-in held until the company confirms it. */
export const escrowDealPostbackDataSchema = escrowDealSchema.extend({ kind: z.literal('escrow_deal') });

/** An FX exchange's change. */
export const fxPostbackDataSchema = z.object({
  exchange_id: z.string(),
  status: z.enum(FX_STATUSES),
  previous_status: z.enum(FX_STATUSES).nullable(),
  settlement: z.enum(FX_SETTLEMENTS),
  value_date: z.string(),
  sell_currency: z.string(),
  sell_amount: decimalSchema,
  buy_currency: z.string(),
  buy_amount: decimalSchema,
  rate: z.string(),
  at,
});

/** A transfer between two wallets of the same company: the body its use case defines (wallets). */
export const walletFundTransferPostbackDataSchema = walletFundTransferPostbackSchema;

/** A Virtual Account disabled, enabled or closed; the account as it is after the change. */
export const virtualAccountActionPostbackDataSchema = z.object({
  action: z.enum(VA_ACTIONS),
  reason: vaacCodeSchema.nullable(),
  virtual_account: virtualAccountSchema,
});

/** An IBAN (Virtual Account) allocated for a request, or the customer's existing one reused. */
export const ibanAllocationPostbackDataSchema = z.object({
  iban_request_uuid: z.string(),
  virtual_account: virtualAccountSchema,
});

/** `data` of each postback type. */
export const postbackDataSchemas = {
  payin: z.discriminatedUnion('kind', [
    paymentPostbackDataSchema,
    paymentRequestPostbackDataSchema,
    escrowDealPostbackDataSchema,
  ]),
  payout: z.discriminatedUnion('kind', [paymentPostbackDataSchema, onchainTransferPostbackDataSchema]),
  walletFundTransfer: walletFundTransferPostbackDataSchema,
  fx: fxPostbackDataSchema,
  payoutReturn: paymentPostbackDataSchema.extend({ status: z.literal('returned') }),
  refund: z.discriminatedUnion('kind', [paymentPostbackDataSchema, paymentRequestPostbackDataSchema]),
  virtualAccountAction: virtualAccountActionPostbackDataSchema,
  ibanAllocation: ibanAllocationPostbackDataSchema,
} as const satisfies Record<PostbackType, z.ZodType>;

export type PostbackData<T extends PostbackType> = z.infer<(typeof postbackDataSchemas)[T]>;

/** `event` of the types whose events are a closed list; the others name a status or an action. */
const eventSchemas: Partial<Record<PostbackType, z.ZodType<string>>> = {
  virtualAccountAction: z.enum(VA_STATUSES).describe("The account's new status."),
  ibanAllocation: z
    .enum(['allocated', 'reused'])
    .describe('`reused`: the customer already had a Virtual Account in the group.'),
};

function postbackBodySchema<T extends PostbackType>(type: T) {
  const envelope = {
    id: z.string().describe('Same as the webhook-id header; the same on every retry of the event.'),
    type: z.literal(type),
    created_at: at,
    subject_id: z.string().describe('The object the event is about; its events arrive in order.'),
  };
  return z.discriminatedUnion('test', [
    z.object({
      ...envelope,
      event: eventSchemas[type] ?? z.string().describe('What happened: usually the new status.'),
      test: z.literal(false),
      data: postbackDataSchemas[type] as (typeof postbackDataSchemas)[T],
    }),
    z
      .object({
        ...envelope,
        event: z.literal('test'),
        test: z.literal(true),
        data: z.object({ message: z.string(), type: z.literal(type) }),
      })
      .describe('A test event sent from the portal (Settings, postbacks).'),
  ]);
}

/** The whole JSON body of each postback type, as POSTed to the company's URL for it. */
export const postbackBodySchemas = Object.fromEntries(
  POSTBACK_TYPES.map((t) => [t, postbackBodySchema(t)]),
) as { [T in PostbackType]: ReturnType<typeof postbackBodySchema<T>> };

export type PostbackBody<T extends PostbackType> = z.infer<(typeof postbackBodySchemas)[T]>;
