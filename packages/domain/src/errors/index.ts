import { coreErrors } from './core.errors.ts';
import { paymentErrors } from '../payments/payments.errors.ts';
import { boardingErrors } from '../boarding/boarding.errors.ts';
import { identityErrors } from '../identity/identity.errors.ts';
import { ledgerErrors } from '../ledger/ledger.errors.ts';
import { walletErrors } from '../wallets/wallets.errors.ts';

export { defineErrors, formatMessage, type ErrorDef } from './define.ts';

/**
 * The whole error catalogue. Each area keeps its own `defineErrors` record beside its rules
 * and spreads it in here, so one code has one status and one English message everywhere.
 */
export const errorCatalogue = {
  ...coreErrors,
  ...paymentErrors,
  ...boardingErrors,
  ...identityErrors,
  ...ledgerErrors,
  ...walletErrors,
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(errorCatalogue, code);

/** The JSON body of every failed call (design §6). */
export interface ErrorBody {
  success: false;
  code: ErrorCode;
  messages: string[];
  fields?: Record<string, string>;
  params?: Record<string, string | number>;
  requestId?: string;
}
