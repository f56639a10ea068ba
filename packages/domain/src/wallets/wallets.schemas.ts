import { z } from 'zod';
import { WALLET_STATUS } from '../enums/wallets.ts';
import { isCurrencyCode } from '../money/currencies.ts';

/** Money in JSON: a decimal string in the currency's exponent ('1234.50', '-0.01'). */
export const moneySchema = z.string().regex(/^-?\d+(\.\d+)?$/);
/**
 * A currency the portal knows (money/currencies.ts). Checked here rather than in each service so a
 * well-formed but unknown code ('XYZ') is a field message on every route, never a 500 further in.
 */
export const currencyCodeSchema = z
  .string()
  .regex(/^[A-Z]{3,5}$/, 'Use a currency code such as EUR.')
  .refine(isCurrencyCode, 'Unknown currency. Use a currency code such as EUR.');
export const walletStatusCodeSchema = z.union([
  z.literal(WALLET_STATUS.closed),
  z.literal(WALLET_STATUS.active),
  z.literal(WALLET_STATUS.disabled),
]);

/** A wallet id in a path: the numeric `id` of spec §3. */
export const walletIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

/** Every balance kind of one currency of a wallet (spec §3), all derived from postings and holds. */
export const walletBalanceSchema = z.object({
  currency: z.string(),
  /** Sum of all postings. */
  balance: moneySchema,
  /** balance − pending − blocked − suspended. */
  available: moneySchema,
  /** Balance at the start of today (the caller's Timezone). */
  opening: moneySchema,
  suspended: moneySchema,
  blocked: moneySchema,
  pending: moneySchema,
  today_in: moneySchema,
  today_out: moneySchema,
  recent_in: moneySchema,
  recent_out: moneySchema,
  is_negative: z.boolean(),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

export const walletIbanSchema = z.object({
  id: z.number().int(),
  iban_number: z.string(),
  country: z.string(),
  /** BIC of the bank that services the IBAN (`bankOfWalletIban`); null for a foreign IBAN. */
  bic: z.string().nullable(),
  bank_code: z.string(),
  status: z.number().int(),
  level: z.number().int(),
  check_rule_code: z.string(),
  created: z.string(),
});
export type WalletIban = z.infer<typeof walletIbanSchema>;

export const walletRowSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  ui_name: z.string(),
  status: walletStatusCodeSchema,
  parent_id: z.number().int().nullable(),
  is_subaccount: z.boolean(),
  created: z.string(),
  ibans: z.array(z.object({ iban_number: z.string(), country: z.string(), bic: z.string().nullable() })),
  balances: z.array(z.object({ currency: z.string(), balance: moneySchema, available: moneySchema })),
  subaccounts_quantity: z.number().int(),
  has_negative_balance: z.boolean(),
});
export type WalletRow = z.infer<typeof walletRowSchema>;

export const walletDetailSchema = walletRowSchema.extend({
  merchant_id: z.string(),
  wallet_balance: z.array(walletBalanceSchema),
});
export type WalletDetail = z.infer<typeof walletDetailSchema>;

export const dailyBalanceSchema = z.object({
  date: z.string(),
  opening: moneySchema,
  closing: moneySchema,
  credits: moneySchema,
  debits: moneySchema,
});
