import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { inviteBodySchema } from '@portal/domain';
import { IconAt, IconLock } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { notifySuccess } from '../../../shared/api/index.ts';
import { sha512Hex } from '../../../shared/security/password-digest.ts';
import { useChangeEmail } from '../api.ts';

/** The same email rule as every other email field of the identity route table. */
const emailField = inviteBodySchema.shape.email;

const schemaFor = (currentEmail: string) =>
  z
    .object({ email: emailField, password: z.string().min(1) })
    .refine((value) => value.email.trim().toLowerCase() !== currentEmail.toLowerCase(), {
      path: ['email'],
      message: 'sameAsCurrent',
    });
type Form = { email: string; password: string };

/** Change email (spec §7): password + new address; the address stays unconfirmed until the mailed link. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const { t } = useTranslation();
  const change = useChangeEmail();
  const form = useForm<Form>({
    resolver: zodResolver(schemaFor(currentEmail)),
    defaultValues: { email: '', password: '' },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (values) => {
    change.mutate(
      { body: { email: values.email.trim(), password: await sha512Hex(values.password) } },
      {
        onSuccess: (answer) => {
          form.reset();
          notifySuccess(t('security:email.changed', { email: answer.email }));
        },
      },
    );
  });
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        <TextInput
          type="email"
          label={t('security:email.new')}
          autoComplete="email"
          leftSection={<IconAt size={16} />}
          error={
            errors.email
              ? t(
                  errors.email.message === 'sameAsCurrent'
                    ? 'security:email.sameAsCurrent'
                    : 'security:email.invalid',
                )
              : undefined
          }
          data-testid="new-email"
          {...form.register('email')}
        />
        <PasswordInput
          label={t('security:currentPassword')}
          autoComplete="current-password"
          leftSection={<IconLock size={16} />}
          error={errors.password ? t('login:validation.passwordRequired') : undefined}
          {...form.register('password')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            {t('security:email.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
