import { z } from 'zod';
import { defineRoute, ok, pageParams } from '../api/route.ts';
import { approvalConfirmationSchema, approvalProofSchema } from '../confirmations/approval.ts';
import { passwordDigestSchema } from '../identity/password-policy.ts';
import { currencyCodeSchema } from '../wallets/wallets.schemas.ts';
import { FX_SETTLEMENTS, FX_STATUSES } from './limits.ts';

const tag = 'fx';
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const rateText = z.string().regex(/^\d+(\.\d+)?$/);
const currency = currencyCodeSchema;
/** Amount as the user typed it; checked in the service so each mistake gets its own code. */
const amountInput = z.string().max(40);

export const fxPairSchema = z.object({
  sell_currency: z.string(),
  buy_currency: z.string(),
  sell_wallets: z.array(z.object({ id: z.string(), name: z.string(), available: decimal })),
  buy_wallets: z.array(z.object({ id: z.string(), name: z.string() })),
  sell_min: decimal,
  sell_max: decimal,
  buy_min: decimal,
  buy_max: decimal,
});
export type FxPair = z.infer<typeof fxPairSchema>;

export const fxQuoteRequestSchema = z.object({
  sell_wallet_id: z.string().min(1).max(64),
  sell_currency: currency,
  buy_wallet_id: z.string().min(1).max(64),
  buy_currency: currency,
  sell_amount: amountInput.optional(),
  buy_amount: amountInput.optional(),
  settlement: z.enum(FX_SETTLEMENTS).default('instant'),
});
export type FxQuoteRequest = z.input<typeof fxQuoteRequestSchema>;

export const fxQuoteSchema = z.object({
  quote_id: z.string(),
  challenge_id: z.string(),
  expires_at: z.string(),
  ttl_seconds: z.number().int(),
  settlement: z.enum(FX_SETTLEMENTS),
  value_date: z.string(),
  fixed_side: z.enum(['sell', 'buy']),
  sell_wallet_id: z.string(),
  sell_currency: z.string(),
  sell_amount: decimal,
  buy_wallet_id: z.string(),
  buy_currency: z.string(),
  buy_amount: decimal,
  /** One unit of the sell currency in the buy currency, spread included. */
  rate: rateText,
  inverse_rate: rateText,
  /** The user executes at once; otherwise the exchange waits for an approver (maker-checker). */
  needs_approval: z.boolean(),
});
export type FxQuote = z.infer<typeof fxQuoteSchema>;

export const FX_ACTIONS = ['approve', 'reject', 'cancel'] as const;

export const fxExchangeSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(FX_STATUSES),
  settlement: z.enum(FX_SETTLEMENTS),
  fixed_side: z.enum(['sell', 'buy']),
  sell_wallet_id: z.string(),
  sell_wallet_name: z.string(),
  sell_currency: z.string(),
  sell_amount: decimal,
  buy_wallet_id: z.string(),
  buy_wallet_name: z.string(),
  buy_currency: z.string(),
  buy_amount: decimal,
  rate: rateText,
  value_date: z.string(),
  created_at: z.string(),
  executed_at: z.string().nullable(),
  settled_at: z.string().nullable(),
  created_by: z.string().nullable(),
  approved_by: z.string().nullable(),
  error: z.string().nullable(),
  actions: z.array(z.enum(FX_ACTIONS)),
});
export type FxExchangeView = z.infer<typeof fxExchangeSchema>;

export const fxListFilterSchema = z.object({
  status: z.enum(FX_STATUSES).optional(),
  settlement: z.enum(FX_SETTLEMENTS).optional(),
  currency: currency.optional(),
  date_from: z.iso.date().optional(),
  date_to: z.iso.date().optional(),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
});
export type FxListFilter = z.input<typeof fxListFilterSchema>;

const confirmBody = z.object({
  quote_id: z.uuid(),
  challenge_id: z.string().min(1).max(64),
  /** What the user saw and confirmed; any difference from the quote is refused. */
  sell_amount: decimal,
  buy_amount: decimal,
  rate: rateText,
  password: passwordDigestSchema,
  secret_code: z.string().regex(/^\d{6}$/),
});

