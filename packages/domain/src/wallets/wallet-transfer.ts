import { z } from 'zod';
import { defineRoute, ok } from '../api/route.ts';
import { approvalProofSchema } from '../confirmations/approval.ts';
import { RIGHT_ACTIONS } from '../identity/action-rights.ts';
import type { CurrencyCode } from '../money/currencies.ts';
import { type AmountResult, tryToMinor } from '../money/amount.ts';
import { walletRefSchema } from '../payments/payments.schemas.ts';
import { currencyCodeSchema, moneySchema } from './wallets.schemas.ts';
import { CONFIRMATION_REFUSALS } from '../confirmations/confirmation-refusals.ts';

/**
 * Moving money between two wallets of the caller's own company (issue 35): same currency, instant,
 * no fee, confirmed with password and authenticator code like a pay-out, and announced to the
 * company by the `walletFundTransfer` postback (spec §9 postback types).
 */

/** The longest reference a transfer carries (the pay-out comment's limit). */
export const TRANSFER_REFERENCE_MAX = 140;

/**
 * The amount rule of a transfer, one for the form and the server: a decimal in the currency's
 * minor units (never a float), above 0. Typed separators are the form's to strip first.
 */
export function transferAmountMinor(text: string, currency: CurrencyCode): AmountResult<bigint> {
  const r = tryToMinor(text.trim(), currency);
  if (!r.ok) return r;
  if (r.value === 0n) return { ok: false, error: 'AMOUNT_ZERO' };
  if (r.value < 0n) return { ok: false, error: 'AMOUNT_NEGATIVE' };
  return r;
}

/** What the user asks for. The amount is text: the service parses it so each mistake gets its own code. */
export const walletTransferRequestSchema = z.object({
  from_wallet_id: walletRefSchema,
  to_wallet_id: walletRefSchema,
  currency: currencyCodeSchema,
  amount: z.string().trim().max(40),
  reference: z.string().trim().max(TRANSFER_REFERENCE_MAX).default(''),
});
export type WalletTransferRequest = z.input<typeof walletTransferRequestSchema>;

const walletSide = z.object({
  wallet_id: z.string(),
  uuid: z.string(),
  name: z.string(),
  iban: z.string().nullable(),
});

/** The challenge answer: exactly what the confirmation dialog shows and the code is bound to. */
export const walletTransferConfirmationSchema = z.object({
  challenge_id: z.uuid(),
  expires_at: z.string(),
  from: walletSide,
  to: walletSide,
  currency: z.string(),
  amount: moneySchema,
  fee: moneySchema,
  reference: z.string(),
  /** Available balance of the source account after the transfer, as it stands now. */
  available_after: moneySchema,
});
export type WalletTransferConfirmation = z.infer<typeof walletTransferConfirmationSchema>;

export const walletTransferSchema = z.object({
  id: z.string(),
  status: z.literal('settled'),
  from: walletSide,
  to: walletSide,
  currency: z.string(),
  amount: moneySchema,
  fee: moneySchema,
  reference: z.string(),
  /** The two rows of the payments list: the debit of `from` and the credit of `to`. */
  debit_payment_id: z.string(),
  credit_payment_id: z.string(),
  created_at: z.string(),
});
export type WalletTransferView = z.infer<typeof walletTransferSchema>;

/**
 * `data` of a `walletFundTransfer` postback. Spec §9 names the type only; the fields follow the
 * other postbacks (ids, status, currency, decimal amount and fee, when) plus both wallets.
 */
export const walletFundTransferPostbackSchema = z.object({
  transfer_id: z.uuid(),
  status: z.literal('settled'),
  from_wallet_id: z.string(),
  from_wallet_uuid: z.uuid(),
  to_wallet_id: z.string(),
  to_wallet_uuid: z.uuid(),
  currency: z.string(),
  amount: moneySchema,
  fee: moneySchema,
  reference: z.string(),
  debit_payment_id: z.uuid(),
  credit_payment_id: z.uuid(),
  at: z.iso.datetime(),
});
export type WalletFundTransferPostback = z.infer<typeof walletFundTransferPostbackSchema>;

const tag = 'wallets';

export const walletTransferRoutes = {
  walletTransferChallenge: defineRoute({
    method: 'POST',
    path: '/wallets/fund_transfer_challenge',
    summary:
      "Check a transfer between two of the company's own wallets and issue its confirmation challenge (both accounts, amount, fee, balance after)",
    tag,
    auth: 'user',
    // Creating pay-outs (spec §6 "create payments"): money leaves an account, as with a pay-out.
    right: RIGHT_ACTIONS.create,
    errors: [
      'WALLET_NOT_FOUND',
      'WALLET_CLOSED',
      'WALLET_DISABLED',
      'TRANSFER_SAME_WALLET',
      'TRANSFER_CURRENCY_MISMATCH',
      'INSUFFICIENT_FUNDS',
    ],
    body: walletTransferRequestSchema,
    response: ok({ confirmation: walletTransferConfirmationSchema }),
  }),
  walletTransfer: defineRoute({
    method: 'POST',
    path: '/wallets/fund_transfer',
    summary:
      "Move money between two of the company's own wallets, confirmed by password digest and TOTP code against its challenge: settled at once",
    tag,
    auth: 'user',
    right: RIGHT_ACTIONS.create,
    idempotent: true,
    errors: [
      'WALLET_NOT_FOUND',
      'WALLET_CLOSED',
      'WALLET_DISABLED',
      'TRANSFER_SAME_WALLET',
      'TRANSFER_CURRENCY_MISMATCH',
      'INSUFFICIENT_FUNDS',
      ...CONFIRMATION_REFUSALS,
    ],

    body: walletTransferRequestSchema.extend(approvalProofSchema.shape),
    response: ok({ transfer: walletTransferSchema }),
  }),
};
