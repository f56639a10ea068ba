import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LoginFlow, LoginStepOf } from '../hooks/use-login-flow.ts';
import { ClockWarning } from './clock-warning.tsx';
import { LoginBackLink } from './login-back-link.tsx';
import { LoginStepHeading } from './login-step-heading.tsx';
import { MfaSetup } from './mfa-setup.tsx';

/** Login step for a user without an authenticator yet: scan the QR code, then send the first code. */
export function MfaSetupStep({ flow, step }: { flow: LoginFlow; step: LoginStepOf<'mfa_setup'> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <LoginStepHeading title={t('login:mfaSetup.title')} description={t('login:mfaSetup.description')} />
      <ClockWarning skew={flow.clockSkew} />
      <MfaSetup
        mfaToken={step.mfaToken}
        passwordDigest={step.credentials.passwordDigest}
        isSubmitting={flow.confirm.isPending}
        onSubmit={(value) => flow.confirm.mutate({ credentials: step.credentials, code: value })}
      />
      <LoginBackLink onClick={flow.backToStart} />
    </Stack>
  );
}
