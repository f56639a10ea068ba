import {
  isCurrencyCode,
  parseAmountInput,
  TRANSFER_REFERENCE_MAX,
  transferAmountMinor,
  tryToMinor,
  type WalletTransferRequest,
} from '@portal/domain';
import type { TFunction } from 'i18next';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** One wallet and currency the company holds, with what is available (the balances widget's rows). */
export interface TransferAccount {
  wallet_id: number;
  uuid: string;
  ui_name: string;
  currency: string;
  available: string;
}

/** The form's values: the source is a wallet and one of its currencies, the target a wallet. */
export interface TransferFormValues {
  source: string;
  target: string;
  amount: string;
  reference: string;
}

export const sourceKey = (a: Pick<TransferAccount, 'wallet_id' | 'currency'>) =>
  `${a.wallet_id}:${a.currency}`;

export function emptyTransfer(
  accounts: readonly TransferAccount[],
  fromWalletId?: number,
): TransferFormValues {
  const first = accounts.find((a) => a.wallet_id === fromWalletId);
  return { source: first ? sourceKey(first) : '', target: '', amount: '', reference: '' };
}

/** Where money can go from `source`: another wallet of the company holding the same currency. */
export function targetsOf(accounts: readonly TransferAccount[], source: string): TransferAccount[] {
  const from = accounts.find((a) => sourceKey(a) === source);
  if (!from) return [];
  return accounts.filter((a) => a.currency === from.currency && a.wallet_id !== from.wallet_id);
}

/** The request as the server takes it: amounts without the separators the user may type. */
export function toTransferRequest(
  accounts: readonly TransferAccount[],
  values: TransferFormValues,
): WalletTransferRequest | null {
  const from = accounts.find((a) => sourceKey(a) === values.source);
  const to = targetsOf(accounts, values.source).find((a) => String(a.wallet_id) === values.target);
  const amount = parseAmountInput(values.amount);
  if (!from || !to || !amount.ok) return null;
  return {
    from_wallet_id: from.uuid,
    to_wallet_id: to.uuid,
    currency: from.currency,
    amount: amount.value,
    reference: values.reference.trim(),
  };
}

/**
 * react-hook-form resolver over the domain's amount rule (never re-declared) and the available
 * balance; amount messages are `payments:fieldErrors.<CODE>`, as on the pay-out form.
 */
export function transferResolver(
  accounts: readonly TransferAccount[],
  t: TFunction,
): Resolver<TransferFormValues> {
  return async (values) => {
    const errors: FieldErrors<TransferFormValues> = {};
    const set = (field: keyof TransferFormValues, message: string) => {
      errors[field] = { type: 'validate', message };
    };
    const from = accounts.find((a) => sourceKey(a) === values.source);
    if (!from) set('source', t('wallets:transfer.errors.fromRequired'));
    if (!values.target) set('target', t('wallets:transfer.errors.toRequired'));
    if (from && isCurrencyCode(from.currency)) {
      const typed = parseAmountInput(values.amount);
      const amount = typed.ok ? transferAmountMinor(typed.value, from.currency) : typed;
      const available = tryToMinor(from.available, from.currency);
      if (!amount.ok) set('amount', t(`payments:fieldErrors.${amount.error}`, { currency: from.currency }));
      else if (available.ok && amount.value > available.value) set('amount', t('errors:INSUFFICIENT_FUNDS'));
    }
    if (values.reference.trim().length > TRANSFER_REFERENCE_MAX)
      set('reference', t('wallets:transfer.errors.referenceTooLong', { max: TRANSFER_REFERENCE_MAX }));
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}
