import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { notifySuccess } from '../../../shared/api/index.ts';
import { logout } from '../../../shared/session/index.ts';
import { newPasswordBody } from '../../auth/auth.api.ts';
import { NewPasswordInputs } from '../../auth/index.ts';
import { newPasswordFields, refineNewPassword } from '../../auth/index.ts';
import { sha512Hex } from '../../../shared/security/password-digest.ts';
import { useChangePassword } from '../api.ts';

const schema = z
  .object({ old_password: z.string().min(1, 'login:validation.passwordRequired'), ...newPasswordFields })
  .superRefine(refineNewPassword);
type Form = z.infer<typeof schema>;

/** Change password (spec §7): the server ends every session, so the user signs in again with the new one. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm<Form>({
    resolver: zodResolver(schema),
    defaultValues: { old_password: '', password: '', confirm: '' },
  });
  const oldError = form.formState.errors.old_password?.message;
  const onSubmit = form.handleSubmit(async (values) => {
    const body = { old_password: await sha512Hex(values.old_password), ...(await newPasswordBody(values)) };
    change.mutate(
      { body },
      {
        onSuccess: () => {
          notifySuccess(t('security:password.changed'));
          logout('user');
        },
      },
    );
  });
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        <PasswordInput
          label={t('security:currentPassword')}
          autoComplete="current-password"
          leftSection={<IconLock size={16} />}
          error={oldError ? t(oldError) : undefined}
          {...form.register('old_password')}
        />
        <NewPasswordInputs form={form} />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            {t('security:password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
