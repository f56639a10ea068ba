import type { TFunction } from 'i18next';

/**
 * One label function per kind of code the server sends (issue 36): screens call these instead of
 * printing `AccountService`, `SEPA_UK_ACCOUNT`, `VAAC010` or `ethereum`. A code the running app does
 * not know yet (a newer server) shows as it is rather than as a missing-key path.
 */
const label = (t: TFunction, key: string, code: string): string => t(key, { defaultValue: code });

/** The company's service kind (spec §1 current_service_code). */
export const serviceKindLabel = (t: TFunction, code: string): string =>
  label(t, `common:codes.service.${code}`, code);

/** IBAN / VA check rule (spec §4): which rails the number is reachable by. */
export const checkRuleLabel = (t: TFunction, code: string): string =>
  label(t, `common:codes.checkRule.${code}`, code);

/** VA closure and disabling reason (spec §3 VAAC codes) with its meaning. */
export const vaReasonLabel = (t: TFunction, code: string): string =>
  label(t, `virtualAccounts:vaac.${code}`, code);

/** A client's VA action (disable, enable, close). */
export const vaActionLabel = (t: TFunction, code: string): string =>
  label(t, `virtualAccounts:actionName.${code}`, code);

/** A blockchain network by its proper name (Ethereum, not `ethereum`). */
export const networkLabel = (t: TFunction, code: string): string =>
  label(t, `onchainTransfer:network.${code}`, code);
