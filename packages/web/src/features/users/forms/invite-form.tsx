import { zodResolver } from '@hookform/resolvers/zod';
import { Input, SegmentedControl, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { type ClientUserRight, inviteBodySchema } from '@portal/domain';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { notifySuccess } from '../../../shared/api/index.ts';
import { useCreateInvitation } from '../api.ts';
import { RightsFields } from '../components/rights-fields.tsx';
import { DialogActions } from '../../../shared/ui/dialog-actions.tsx';

const schema = inviteBodySchema;
type FormIn = z.input<typeof schema>;
type FormOut = z.output<typeof schema>;

const DEFAULT_VALIDITY_DAYS = 7;

/** Invite a user (spec §3 invitation fields) with the route table's schema through the zod resolver. */
export function InviteForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateInvitation();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(schema),
    defaultValues: {
      email: '',
      first_name: '',
      last_name: '',
      type: 'standard',
      mfa_required: true,
      access_rights: [],
      expires_at: new Date(Date.now() + DEFAULT_VALIDITY_DAYS * 86_400_000).toISOString(),
    },
  });
  const errors = form.formState.errors;
  const isMaster = form.watch('type') === 'master';

  const onSubmit = form.handleSubmit((body) =>
    create.mutate(
      { body },
      {
        onSuccess: (answer) => {
          notifySuccess(t('users:invite.sent', { email: answer.invitation.email }));
          onDone();
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="type"
          render={({ field }) => (
            <Stack gap={4}>
              <Input.Label>{t('users:invite.type')}</Input.Label>
              <SegmentedControl
                fullWidth
                value={field.value}
                onChange={(value) => field.onChange(value === 'master' ? 'master' : 'standard')}
                data={[
                  { value: 'standard', label: t('users:kind.standard') },
                  { value: 'master', label: t('users:kind.master') },
                ]}
              />
            </Stack>
          )}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('users:invite.firstName')}
            withAsterisk
            error={errors.first_name ? t('users:invite.validation.required') : undefined}
            data-testid="invite-first-name"
            {...form.register('first_name')}
          />
          <TextInput
            label={t('users:invite.lastName')}
            withAsterisk
            error={errors.last_name ? t('users:invite.validation.required') : undefined}
            data-testid="invite-last-name"
            {...form.register('last_name')}
          />
        </SimpleGrid>
        <TextInput
          type="email"
          label={t('users:invite.email')}
          withAsterisk
          error={errors.email ? t('users:invite.validation.email') : undefined}
          data-testid="invite-email"
          {...form.register('email')}
        />
        <Controller
          control={form.control}
          name="expires_at"
          render={({ field }) => (
            <DateTimePicker
              label={t('users:invite.expires')}
              value={field.value ? new Date(field.value) : null}
              onChange={(value) => field.onChange(value ? new Date(value).toISOString() : undefined)}
              minDate={new Date()}
              valueFormat="DD MMM YYYY HH:mm"
              error={errors.expires_at ? t('users:invite.validation.expires') : undefined}
            />
          )}
        />
        <Controller
          control={form.control}
          name="mfa_required"
          render={({ field }) => (
            <Switch
              label={t('users:invite.mfaRequired')}
              description={t('users:invite.mfaRequiredHint')}
              checked={field.value ?? true}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        <Stack gap={6}>
          <Input.Label>{t('users:invite.rights')}</Input.Label>
          <Input.Description>
            {t(isMaster ? 'users:invite.rightsMaster' : 'users:invite.rightsHint')}
          </Input.Description>
          <Controller
            control={form.control}
            name="access_rights"
            render={({ field }) => (
              <RightsFields value={(field.value ?? []) as ClientUserRight[]} onChange={field.onChange} />
            )}
          />
        </Stack>
        <DialogActions
          cancelLabel={t('common:actions.cancel')}
          onCancel={onDone}
          submitLabel={t('users:invite.submit')}
          isSubmitting={create.isPending}
          submitTestId="invite-submit"
        />
      </Stack>
    </form>
  );
}
