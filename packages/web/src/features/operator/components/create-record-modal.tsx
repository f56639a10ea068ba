import { Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { apiRoutes, PLATFORM_LABELS } from '@portal/domain';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { notifySuccess } from '../../../shared/api/index.ts';
import { useFieldError } from '../../../shared/forms/field-message.ts';
import { bodySchema } from '../../../shared/forms/form-utils.ts';
import { useCreateBoarding } from '../api.ts';
import { DialogActions } from '../../../shared/ui/dialog-actions.tsx';

const schema = bodySchema(apiRoutes.opBoardingCreate);
type Values = z.input<typeof schema>;

/** New boarding record: the server mails the boarding link (role bc) to the contact. */
export function CreateRecordModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (uuid: string) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateBoarding();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      company_name: '',
      contact_email: '',
      contact_first_name: '',
      contact_last_name: '',
      partner: '',
    },
  });
  const e = form.formState.errors;
  const fieldError = useFieldError();
  return (
    <Modal opened={opened} onClose={onClose} title={t('operator:create.title')} size="lg" centered>
      <form
        noValidate
        data-testid="create-record-form"
        onSubmit={form.handleSubmit((body) =>
          create.mutate(
            { body: { ...body, partner: body.partner || undefined } },
            {
              onSuccess: (answer) => {
                notifySuccess(t('operator:create.sent', { email: body.contact_email }));
                form.reset();
                onCreated(answer.uuid);
              },
            },
          ),
        )}
      >
        <Stack gap="sm">
          <TextInput
            label={t('operator:create.company_name')}
            error={fieldError(e.company_name?.message)}
            {...form.register('company_name')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('operator:create.contact_first_name')}
              error={fieldError(e.contact_first_name?.message)}
              {...form.register('contact_first_name')}
            />
            <TextInput
              label={t('operator:create.contact_last_name')}
              error={fieldError(e.contact_last_name?.message)}
              {...form.register('contact_last_name')}
            />
          </SimpleGrid>
          <TextInput
            label={t('operator:create.contact_email')}
            type="email"
            error={fieldError(e.contact_email?.message)}
            {...form.register('contact_email')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('operator:create.partner')}
              description={t('operator:create.partnerHint')}
              error={fieldError(e.partner?.message)}
              {...form.register('partner')}
            />
            <Controller
              control={form.control}
              name="platform"
              render={({ field }) => (
                <Select
                  label={t('operator:create.platform')}
                  data={PLATFORM_LABELS.map((value) => ({ value, label: value }))}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value ?? undefined)}
                  clearable
                />
              )}
            />
          </SimpleGrid>
          <DialogActions
            cancelLabel={t('common:actions.cancel')}
            onCancel={onClose}
            submitLabel={t('operator:create.submit')}
            isSubmitting={create.isPending}
            submitTestId="create-record-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}
