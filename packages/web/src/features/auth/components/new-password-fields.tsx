import { PasswordInput, type PasswordInputProps, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordPolicy } from './password-policy.tsx';

/** What a form gives each input: its name, change and blur handlers and ref, and its value when it holds it. */
export type PasswordInputBinding = Pick<PasswordInputProps, 'name' | 'value' | 'onChange' | 'onBlur'> & {
  ref?: Ref<HTMLInputElement>;
};

interface NewPasswordFieldsProps {
  /** The new password as typed (the policy counts follow it). */
  password: string;
  /** i18n keys of the fields' messages. */
  errors: { password?: string; confirm?: string };
  passwordInput: PasswordInputBinding;
  confirmInput: PasswordInputBinding;
}

/** New password + confirmation, with the live policy counts under them; any form library binds them. */
export function NewPasswordFields({ password, errors, passwordInput, confirmInput }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <PasswordInput
        label={t('login:password.new')}
        autoComplete="new-password"
        leftSection={<IconLock size={16} />}
        error={errors.password ? t(errors.password) : undefined}
        data-testid="new-password"
        {...passwordInput}
      />
      <PasswordPolicy password={password} />
      <PasswordInput
        label={t('login:password.confirm')}
        autoComplete="new-password"
        leftSection={<IconLock size={16} />}
        error={errors.confirm ? t(errors.confirm) : undefined}
        data-testid="confirm-password"
        {...confirmInput}
      />
    </Stack>
  );
}
