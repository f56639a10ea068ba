import { z } from 'zod';
import { defineRoute, ok, pageParams } from '../api/route.ts';
import { approvalConfirmationSchema, approvalProofSchema } from '../confirmations/approval.ts';
import { decimalSchema } from '../payments/payments.schemas.ts';
import { ONCHAIN_ASSETS, ONCHAIN_FIAT, ONCHAIN_NETWORKS } from './assets.ts';
import { DEAL_STATUSES, TRANSFER_STATUSES } from './machines.ts';

const tag = 'onchain';
const RIGHT = 'onchain/transfer';
const idParams = z.object({ id: z.uuid() });
const assetSchema = z.enum(ONCHAIN_ASSETS);
const networkSchema = z.enum(ONCHAIN_NETWORKS);
const text = (max: number) => z.string().trim().max(max);

/** What the user typed in the Make Onchain Transfer dialog; rules run in the service (rules.ts). */
export const transferInputSchema = z.object({
  asset: z.string().trim().max(10),
  network: z.string().trim().max(20),
  /** The wallet that pays: the asset's crypto wallet or a EUR/GBP/USD wallet (id or uuid). */
  wallet_id: z.string().trim().min(1).max(40),
  /** Exactly one of the two is typed; the other is computed from the rate. */
  fiat_amount: text(40).optional(),
  coin_amount: text(40).optional(),
  /** Fiat currency of `fiat_amount` when paying from the crypto wallet (display only). */
  fiat_currency: z.enum(ONCHAIN_FIAT).optional(),
  address: text(120),
  /** The user saw the address warning (pattern mismatch) and proceeds. */
  accept_warnings: z.boolean().default(false),
  comments: text(140).default(''),
  /** The quoted rate and its expiry, sent back at creation; bound by the confirmation's hash. */
  rate: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .max(60)
    .optional(),
  rate_expires_at: z.string().max(40).optional(),
});
export type TransferInput = z.infer<typeof transferInputSchema>;

export const onchainQuoteSchema = z.object({
  asset: assetSchema,
  network: networkSchema,
  funding_currency: z.string(),
  fiat_currency: z.string(),
  rate: z.string().nullable(),
  coin_amount: decimalSchema,
  fiat_amount: decimalSchema.nullable(),
  fee: decimalSchema,
  fee_currency: z.string(),
  /** Charged to the paying wallet: amount + fee in the funding currency. */
  total_debit: decimalSchema,
  expires_at: z.string().nullable(),
  window_open: z.boolean(),
  send_at: z.string(),
  usd_cancel_at: z.string().nullable(),
  address_warning: z.string().nullable(),
});

