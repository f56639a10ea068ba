import { Modal, SimpleGrid, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { apiRoutes, parseAmountInput } from '@portal/domain';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useFieldError } from '../../../shared/forms/field-message.ts';
import { bodySchema } from '../../../shared/forms/form-utils.ts';
import { DateField } from '../../../shared/ui/date-field.tsx';
import { useCreateOffer } from '../api.ts';
import { DialogActions } from '../../../shared/ui/dialog-actions.tsx';

const schema = bodySchema(apiRoutes.opOfferCreate);
type Values = z.input<typeof schema>;
const LISTS = ['account_types', 'payment_options', 'territories', 'currencies', 'payment_systems'] as const;

const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/** The offer letter (spec §3 items) the operator sends to the applicant. */
export function OfferForm({
  uuid,
  client,
  opened,
  onClose,
}: {
  uuid: string;
  client: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateOffer();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      client,
      term: '12 months',
      account_types: ['Business account'],
      payment_options: ['SEPA', 'SWIFT'],
      territories: ['EEA', 'United Kingdom'],
      currencies: ['EUR', 'GBP'],
      default_currency: 'EUR',
      payment_systems: ['SEPA', 'FPS'],
      minimum_funds: { amount: '1000.00', currency: 'EUR' },
      expiry_date: inAMonth(),
      condition: '',
      fee: '0.2% per payment, min EUR 1',
    },
  });
  const e = form.formState.errors;
  const fieldError = useFieldError();
  const err = (name: FieldPath<Values>) => fieldError(form.getFieldState(name).error?.message);
  return (
    <Modal opened={opened} onClose={onClose} size="xl" title={t('operator:offers.create')}>
      <form
        noValidate
        data-testid="offer-form"
        onSubmit={form.handleSubmit((body) => {
          // Amounts go through the domain's parser: thousands separators dropped, never a float.
          const parsed = parseAmountInput(body.minimum_funds.amount);
          if (!parsed.ok)
            return form.setError('minimum_funds.amount', { message: t('operator:offers.badAmount') });
          create.mutate(
            {
              params: { uuid },
              body: { ...body, minimum_funds: { ...body.minimum_funds, amount: parsed.value } },
            },
            { onSuccess: onClose },
          );
        })}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('wizard:offers.items.client')}
              error={fieldError(e.client?.message)}
              {...form.register('client')}
            />
            <TextInput
              label={t('wizard:offers.items.term')}
              error={fieldError(e.term?.message)}
              {...form.register('term')}
            />
          </SimpleGrid>
          {LISTS.map((name) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <TagsInput
                  label={t(`wizard:offers.items.${name}`)}
                  value={field.value}
                  onChange={field.onChange}
                  error={err(name)}
                />
              )}
            />
          ))}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t('wizard:offers.items.default_currency')}
              error={fieldError(e.default_currency?.message)}
              {...form.register('default_currency')}
            />
            <TextInput
              label={t('wizard:offers.items.minimum_funds')}
              error={fieldError(e.minimum_funds?.amount?.message)}
              {...form.register('minimum_funds.amount')}
            />
            <TextInput
              label={t('operator:offers.fundsCurrency')}
              error={fieldError(e.minimum_funds?.currency?.message)}
              {...form.register('minimum_funds.currency')}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="expiry_date"
            render={({ field }) => (
              <DateField
                label={t('wizard:offers.items.expiry_date')}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldError(e.expiry_date?.message)}
              />
            )}
          />
          <Textarea
            label={t('wizard:offers.items.fee')}
            error={fieldError(e.fee?.message)}
            autosize
            {...form.register('fee')}
          />
          <Textarea
            label={t('wizard:offers.items.condition')}
            error={fieldError(e.condition?.message)}
            autosize
            {...form.register('condition')}
          />
          <DialogActions
            cancelLabel={t('common:actions.cancel')}
            onCancel={onClose}
            submitLabel={t('operator:offers.send')}
            isSubmitting={create.isPending}
            submitTestId="offer-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}
