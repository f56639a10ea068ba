import { z } from 'zod';
import { defineRoute, ok, pageParams, sortOrder } from '../api/route.ts';
import { STATEMENT_FORMATS } from '../ledger/ledger.ts';
import { IBAN_SORT_PARAMS, WALLET_FILTER_PARAMS, WALLET_SORT_PARAMS } from './wallet-filters.ts';
import {
  currencyCodeSchema,
  dailyBalanceSchema,
  moneySchema,
  walletBalanceSchema,
  walletDetailSchema,
  walletIbanSchema,
  walletIdParams,
  walletRowSchema,
} from './wallets.schemas.ts';

const tag = 'wallets';
const LIST_RIGHT = 'wallets/accGetWalletsByMerchant';
const isoDate = z.iso.date('Use a date as YYYY-MM-DD.');

const walletListFilter = z.object({
  /** Must be the caller's current company when given. */
  merchant_id: z.uuid().optional(),
  wallet_status: z.coerce.number().int().min(0).max(2).optional(),
  /** Spec §7 names it filter_code; filter_param is accepted as the same thing. */
  filter_code: z.enum(WALLET_FILTER_PARAMS).optional(),
  filter_param: z.enum(WALLET_FILTER_PARAMS).optional(),
  filter_value: z.string().max(100).optional(),
  /** Sub-accounts are listed under their parent unless a filter is given or this is true. */
  with_subaccounts: z.boolean().optional(),
});

const walletListBody = walletListFilter.extend({
  sort_param: z.enum(WALLET_SORT_PARAMS).default('created'),
  sort_order: sortOrder.default('asc'),
});

