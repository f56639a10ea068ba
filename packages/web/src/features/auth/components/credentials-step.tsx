import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconUser } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginFlow } from '../hooks/use-login-flow.ts';
import { detectBrowserSupport } from '../login-diagnostics.ts';
import { LoginStepHeading } from './login-step-heading.tsx';
import { RecoveryLink } from './recovery-link.tsx';

interface CredentialsStepProps {
  flow: LoginFlow;
  /** The legal name of the platform the user signs in to. */
  entityName: string;
}

/** First login step: login and password, with the spec §8 "browser not supported" warning. */
export function CredentialsStep({ flow, entityName }: CredentialsStepProps) {
  const { t } = useTranslation();
  const { credentialsForm: form, signIn } = flow;
  const support = useMemo(() => detectBrowserSupport(), []);
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => signIn.mutate(values))}>
      <Stack gap="md">
        <LoginStepHeading
          title={t('login:title')}
          description={t('login:subtitle', { entity: entityName })}
        />
        {support.level !== 'full' && (
          <Alert
            color={support.level === 'none' ? 'red' : 'yellow'}
            icon={<IconAlertTriangle size={18} />}
            title={t(`login:browser.${support.level}Title`)}
            data-testid="browser-support"
          >
            {t(`login:browser.${support.level}`)}
          </Alert>
        )}
        <TextInput
          label={t('login:fields.login')}
          autoComplete="username"
          leftSection={<IconUser size={16} />}
          error={form.errors.login && t(form.errors.login)}
          data-testid="login-field"
          {...form.field('login')}
        />
        <PasswordInput
          label={t('login:fields.password')}
          autoComplete="current-password"
          leftSection={<IconLock size={16} />}
          error={form.errors.password && t(form.errors.password)}
          data-testid="password-field"
          {...form.field('password')}
        />
        <Group justify="flex-end">
          <RecoveryLink kind="forgotPassword" />
        </Group>
        <Button type="submit" fullWidth loading={signIn.isPending} disabled={support.level === 'none'}>
          {t('login:submit')}
        </Button>
      </Stack>
    </form>
  );
}
