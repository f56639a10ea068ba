import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LoginFlow, LoginStepOf } from '../hooks/use-login-flow.ts';
import { ClockWarning } from './clock-warning.tsx';
import { CodeInput } from './code-input.tsx';
import { LoginBackLink } from './login-back-link.tsx';
import { LoginStepHeading } from './login-step-heading.tsx';
import { RecoveryLink } from './recovery-link.tsx';

/** Login step: the six-digit code of the authenticator; a complete code is sent at once. */
export function MfaCodeStep({ flow, step }: { flow: LoginFlow; step: LoginStepOf<'mfa_code'> }) {
  const { t } = useTranslation();
  const { code, confirm } = flow;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (code.length === 6) confirm.mutate({ credentials: step.credentials, code });
      }}
    >
      <Stack gap="md">
        <LoginStepHeading title={t('login:code.title')} description={t('login:code.description')} />
        <ClockWarning skew={flow.clockSkew} />
        <CodeInput
          value={code}
          onChange={flow.setCode}
          onComplete={(value) => confirm.mutate({ credentials: step.credentials, code: value })}
          disabled={confirm.isPending}
          autoFocus
        />
        <Button type="submit" fullWidth loading={confirm.isPending} disabled={code.length !== 6}>
          {t('login:code.submit')}
        </Button>
        <Group justify="space-between">
          <LoginBackLink onClick={flow.backToStart} />
          <RecoveryLink kind="resetMfa" />
        </Group>
      </Stack>
    </form>
  );
}
