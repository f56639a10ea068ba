import { PasswordInput, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordPolicy } from './password-policy.tsx';

interface Fields extends FieldValues {
  password: string;
  confirm: string;
}

/** New password + confirmation, with the live policy counts under them. */
export function NewPasswordInputs<T extends Fields>({ form }: { form: UseFormReturn<T> }) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  const password = (form.watch('password' as Path<T>) as string | undefined) ?? '';
  const message = (key: 'password' | 'confirm') => {
    const text = errors[key]?.message;
    return typeof text === 'string' ? t(text) : undefined;
  };
  return (
    <Stack gap="sm">
      <PasswordInput
        label={t('login:password.new')}
        autoComplete="new-password"
        leftSection={<IconLock size={16} />}
        error={message('password')}
        data-testid="new-password"
        {...form.register('password' as Path<T>)}
      />
      <PasswordPolicy password={password} />
      <PasswordInput
        label={t('login:password.confirm')}
        autoComplete="new-password"
        leftSection={<IconLock size={16} />}
        error={message('confirm')}
        data-testid="confirm-password"
        {...form.register('confirm' as Path<T>)}
      />
    </Stack>
  );
}
