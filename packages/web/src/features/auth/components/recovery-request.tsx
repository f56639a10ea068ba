import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck, IconUser } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/api/index.ts';
import { requestMfaReset, requestPasswordReset } from '../auth.api.ts';

export type RecoveryKind = 'forgotPassword' | 'resetMfa';

/**
 * Forgot password / lost authenticator (spec §7 renewprequest, resetmfarequest): the request goes to
 * the company's Master User, who sends the reset. The answer never says whether the login exists.
 */
export function RecoveryRequest({ kind, initialLogin }: { kind: RecoveryKind; initialLogin: string }) {
  const { t } = useTranslation();
  const [login, setLogin] = useState(initialLogin);
  const [touched, setTouched] = useState(false);
  const request = useMutation({
    mutationFn: (value: string) =>
      kind === 'forgotPassword' ? requestPasswordReset(value) : requestMfaReset(value),
    onError: (error) => notifyError(error, t),
  });
  const missing = touched && login.trim() === '';
  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        {t(`login:${kind}.title`)}
      </Title>
      {request.isSuccess ? (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="recovery-sent">
          {t(`login:${kind}.sent`)}
        </Alert>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setTouched(true);
            if (login.trim()) request.mutate(login);
          }}
        >
          <Stack gap="md">
            <Text c="dimmed" size="sm">
              {t(`login:${kind}.description`)}
            </Text>
            <TextInput
              label={t('login:fields.login')}
              autoComplete="username"
              leftSection={<IconUser size={16} />}
              value={login}
              onChange={(event) => setLogin(event.currentTarget.value)}
              error={missing ? t('login:validation.loginRequired') : undefined}
            />
            <Button type="submit" fullWidth loading={request.isPending}>
              {t(`login:${kind}.submit`)}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
