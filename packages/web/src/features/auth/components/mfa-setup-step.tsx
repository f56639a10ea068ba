import { Center, Loader, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginFlow, LoginStepOf } from '../hooks/use-login-flow.ts';
import { ClockWarning } from './clock-warning.tsx';
import { CodeInput } from './code-input.tsx';
import { LoginBackLink } from './login-back-link.tsx';
import { LoginStepHeading } from './login-step-heading.tsx';

// Only a user without an authenticator sees this step: its QR code library stays off the login route.
const MfaSetup = lazy(() => import('./mfa-setup.tsx').then((module) => ({ default: module.MfaSetup })));

/** Login step for a user without an authenticator yet: scan the QR code, then send the first code. */
export function MfaSetupStep({ flow, step }: { flow: LoginFlow; step: LoginStepOf<'mfa_setup'> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <LoginStepHeading title={t('login:mfaSetup.title')} description={t('login:mfaSetup.description')} />
      <ClockWarning skew={flow.clockSkew} />
      {/* The same loader MfaSetup shows while the secret loads. */}
      <Suspense
        fallback={
          <Center py="xl">
            <Loader aria-label={t('login:mfaSetup.loading')} />
          </Center>
        }
      >
        <MfaSetup
          mfaToken={step.mfaToken}
          passwordDigest={step.credentials.passwordDigest}
          isSubmitting={flow.confirm.isPending}
          onSubmit={(value) => flow.confirm.mutate({ credentials: step.credentials, code: value })}
          codeInput={CodeInput}
        />
      </Suspense>
      <LoginBackLink onClick={flow.backToStart} />
    </Stack>
  );
}
