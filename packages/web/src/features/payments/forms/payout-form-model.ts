import {
  METHOD_REQUISITES,
  type PaymentMethod,
  REQUISITE_FIELDS,
  type RequisiteField,
  type RequisiteSpec,
  validatePayout,
} from '@portal/domain';
import type { TFunction } from 'i18next';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { PaymentDetails } from '../api.ts';

export type PayeeType = 'individual' | 'corporate';

/** The new-payment form's values; rules come from the domain's `validatePayout` (never re-declared). */
export interface PayoutFormValues {
  walletId: string;
  currency: string;
  method: PaymentMethod | '';
  amount: string;
  payeeType: PayeeType;
  requisites: Record<RequisiteField, string>;
  comments: string;
  templateId: string | null;
}

export const emptyRequisites = (): Record<RequisiteField, string> =>
  Object.fromEntries(REQUISITE_FIELDS.map((f) => [f, ''])) as Record<RequisiteField, string>;

export const emptyPayout = (): PayoutFormValues => ({
  walletId: '',
  currency: '',
  method: '',
  amount: '',
  payeeType: 'corporate',
  requisites: emptyRequisites(),
  comments: '',
  templateId: null,
});

export const requisitesOf = (method: PaymentMethod | ''): readonly RequisiteSpec[] =>
  method === '' ? [] : METHOD_REQUISITES[method];

/** `payment_details` of the challenge and create calls: only the method's fields, as typed. */
export function toPaymentDetails(values: PayoutFormValues): PaymentDetails {
  const requisites: Partial<Record<RequisiteField, string>> = {};
  for (const spec of requisitesOf(values.method)) {
    const value = values.requisites[spec.field].trim();
    if (value !== '') requisites[spec.field] = value;
  }
  return {
    currency: values.currency,
    amount: values.amount.trim(),
    requisites,
    payee_type: values.payeeType,
    comments: values.comments.trim(),
    ...(values.templateId ? { template_id: values.templateId } : {}),
  };
}

/** react-hook-form resolver over the domain check; messages from `payments:fieldErrors.<CODE>`. */
export function payoutResolver(t: TFunction): Resolver<PayoutFormValues> {
  return async (values) => {
    const errors: FieldErrors<PayoutFormValues> = {};
    const set = (path: string, message: string) => {
      const parts = path.split('.');
      let node = errors as Record<string, unknown>;
      for (const part of parts.slice(0, -1)) {
        node[part] ??= {};
        node = node[part] as Record<string, unknown>;
      }
      node[parts.at(-1) ?? path] = { type: 'validate', message };
    };
    if (!values.walletId) set('walletId', t('payments:form.errors.walletRequired'));
    if (!values.currency) set('currency', t('payments:form.errors.currencyRequired'));
    if (!values.method) set('method', t('payments:form.errors.methodRequired'));
    if (values.method && values.currency) {
      const check = validatePayout({
        method: values.method,
        currency: values.currency,
        amount: values.amount,
        requisites: values.requisites,
      });
      if (!check.ok)
        for (const [key, error] of Object.entries(check.errors)) {
          const params: Record<string, string> = { ...error.params };
          if (key.startsWith('requisites.'))
            params.field = t(`payments:fields.${key.slice('requisites.'.length)}`);
          set(key, t(`payments:fieldErrors.${error.code}`, params));
        }
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

interface WalletChoice {
  id: number | string;
  uuid: string;
  balances: readonly { currency: string }[];
}

/**
 * The account a copied payment or a template fills in: the one it names, else (a template saved
 * without an account, like the demo's) the account already chosen if it holds the currency, else
 * the first account that does. An empty account left the currency list empty too (issue 36).
 */
export function walletForPrefill(
  wallets: readonly WalletChoice[],
  named: string | null,
  chosenUuid: string,
  currency: string,
): string {
  const byName = wallets.find((w) => w.uuid === named || String(w.id) === named);
  if (byName) return byName.uuid;
  const holds = (w: WalletChoice) => w.balances.some((b) => b.currency === currency);
  const chosen = wallets.find((w) => w.uuid === chosenUuid);
  if (chosen && holds(chosen)) return chosen.uuid;
  return wallets.find(holds)?.uuid ?? chosenUuid;
}
