import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, MultiSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  CURRENCY_CODES,
  DIRECTORY_LIMITS,
  DIRECTORY_NETWORKS,
  DIRECTORY_SERVICES,
  directoryProfileSchema,
} from '@portal/domain';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCountryOptions, useCurrencyList } from '../../../shared/references/index.ts';
import type { DirectoryEntry } from '../api.ts';

type FormIn = z.input<typeof directoryProfileSchema>;
type FormOut = z.output<typeof directoryProfileSchema>;

const EMPTY: FormIn = {
  display_name: '',
  description: '',
  services: [],
  countries: [],
  currencies: [],
  networks: [],
  website: '',
  contact_name: '',
  contact_email: '',
};

const fromEntry = (e: DirectoryEntry): FormIn => ({
  display_name: e.display_name,
  description: e.description,
  services: e.services as FormIn['services'],
  countries: e.countries,
  currencies: e.currencies,
  networks: e.networks as FormIn['networks'],
  website: e.website,
  contact_name: e.contact_name,
  contact_email: e.contact_email,
});

export interface ProfileFormProps {
  entry: DirectoryEntry | null;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (profile: FormOut) => void;
  onCancel: () => void;
}

/** The profile a company publishes in the directory; rules come from the domain schema only. */
export function ProfileForm({ entry, submitLabel, isPending, onSubmit, onCancel }: ProfileFormProps) {
  const { t } = useTranslation();
  const countries = useCountryOptions({ withCode: true });
  // The server's currency list (ISO 4217 names); the same codes without names until it answers.
  const currencyList = useCurrencyList();
  const currencies = currencyList
    ? currencyList.map((c) => ({ value: c.code, label: `${c.code} — ${c.name}` }))
    : CURRENCY_CODES.map((c) => ({ value: c, label: c }));
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(directoryProfileSchema),
    defaultValues: entry ? fromEntry(entry) : EMPTY,
  });
  const { errors } = form.formState;
  // Field messages are codes of the domain schema (`required`, `tooLong` …), translated here.
  const message = (error: FieldError | { message?: string } | undefined) => {
    const list = error as unknown as ({ message?: string } | undefined)[] | undefined;
    const code = error?.message ?? (Array.isArray(list) ? list.find((e) => e?.message)?.message : undefined);
    return code
      ? t(`ecosystem:validation.${code}`, { defaultValue: t('ecosystem:validation.invalid') })
      : undefined;
  };
  const multi = (
    name: 'services' | 'countries' | 'currencies' | 'networks',
    data: { value: string; label: string }[],
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <MultiSelect
          label={t(`ecosystem:form.${name}`)}
          data={data}
          value={field.value ?? []}
          onChange={field.onChange}
          onBlur={field.onBlur}
          searchable
          clearable
          maxValues={DIRECTORY_LIMITS.listItems}
          error={message(errors[name])}
          required={name === 'services'}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('ecosystem:form.displayName')}
          description={t('ecosystem:form.displayNameHint')}
          required
          maxLength={DIRECTORY_LIMITS.name}
          error={message(errors.display_name)}
          {...form.register('display_name')}
        />
        <Textarea
          label={t('ecosystem:form.description')}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={DIRECTORY_LIMITS.description}
          error={message(errors.description)}
          {...form.register('description')}
        />
        {multi(
          'services',
          DIRECTORY_SERVICES.map((s) => ({ value: s, label: t(`ecosystem:services.${s}`) })),
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {multi('countries', countries)}
          {multi('currencies', currencies)}
        </SimpleGrid>
        {multi(
          'networks',
          DIRECTORY_NETWORKS.map((n) => ({ value: n, label: t(`ecosystem:networks.${n}`) })),
        )}
        <TextInput
          label={t('ecosystem:form.website')}
          placeholder={t('ecosystem:form.websitePlaceholder')}
          error={message(errors.website)}
          {...form.register('website')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('ecosystem:form.contactName')}
            maxLength={DIRECTORY_LIMITS.contactName}
            error={message(errors.contact_name)}
            {...form.register('contact_name')}
          />
          <TextInput
            label={t('ecosystem:form.contactEmail')}
            type="email"
            error={message(errors.contact_email)}
            {...form.register('contact_email')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            {t('ecosystem:actions.cancel')}
          </Button>
          <Button type="submit" loading={isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
