import { TextInput } from '@mantine/core';
import type { corporateVaRequestSchema, individualVaRequestSchema, VaClientType } from '@portal/domain';
import type { ReactElement } from 'react';
import {
  Controller,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DateField } from '../../../shared/ui/date-field.tsx';

// The union of both kinds' inputs: the form registers the fields of its kind only, and the resolver
// runs the domain package's schema of that kind (no rule is re-declared here).
export type VaRequestFormValues = Omit<Partial<z.input<typeof corporateVaRequestSchema>>, 'client_type'> &
  Omit<Partial<z.input<typeof individualVaRequestSchema>>, 'client_type'> & { client_type?: VaClientType };

export type VaRequestFormApi = UseFormReturn<VaRequestFormValues, unknown, FieldValues>;

function errorAt(errors: FieldErrors, path: string): string | undefined {
  let cur: unknown = errors;
  for (const part of path.split('.')) cur = (cur as Record<string, unknown> | undefined)?.[part];
  const message = (cur as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

export const vaRequestDefaults = (type: VaClientType, walletUuid: string): VaRequestFormValues => ({
  wallet_uuid: walletUuid,
  client_type: type,
  client_customer_id: '',
  email: '',
  phone: '',
  address: { country_code: '', city: '', street: '', zip: '' },
  tax_residency_country: '',
  us_taxpayer_id: '',
  industry_type: '',
  business_activity: '',
  relevant_information: '',
  custom_parameters: [],
  force_new_iban: false,
  compliance_check_type: 'standard',
  ...(type === 'individual'
    ? { first_name: '', last_name: '', birth_date: '' }
    : {
        corporate_customer_name: '',
        incorporation_number: '',
        incorporation_country_code: '',
        incorporation_date: '',
        trading_website: '',
        expected_turnover: '',
        beneficial_legal_entity: '',
        ultimate_beneficial_owners: [
          {
            name: '',
            birth_date: '',
            ownership: '',
            beneficial_owner_pep: undefined as unknown as 'no',
            beneficial_owner_pep_details: '',
          },
        ],
        publicly_traded: false,
        stock_ticker: '',
        stock_exchange_mic: '',
      }),
});

/** What every section of the VA request form works with: the form, translated errors, a text field. */
export interface VaFormKit {
  form: VaRequestFormApi;
  err: (path: string) => string | undefined;
  field: (path: string, label: string, extra?: Record<string, unknown>) => ReactElement;
  /** A date typed in the user's locale format (the form keeps ISO), never a free-text YYYY-MM-DD. */
  dateField: (path: string, label: string, extra?: { withAsterisk?: boolean }) => ReactElement;
}

/** The error of a field as translated text, and a labelled text input registered at a path. */
export function useVaFormKit(form: VaRequestFormApi): VaFormKit {
  const { t } = useTranslation('virtualAccounts');
  const errors = form.formState.errors;
  const err = (path: string) => {
    const code = errorAt(errors, path);
    return code ? t(`validation.${code}`, { defaultValue: code }) : undefined;
  };
  const field = (path: string, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={t(`form.${label}`)}
      error={err(path)}
      data-testid={`va-field-${path}`}
      {...form.register(path as FieldPath<VaRequestFormValues>)}
      {...extra}
    />
  );
  const dateField = (path: string, label: string, extra: { withAsterisk?: boolean } = {}) => (
    <Controller
      control={form.control}
      name={path as FieldPath<VaRequestFormValues>}
      render={({ field: f }) => (
        <DateField
          label={t(`form.${label}`)}
          error={err(path)}
          data-testid={`va-field-${path}`}
          name={f.name}
          value={(f.value as string | undefined) ?? ''}
          onChange={f.onChange}
          onBlur={f.onBlur}
          {...extra}
        />
      )}
    />
  );
  return { form, err, field, dateField };
}