export const onchainTransferSchema = z.object({
  id: z.uuid(),
  status: z.enum(TRANSFER_STATUSES),
  asset: assetSchema,
  network: networkSchema,
  address: z.string(),
  wallet_id: z.string(),
  funding_currency: z.string(),
  coin_amount: decimalSchema,
  fee: decimalSchema,
  debit_amount: decimalSchema,
  rate: z.string().nullable(),
  tx_hash: z.string().nullable(),
  confirmations: z.number().int(),
  required_confirmations: z.number().int(),
  send_at: z.string().nullable(),
  cancel_at: z.string().nullable(),
  error: z.string().nullable(),
  comments: z.string(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
  created_by_me: z.boolean(),
  can_approve: z.boolean(),
  can_cancel: z.boolean(),
});

export const cryptoWalletSchema = z.object({
  wallet_id: z.string(),
  wallet_uuid: z.string(),
  asset: assetSchema,
  ui_name: z.string(),
  balance: decimalSchema,
  available: decimalSchema,
  addresses: z.array(z.object({ network: networkSchema, address: z.string() })),
});

export const escrowDealSchema = z.object({
  id: z.uuid(),
  status: z.enum(DEAL_STATUSES),
  ticker: assetSchema,
  network: networkSchema,
  currency: z.enum(ONCHAIN_FIAT),
  expected_amount: decimalSchema,
  settled_amount: decimalSchema.nullable(),
  difference: decimalSchema.nullable(),
  receiver_wallet: z.string(),
  deposit_address: z.string(),
  ttl_hours: z.number().int(),
  trx_id: z.string().nullable(),
  release_tx_hash: z.string().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
  warnings: z.array(z.string()),
});

const confirmationAnswer = ok({
  confirmation: z.object({
    challenge_id: z.uuid(),
    expires_at: z.string(),
    summary: z.record(z.string(), z.string()),
  }),
});

export const onchainRoutes = {
  onchainInfo: defineRoute({
    method: 'GET',
    path: '/onchain/info',
    summary: 'Assets, networks, fees, required confirmations and the UK payout window now',
    tag,
    auth: 'user',
    response: ok({
      assets: z.array(
        z.object({
          asset: assetSchema,
          exponent: z.number().int(),
          networks: z.array(
            z.object({
              network: networkSchema,
              label: z.string(),
              fee: decimalSchema,
              required_confirmations: z.number().int(),
              tx_id_example: z.string(),
            }),
          ),
        }),
      ),
      window_open: z.boolean(),
      send_at: z.string(),
      closes_at: z.string(),
      usd_cancel_at: z.string(),
    }),
  }),
  onchainWallets: defineRoute({
    method: 'GET',
    path: '/onchain/wallets',
    summary: "The company's crypto wallets with balances and deposit addresses (opened on first use)",
    tag,
    auth: 'user',
    response: ok({ wallets: z.array(cryptoWalletSchema) }),
  }),
  onchainCheckAddress: defineRoute({
    method: 'POST',
    path: '/onchain/check_address',
    summary: 'Check a receiver address for a network: error (checksum, wrong network) or warning',
    tag,
    auth: 'user',
    body: z.object({ network: networkSchema, address: text(120) }),
    response: ok({
      valid: z.boolean(),
      error: z.string().nullable(),
      warning: z.string().nullable(),
      kind: z.string().nullable(),
      other_network: z.string().nullable(),
    }),
  }),
  onchainQuote: defineRoute({
    method: 'POST',
    path: '/onchain/quote',
    summary: 'Compute the other amount from the FX rate, the network fee and the window (no writes)',
    tag,
    auth: 'user',
    right: RIGHT,
    body: transferInputSchema.partial({ address: true }),
    response: ok({ quote: onchainQuoteSchema }),
  }),
  onchainChallenge: defineRoute({
    method: 'POST',
    path: '/onchain/transfers/challenge',
    summary: 'Validate a transfer and issue its confirmation (asset, network, address, amounts, fee)',
    tag,
    auth: 'user',
    right: RIGHT,
    body: transferInputSchema,
    response: ok({
      confirmation: z.object({ challenge_id: z.uuid(), expires_at: z.string() }),
      quote: onchainQuoteSchema,
    }),
  }),
  onchainCreate: defineRoute({
    method: 'POST',
    path: '/onchain/transfers',
    summary: 'Create an onchain transfer confirmed by password digest and TOTP code',
    tag,
    auth: 'user',
    right: RIGHT,
    idempotent: true,
    body: transferInputSchema.extend(approvalProofSchema.shape),
    response: ok({ transfer: onchainTransferSchema }),
  }),
  onchainList: defineRoute({
    method: 'POST',
    path: '/onchain/transfers/list/:page/:rows',
    summary: "The company's onchain transfers, newest first",
    tag,
    auth: 'user',
    params: pageParams,
    body: z
      .object({ status: z.enum(TRANSFER_STATUSES).optional(), asset: assetSchema.optional() })
      .default({}),
    response: ok({ transfers: z.array(onchainTransferSchema), total: z.number().int() }),
  }),
  onchainGet: defineRoute({
    method: 'GET',
    path: '/onchain/transfers/:id',
    summary: 'One onchain transfer with its live confirmation count',
    tag,
    auth: 'user',
    params: idParams,
    response: ok({ transfer: onchainTransferSchema }),
  }),
  onchainApprovalChallenge: defineRoute({
    method: 'POST',
    path: '/onchain/transfers/:id/approve_challenge',
    summary: 'Issue the approval confirmation of a transfer: amount, asset, network and address',
    tag,
    auth: 'user',
    right: 'payments/approve',
    params: idParams,
    response: ok({ confirmation: approvalConfirmationSchema }),
  }),
  onchainApprove: defineRoute({
    method: 'POST',
    path: '/onchain/transfers/:id/approve',
    summary:
      'Approve (maker-checker) confirmed by password digest and TOTP code: hold funds, then broadcast now or queue for the UK window',
    tag,
    auth: 'user',
    right: 'payments/approve',
    idempotent: true,
    params: idParams,
    body: approvalProofSchema,
    response: ok({ transfer: onchainTransferSchema }),
  }),
  onchainCancel: defineRoute({
    method: 'POST',
    path: '/onchain/transfers/:id/cancel',
    summary: 'Cancel a transfer not yet broadcast (hold released)',
    tag,
    auth: 'user',
    params: idParams,
    body: z.object({}).optional(),
    response: ok({ transfer: onchainTransferSchema }),
  }),
  escrowCreate: defineRoute({
    method: 'POST',
    path: '/onchain/escrow/deals',
    summary: 'Create an escrow blockchain deal (ticker, network, expected amount, receiver wallet, TTL)',
    tag,
    auth: 'user',
    right: RIGHT,
    idempotent: true,
    body: z.object({
      ticker: z.string().trim().max(10),
      network: z.string().trim().max(20),
      currency: z.enum(ONCHAIN_FIAT).default('USD'),
      expected_amount: text(60),
      receiver_wallet: text(120),
      ttl_hours: z.number(),
      accept_warnings: z.boolean().default(false),
    }),
    response: ok({ deal: escrowDealSchema }),
  }),
  escrowList: defineRoute({
    method: 'POST',
    path: '/onchain/escrow/deals/list/:page/:rows',
    summary: "The company's escrow deals with filters, newest first",
    tag,
    auth: 'user',
    params: pageParams,
    body: z
      .object({
        status: z.enum(DEAL_STATUSES).optional(),
        ticker: assetSchema.optional(),
        network: networkSchema.optional(),
        filter_value: text(120).optional(),
      })
      .default({}),
    response: ok({ deals: z.array(escrowDealSchema), total: z.number().int() }),
  }),
  escrowGet: defineRoute({
    method: 'GET',
    path: '/onchain/escrow/deals/:id',
    summary: 'One escrow deal',
    tag,
    auth: 'user',
    params: idParams,
    response: ok({ deal: escrowDealSchema }),
  }),
  escrowMatch: defineRoute({
    method: 'POST',
    path: '/onchain/escrow/deals/:id/trx',
    summary: "Match the counterparty's deposit by its Trx ID; records the settled amount",
    tag,
    auth: 'user',
    right: RIGHT,
    params: idParams,
    body: z.object({ trx_id: text(100), accept_warnings: z.boolean().default(false) }),
    response: ok({ deal: escrowDealSchema }),
  }),
  escrowConfirmChallenge: defineRoute({
    method: 'POST',
    path: '/onchain/escrow/deals/:id/confirm/challenge',
    summary: 'Issue the confirmation of a deal release (deal, ticker, network, receiver, settled amount)',
    tag,
    auth: 'user',
    right: RIGHT,
    params: idParams,
    body: z.object({}).optional(),
    response: confirmationAnswer,
  }),
  escrowConfirm: defineRoute({
    method: 'POST',
    path: '/onchain/escrow/deals/:id/confirm',
    summary: 'Confirm the deal: release the settled amount to the receiver wallet',
    tag,
    auth: 'user',
    right: RIGHT,
    idempotent: true,
    params: idParams,
    body: approvalProofSchema,
    response: ok({ deal: escrowDealSchema }),
  }),
  escrowDecline: defineRoute({
    method: 'POST',
    path: '/onchain/escrow/deals/:id/decline',
    summary: 'Decline the deal: a deposit, if any, is returned to its sender',
    tag,
    auth: 'user',
    right: RIGHT,
    params: idParams,
    body: z.object({}).optional(),
    response: ok({ deal: escrowDealSchema }),
  }),
  onchainSimDeposit: defineRoute({
    method: 'POST',
    path: '/onchain/sim/deposit',
    summary:
      'Simulator (admin group): a counterparty sends coins to an address of the company named (escrow deal or wallet deposit address)',
    tag: 'operator',
    auth: 'admin',
    body: z.object({
      /** The company whose address receives the coins; an address of another company is refused. */
      merchant_id: z.uuid(),
      network: networkSchema,
      ticker: assetSchema,
      address: text(120),
      amount: decimalSchema,
    }),
    response: ok({ trx_id: z.string() }),
  }),
  onchainSimState: defineRoute({
    method: 'POST',
    path: '/onchain/sim/state',
    summary:
      'Simulator: node outage on/off, fate of the next broadcast (ok, drop, fail), UK window forced open',
    tag: 'operator',
    auth: 'admin',
    body: z.object({
      outage: z.boolean().optional(),
      next_fate: z.enum(['ok', 'drop', 'fail']).optional(),
      window_open: z.boolean().optional(),
    }),
    response: ok({ outage: z.boolean(), next_fate: z.string(), window_open: z.boolean() }),
  }),
  onchainSimRunDue: defineRoute({
    method: 'POST',
    path: '/onchain/sim/run_due',
    summary: 'Simulator: advance every open transfer and deal now (sweep)',
    tag: 'operator',
    auth: 'admin',
    body: z.object({}).optional(),
    response: ok({ advanced: z.number().int() }),
  }),
};
