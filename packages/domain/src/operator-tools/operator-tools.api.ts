import { z } from 'zod';
import { defineRoute, ok } from '../api/route.ts';
import { CLIENT_USER_KINDS, CLIENT_USER_RIGHTS } from '../enums/users.ts';
import { defineErrors, errorDef } from '../errors/define.ts';

/** Wallet statuses of spec §4 by name; closed is final (docs/decisions.md, operator tools). */
export const OPERATOR_WALLET_STATUSES = ['active', 'disabled', 'closed'] as const;
export type OperatorWalletStatus = (typeof OPERATOR_WALLET_STATUSES)[number];

const reason = z.string().trim().min(1).max(500);

export const operatorWalletSchema = z.object({
  id: z.string(),
  merchant_id: z.string(),
  merchant_name: z.string(),
  name: z.string(),
  status: z.enum(OPERATOR_WALLET_STATUSES),
  status_reason: z.string().nullable(),
  status_changed_at: z.string().nullable(),
  /** Per currency, decimal strings of the currency's exponent (never floats). */
  balances: z.array(z.object({ currency: z.string(), balance: z.string(), available: z.string() })),
});
export type OperatorWallet = z.infer<typeof operatorWalletSchema>;

export const operatorCompanySchema = z.object({ id: z.string(), name: z.string() });

export const operatorMembershipSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  merchant_id: z.string(),
  merchant_name: z.string(),
  type: z.enum(CLIENT_USER_KINDS),
  access_rights: z.array(z.enum(CLIENT_USER_RIGHTS)),
});

/** What waits for staff: the work queues of the staff landing page (issue 36). */
export const staffQueuesSchema = z.object({
  /** Boardings whose application forms are submitted and wait for the operator's review. */
  boardings_waiting: z.number().int(),
  /** Support cases not closed. */
  open_cases: z.number().int(),
  /** VA requests waiting for a decision (created, or pending an enhanced review). */
  va_requests: z.number().int(),
  /** Boarding files uploaded and waiting for verification. */
  reviews_due: z.number().int(),
});
export type StaffQueues = z.infer<typeof staffQueuesSchema>;

/** Operator console tools (issue 18): wallet status, a second company for a user. Admin groups only. */
export const operatorToolsRoutes = {
  opStaffHome: defineRoute({
    method: 'GET',
    path: '/operator/home',
    summary: 'The staff landing page: how many boardings, cases, VA requests and file reviews wait',
    tag: 'operator',
    auth: 'admin',
    response: ok({ queues: staffQueuesSchema }),
  }),
  opToolCompanies: defineRoute({
    method: 'GET',
    path: '/operator/tools/companies',
    summary: 'Live client companies, by name, for the console pickers',
    tag: 'operator',
    auth: 'admin',
    response: ok({ companies: z.array(operatorCompanySchema) }),
  }),
  opToolWallets: defineRoute({
    method: 'GET',
    path: '/operator/tools/companies/:merchantId/wallets',
    summary: "A company's wallets with status, reason and balances",
    tag: 'operator',
    auth: 'admin',
    errors: ['OPERATOR_COMPANY_NOT_FOUND'],
    params: z.object({ merchantId: z.uuid() }),
    response: ok({ wallets: z.array(operatorWalletSchema) }),
  }),
  opToolWalletStatus: defineRoute({
    method: 'POST',
    path: '/operator/tools/wallets/:id/status',
    summary: 'Change a wallet status (active, disabled, closed) with a reason; closed is final',
    tag: 'operator',
    auth: 'admin',
    errors: [
      'OPERATOR_COMPANY_NOT_FOUND',
      'WALLET_CLOSE_NOT_EMPTY',
      'WALLET_NOT_FOUND',
      'WALLET_STATUS_FINAL',
      'WALLET_STATUS_UNCHANGED',
    ],
    params: z.object({ id: z.uuid() }),
    body: z.object({ status: z.enum(OPERATOR_WALLET_STATUSES), reason }),
    response: ok({ wallet: operatorWalletSchema }),
  }),
  opToolAddMembership: defineRoute({
    method: 'POST',
    path: '/operator/tools/memberships',
    summary: 'Add an existing user to another company with a role and rights',
    tag: 'operator',
    auth: 'admin',
    errors: [
      'MEMBERSHIP_EXISTS',
      'OPERATOR_COMPANY_NOT_FOUND',
      'OPERATOR_USER_IS_STAFF',
      'OPERATOR_USER_NOT_FOUND',
      'RIGHTS_INCONSISTENT',
    ],
    body: z.object({
      email: z.string().trim().min(3).max(254),
      merchant_id: z.uuid(),
      type: z.enum(CLIENT_USER_KINDS),
      access_rights: z.array(z.enum(CLIENT_USER_RIGHTS)).max(CLIENT_USER_RIGHTS.length),
    }),
    response: ok({ membership: operatorMembershipSchema }),
  }),
};

export const operatorToolsErrors = defineErrors({
  WALLET_DISABLED: errorDef(
    403,
    'The account is disabled by the bank: new pay-outs, exchanges and on-chain sends are refused. Reason: {reason}',
  ),
  WALLET_STATUS_FINAL: errorDef(
    409,
    'The account is closed; a closed account cannot be reopened or changed.',
  ),
  WALLET_STATUS_UNCHANGED: errorDef(409, 'The account is already {status}.'),
  WALLET_CLOSE_NOT_EMPTY: errorDef(
    409,
    'The account can be closed only with a zero balance and no held money; {currency} holds {amount}.',
  ),
  OPERATOR_USER_NOT_FOUND: errorDef(404, 'No client user with the email {email}.'),
  OPERATOR_USER_IS_STAFF: errorDef(417, 'Staff users cannot be added to client companies.'),
  MEMBERSHIP_EXISTS: errorDef(409, 'The user already belongs to {company}.'),
  OPERATOR_COMPANY_NOT_FOUND: errorDef(404, 'The company was not found or is not live.'),
});