const idParams = z.object({ id: z.uuid() });

/**
 * The instant FX right (`fx/instant`) is checked in the service, not by the route flag, so a user
 * without it reads spec §6's 'contact the Master User' instead of the generic 403.
 */
export const fxRoutes = {
  fxPairs: defineRoute({
    method: 'GET',
    path: '/merchant_payment_methods/instantfx/:merchantId/:currency/pairs',
    summary:
      "Currency pairs the company may exchange (from its wallets), with limits; currency 'all' or the sell currency",
    tag,
    auth: 'user',
    right: 'fx/instant',
    errors: ['FORBIDDEN', 'FX_NOT_PERMITTED', 'NOT_FOUND'],
    params: z.object({ merchantId: z.uuid(), currency: z.string().regex(/^(all|[A-Z]{3,5})$/) }),
    response: ok({ pairs: z.array(fxPairSchema) }),
  }),
  fxIndicativeRate: defineRoute({
    method: 'GET',
    path: '/fx/rate/:sell/:buy',
    summary: "Live indicative rate of a pair with the company's spread (not locked)",
    tag,
    auth: 'user',
    right: 'fx/instant',
    errors: [
      'FORBIDDEN',
      'FX_NOT_PERMITTED',
      'FX_PAIR_NOT_OFFERED',
      'FX_SAME_CURRENCY',
      'PROCESSING_UNAVAILABLE',
    ],
    params: z.object({ sell: currency, buy: currency }),
    response: ok({ rate: rateText, inverse_rate: rateText, at: z.string() }),
  }),
  fxBookingWindow: defineRoute({
    method: 'GET',
    path: '/fx/booking_window',
    summary: 'Whether NBD/SBD can be booked now and the value dates (working hours Mon-Fri 9-18 CET)',
    tag,
    auth: 'user',
    right: 'fx/instant',
    errors: ['FORBIDDEN', 'FX_NOT_PERMITTED'],
    response: ok({
      working_time: z.boolean(),
      sbd_value_date: z.string().nullable(),
      nbd_value_date: z.string().nullable(),
    }),
  }),
  fxQuote: defineRoute({
    method: 'POST',
    path: '/fx/quote',
    summary:
      'Lock a rate for 30 s and issue the confirmation challenge bound to pair, amounts, rate and expiry',
    tag,
    auth: 'user',
    right: 'fx/instant',
    errors: [
      'FORBIDDEN',
      'FX_ABOVE_BALANCE',
      'FX_ABOVE_MAX',
      'FX_AMOUNT_REQUIRED',
      'FX_BELOW_MIN',
      'FX_NOT_PERMITTED',
      'FX_PAIR_NOT_OFFERED',
      'FX_SAME_CURRENCY',
      'PROCESSING_UNAVAILABLE',
      'WALLET_CLOSED',
      'WALLET_NOT_FOUND',
    ],
    body: fxQuoteRequestSchema,
    response: ok({ quote: fxQuoteSchema }),
  }),
  fxConfirm: defineRoute({
    method: 'POST',
    path: '/fx/exchange',
    summary: 'Execute a quote confirmed by password digest and TOTP code (instant) or book it (NBD/SBD)',
    tag,
    auth: 'user',
    right: 'fx/instant',
    idempotent: true,
    errors: [
      'FORBIDDEN',
      'FX_ACTION_NOT_ALLOWED',
      'FX_APPROVAL_ERROR',
      'FX_EXCHANGE_NOT_FOUND',
      'FX_NOT_PERMITTED',
      'FX_QUOTE_EXPIRED',
      'FX_QUOTE_NOT_FOUND',
      'FX_QUOTE_USED',
      'INSUFFICIENT_FUNDS',
      'WALLET_CLOSED',
      'WALLET_NOT_ACTIVE',
      'WALLET_NOT_FOUND',
    ],
    body: confirmBody,
    response: ok({ exchange: fxExchangeSchema }),
  }),
  fxList: defineRoute({
    method: 'POST',
    path: '/fx/exchanges/:page/:rows',
    summary: 'Exchanges of the company with filters (status, settlement, currency, dates)',
    tag,
    auth: 'user',
    params: pageParams,
    body: fxListFilterSchema,
    response: ok({ exchanges: z.array(fxExchangeSchema), total: z.number().int() }),
  }),
  fxGet: defineRoute({
    method: 'GET',
    path: '/fx/exchange/:id',
    summary: 'One exchange',
    tag,
    auth: 'user',
    errors: ['FORBIDDEN', 'FX_EXCHANGE_NOT_FOUND'],
    params: idParams,
    response: ok({ exchange: fxExchangeSchema }),
  }),
  fxApprovalChallenge: defineRoute({
    method: 'POST',
    path: '/fx/exchange/:id/approve_challenge',
    summary:
      'Issue the approval confirmation of an exchange: the amount as typed, the currencies and the wallets',
    tag,
    auth: 'user',
    right: 'payments/approve',
    errors: ['FORBIDDEN', 'FX_EXCHANGE_NOT_FOUND', 'NO_RIGHTS_APPROVE', 'WALLET_NOT_FOUND'],
    params: idParams,
    response: ok({ confirmation: approvalConfirmationSchema }),
  }),
  fxApprove: defineRoute({
    method: 'POST',
    path: '/fx/exchange/:id/approve',
    summary:
      'Approve an exchange waiting for approval (maker-checker), confirmed by password digest and TOTP code; it executes at the current rate',
    tag,
    auth: 'user',
    right: 'payments/approve',
    idempotent: true,
    errors: [
      'APPROVAL_CONFIRMATION_REQUIRED',
      'CONFIRMATION_MISMATCH',
      'CONFIRMATION_NOT_FOUND',
      'FORBIDDEN',
      'FX_ABOVE_BALANCE',
      'FX_ABOVE_MAX',
      'FX_ACTION_NOT_ALLOWED',
      'FX_APPROVAL_ERROR',
      'FX_BELOW_MIN',
      'FX_EXCHANGE_NOT_FOUND',
      'INSUFFICIENT_BALANCE_NOT_APPROVED',
      'INSUFFICIENT_FUNDS',
      'MFA_NOT_SET_UP',
      'NO_RIGHTS_APPROVE',
      'NO_RIGHTS_APPROVE_OWN',
      'PROCESSING_UNAVAILABLE',
      'SCA_BLOCKED',
    ],
    params: idParams,
    body: approvalProofSchema,
    response: ok({ exchange: fxExchangeSchema }),
  }),
  fxReject: defineRoute({
    method: 'POST',
    path: '/fx/exchange/:id/reject',
    summary: 'Reject an exchange waiting for approval',
    tag,
    auth: 'user',
    right: 'payments/approve',
    errors: [
      'FORBIDDEN',
      'FX_ACTION_NOT_ALLOWED',
      'FX_EXCHANGE_NOT_FOUND',
      'NO_RIGHTS_APPROVE',
      'WALLET_NOT_FOUND',
    ],
    params: idParams,
    response: ok({ exchange: fxExchangeSchema }),
  }),
  fxCancel: defineRoute({
    method: 'POST',
    path: '/fx/exchange/:id/cancel',
    summary: 'Cancel an exchange waiting for approval or a booked NBD/SBD exchange before settlement',
    tag,
    auth: 'user',
    idempotent: true,
    errors: [
      'FORBIDDEN',
      'FX_ACTION_NOT_ALLOWED',
      'FX_EXCHANGE_NOT_FOUND',
      'HOLD_NOT_OPEN',
      'NO_RIGHTS_CANCEL',
      'WALLET_NOT_FOUND',
    ],
    params: idParams,
    response: ok({ exchange: fxExchangeSchema }),
  }),
  fxProviderOutage: defineRoute({
    method: 'POST',
    path: '/fx/provider/outage',
    summary: 'Switch the simulated FX liquidity provider outage on or off (operator): quotes then answer 424',
    tag,
    auth: 'admin',
    body: z.object({ outage: z.boolean() }),
    response: ok({ outage: z.boolean() }),
  }),
} as const;
