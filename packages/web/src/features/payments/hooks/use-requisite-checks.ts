import {
  apiRoutes,
  isCurrencyCode,
  methodLabel,
  stripSeparators,
  validateBic,
  validateIbanForMethod,
} from '@portal/domain';
import { useCallback, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, useApiMutation } from '../../../shared/api/index.ts';
import type { PayoutFormValues } from '../forms/payout-form-model.ts';
import type { IbanCheckState } from '../forms/requisite-fields.tsx';

/**
 * The server's checks of single requisites while the user types: the IBAN (bank, warnings, the
 * method's own rules) and the intermediary bank's BIC, each on leaving its field.
 */
export function useRequisiteChecks(
  form: UseFormReturn<PayoutFormValues>,
  method: PayoutFormValues['method'],
  currency: string,
) {
  const { t } = useTranslation();
  const [ibanCheck, setIbanCheck] = useState<IbanCheckState | null>(null);
  const [intermediaryBank, setIntermediaryBank] = useState<string | null>(null);
  const checkIban = useApiMutation(apiRoutes.checkRequisite, { notify: false });
  const checkIntermediary = useApiMutation(apiRoutes.checkIntermediary, { notify: false });

  /** Forget both answers: the requisites they were given for are gone (method changed, prefill). */
  const clear = useCallback(() => {
    setIbanCheck(null);
    setIntermediaryBank(null);
  }, []);

  const onIbanBlur = () => {
    const iban = form.getValues('requisites.iban');
    if (!method || !currency || !isCurrencyCode(currency) || validateIbanForMethod(iban, method) !== null)
      return setIbanCheck(null);
    checkIban.mutate(
      { params: { method, currency }, body: { iban: stripSeparators(iban) } },
      {
        onSuccess: (answer) => {
          setIbanCheck({ error: answer.error, warnings: answer.warnings, bank: answer.bank });
          if (answer.error)
            form.setError('requisites.iban', {
              message: t(`payments:fieldErrors.${answer.error.code}`, {
                method: methodLabel(method),
                currency,
                defaultValue: answer.error.message,
              }),
            });
        },
        onError: () => setIbanCheck(null),
      },
    );
  };

  const onIntermediaryBlur = () => {
    const bic = form.getValues('requisites.bankSwiftCode');
    setIntermediaryBank(null);
    if (!method || validateBic(bic) !== null) return;
    checkIntermediary.mutate(
      { params: { method }, body: { bankSwiftCode: stripSeparators(bic) } },
      {
        onSuccess: (answer) =>
          setIntermediaryBank(t('payments:checks.bank', { name: answer.bank.name, bic: answer.bank.bic })),
        onError: (error) =>
          form.setError('requisites.bankSwiftCode', {
            message:
              error instanceof ApiError
                ? t(`errors:${error.code}`, { ...error.params, defaultValue: error.messages.join(', ') })
                : '',
          }),
      },
    );
  };

  /** The IBAN check's refusal as the summary shows it, or null. */
  const ibanError = ibanCheck?.error
    ? t(`payments:fieldErrors.${ibanCheck.error.code}`, {
        method: method ? methodLabel(method) : '',
        currency,
        defaultValue: ibanCheck.error.message,
      })
    : null;

  return { ibanCheck, intermediaryBank, ibanError, clear, onIbanBlur, onIntermediaryBlur };
}

export type RequisiteChecks = ReturnType<typeof useRequisiteChecks>;
