import { coreErrors } from './core.errors.ts';
import { directoryErrors } from '../directory/directory.api.ts';
import { referenceErrors } from '../references/references.api.ts';
import { surveyErrors } from '../survey/survey.api.ts';
import { paymentErrors } from '../payments/payments.errors.ts';
import { boardingErrors } from '../boarding/boarding.errors.ts';
import { identityErrors } from '../identity/identity.errors.ts';
import { ledgerErrors } from '../ledger/ledger.errors.ts';
import { walletErrors } from '../wallets/wallets.errors.ts';
import { walletTransferErrors } from '../wallets/wallet-transfer.errors.ts';
import { fxErrors } from '../fx/fx.errors.ts';
import { virtualAccountErrors } from '../virtual-accounts/va.errors.ts';
import { settingsErrors } from '../settings/settings.errors.ts';
import { messageErrors } from '../messages/messages.errors.ts';
import { noticeErrors } from '../notices/notices.errors.ts';
import { onchainErrors } from '../onchain/onchain.errors.ts';
import { reliabilityErrors } from '../reliability/reliability.errors.ts';
import { bulkPayoutErrors } from '../bulk-payouts/bulk.errors.ts';
import { operatorToolsErrors } from '../operator-tools/operator-tools.api.ts';
import { paymentRequestErrors } from '../payment-requests/payment-requests.errors.ts';
import { companyInfoErrors } from '../company-info/company-info.api.ts';

export { defineErrors, formatMessage, type ErrorDef } from './define.ts';

/**
 * The whole error catalogue. Each area keeps its own `defineErrors` record beside its rules
 * and spreads it in here, so one code has one status and one English message everywhere.
 */
export const errorCatalogue = {
  ...coreErrors,
  ...directoryErrors,
  ...referenceErrors,
  ...surveyErrors,
  ...paymentErrors,
  ...boardingErrors,
  ...identityErrors,
  ...ledgerErrors,
  ...walletErrors,
  ...walletTransferErrors,
  ...fxErrors,
  ...virtualAccountErrors,
  ...messageErrors,
  ...noticeErrors,
  ...settingsErrors,
  ...onchainErrors,
  ...reliabilityErrors,
  ...bulkPayoutErrors,
  ...operatorToolsErrors,
  ...paymentRequestErrors,
  ...companyInfoErrors,
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