export const walletRoutes = {
  walletsList: defineRoute({
    method: 'POST',
    path: '/wallets/:page/:rows',
    summary: 'Wallets of the current company with balances: page, rows (10 in the UI), status, filter, sort',
    tag,
    auth: 'user',
    right: LIST_RIGHT,
    errors: ['FORBIDDEN', 'IBAN_FILTER_INVALID', 'WALLET_NOT_FOUND'],
    params: pageParams,
    body: walletListBody,
    response: ok({
      wallets: z.array(walletRowSchema),
      quantity: z.number().int(),
      page: z.number().int(),
      rowsPerPage: z.number().int(),
      /** A full IBAN filter sent the list back to page 1 (spec §5). */
      forcedPageOne: z.boolean(),
    }),
  }),
  walletsQuantity: defineRoute({
    method: 'POST',
    path: '/wallets/quantity',
    summary: 'Number of wallets of the current company matching the filter',
    tag,
    auth: 'user',
    right: 'wallets/accGetWalletsQuantityByMerchant',
    errors: ['FORBIDDEN', 'WALLET_NOT_FOUND'],
    body: walletListFilter,
    response: ok({ quantity: z.number().int() }),
  }),
  walletAvailableCurrencies: defineRoute({
    method: 'GET',
    path: '/wallets/get_available_currencies',
    summary: 'Currencies the company holds, in the spec §9 order',
    tag,
    auth: 'user',
    right: LIST_RIGHT,
    response: ok({ available_currencies: z.array(z.string()) }),
  }),
  walletGet: defineRoute({
    method: 'GET',
    path: '/wallets/:uuid',
    summary: 'One wallet with IBANs and every balance kind',
    tag,
    auth: 'user',
    right: LIST_RIGHT,
    errors: ['FORBIDDEN', 'WALLET_NOT_FOUND'],
    params: z.object({ uuid: z.uuid() }),
    response: ok({ wallet: walletDetailSchema }),
  }),
  walletBalances: defineRoute({
    method: 'GET',
    path: '/wallets/balances/:id',
    summary: 'Every balance kind per currency of a wallet (spec §3)',
    tag,
    auth: 'user',
    right: LIST_RIGHT,
    errors: ['FORBIDDEN', 'WALLET_NOT_FOUND'],
    params: walletIdParams,
    response: ok({ wallet_balance: z.array(walletBalanceSchema) }),
  }),
  walletSubordinates: defineRoute({
    method: 'GET',
    path: '/wallets/subordinates/:id',
    summary: 'Sub-accounts of a wallet',
    tag,
    auth: 'user',
    right: LIST_RIGHT,
    errors: ['FORBIDDEN', 'WALLET_NOT_FOUND'],
    params: walletIdParams,
    response: ok({ wallets: z.array(walletRowSchema) }),
  }),
  walletChangeUiName: defineRoute({
    method: 'POST',
    path: '/wallets/change_ui_name/:id',
    summary: 'Rename a wallet as the company sees it',
    tag,
    auth: 'user',
    right: LIST_RIGHT,
    errors: ['FORBIDDEN', 'WALLET_NOT_FOUND'],
    params: walletIdParams,
    body: z.object({ ui_name: z.string().trim().min(1).max(80) }),
    response: ok({ wallet: walletRowSchema }),
  }),
  walletIbans: defineRoute({
    method: 'POST',
    path: '/wallets/ibans/:size/:page',
    summary: 'IBANs of a wallet with filters (size = rows per page)',
    tag,
    auth: 'user',
    right: 'walletIbans/accGetWalletIbansByWallet',
    errors: ['FORBIDDEN', 'IBAN_FILTER_INVALID', 'WALLET_NOT_FOUND'],
    params: z.object({ size: pageParams.shape.rows, page: pageParams.shape.page }),
    body: z.object({
      wallet_id: z.coerce.number().int().positive(),
      iban_status: z.coerce.number().int().min(0).max(1).optional(),
      filter_param: z.enum(['iban_number']).optional(),
      filter_value: z.string().max(60).optional(),
      sort_param: z.enum(IBAN_SORT_PARAMS).default('created'),
      sort_order: sortOrder.default('asc'),
      iban_level: z.coerce.number().int().min(0).max(9).optional(),
      iban_check_rule_code: z.string().max(40).optional(),
    }),
    response: ok({
      wallet_ibans: z.array(walletIbanSchema),
      quantity: z.number().int(),
      page: z.number().int(),
      forcedPageOne: z.boolean(),
    }),
  }),
  walletStatement: defineRoute({
    method: 'POST',
    path: '/wallets/statements',
    summary: 'Account statement for a UTC period, streamed: pdf, csv, camt053 (ISO 20022) or mt940',
    tag,
    auth: 'user',
    right: LIST_RIGHT,
    errors: [
      'STATEMENT_CURRENCY_UNKNOWN',
      'STATEMENT_FORMAT_CURRENCY',
      'STATEMENT_PERIOD_INVALID',
      'WALLET_NOT_FOUND',
    ],
    body: z.object({
      wallet_uuid: z.uuid(),
      /** Inclusive UTC calendar dates. */
      date_from: isoDate,
      date_to: isoDate,
      format: z.enum(STATEMENT_FORMATS).default('pdf'),
      currency: currencyCodeSchema.optional(),
    }),
    response: z.unknown(),
    raw: true,
  }),
  walletFeeStatement: defineRoute({
    method: 'POST',
    path: '/wallets/fee_statements',
    summary: 'Fee statement of one month MM/YYYY (spec §5 window), PDF or CSV',
    tag,
    auth: 'user',
    right: LIST_RIGHT,
    errors: [
      'PERIOD_BEFORE_FIRST',
      'PERIOD_FORMAT',
      'PERIOD_NOT_FINISHED',
      'PERIOD_REQUIRED',
      'STATEMENT_CURRENCY_UNKNOWN',
      'WALLET_NOT_FOUND',
    ],
    body: z.object({
      wallet_uuid: z.uuid(),
      period: z.string().max(20),
      format: z.enum(['pdf', 'csv']).default('pdf'),
    }),
    response: z.unknown(),
    raw: true,
  }),
  walletPrintout: defineRoute({
    method: 'GET',
    path: '/wallets/get_printout/:uuid/:iban/:with_balance/:currency?',
    summary: 'Account verification letter (PDF): provider entity, IBAN, Code 128 document reference',
    tag,
    auth: 'user',
    right: LIST_RIGHT,
    errors: ['STATEMENT_CURRENCY_UNKNOWN', 'WALLET_NOT_FOUND'],
    params: z.object({
      uuid: z.uuid(),
      iban: z.string().regex(/^[A-Za-z0-9]{15,34}$/, 'Use the IBAN without spaces.'),
      with_balance: z.enum(['0', '1']),
      currency: currencyCodeSchema.optional(),
    }),
    response: z.unknown(),
    raw: true,
  }),
  walletDailyBalances: defineRoute({
    method: 'GET',
    path: '/wallet_balances_widgets/by_currency/:id',
    summary: 'Closing daily balances of one wallet per currency (details by account)',
    tag,
    auth: 'user',
    right: LIST_RIGHT,
    errors: ['FORBIDDEN', 'WALLET_NOT_FOUND'],
    params: walletIdParams,
    query: z.object({
      days: z.coerce.number().int().min(1).max(366).default(30),
      /** Last day shown (UTC); today when absent. */
      date_to: isoDate.optional(),
    }),
    response: ok({
      daily_balances: z.array(z.object({ currency: z.string(), days: z.array(dailyBalanceSchema) })),
    }),
  }),
  walletsByDateCurrency: defineRoute({
    method: 'POST',
    path: '/wallet_balances_widgets/wallets_by_date_currency',
    summary: 'Closing daily balances screen: every wallet of the company on one UTC date in one currency',
    tag,
    auth: 'user',
    right: LIST_RIGHT,
    errors: ['WALLET_NOT_FOUND'],
    body: z.object({ date: isoDate, currency: currencyCodeSchema }),
    response: ok({
      date: z.string(),
      currency: z.string(),
      wallets: z.array(
        z.object({
          id: z.number().int(),
          uuid: z.string(),
          ui_name: z.string(),
          opening_balance: moneySchema,
          closing_balance: moneySchema,
          credits: moneySchema,
          debits: moneySchema,
        }),
      ),
      total_closing: moneySchema,
    }),
  }),
  walletAvailableBalances: defineRoute({
    method: 'GET',
    path: '/wallet_balances_widgets/available',
    summary:
      'Available balance of every wallet and currency (dashboard widget), with the negative-balance notice',
    tag,
    auth: 'user',
    right: LIST_RIGHT,
    response: ok({
      balances: z.array(
        z.object({
          wallet_id: z.number().int(),
          uuid: z.string(),
          ui_name: z.string(),
          currency: z.string(),
          balance: moneySchema,
          available: moneySchema,
          is_negative: z.boolean(),
        }),
      ),
      has_negative: z.boolean(),
      notice: z.string().nullable(),
    }),
  }),
};
