import { Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { safeRedirect } from '../../../shared/routes/route-names.ts';
import { hostPlatform, usePlatform } from '../../../shared/api/index.ts';
import { useSession } from '../../../shared/session/index.ts';
import { dismissFirstPaint } from '../../../shared/ui/first-paint.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { CredentialsStep } from '../components/credentials-step.tsx';
import { LoginBackLink } from '../components/login-back-link.tsx';
import { MfaCodeStep } from '../components/mfa-code-step.tsx';
import { MfaSetupStep } from '../components/mfa-setup-step.tsx';
import { PasswordChangeStep } from '../components/password-change-step.tsx';
import type { LoginRouteState } from '../components/recovery-link.tsx';
import { RecoveryRequest } from '../components/recovery-request.tsx';
import { useLoginFlow } from '../hooks/use-login-flow.ts';

export type { LoginRouteState } from '../components/recovery-link.tsx';

/** Route `login` (/frlgn): password → MFA setup (QR) or code → overdue password change → portal. */
export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const session = useSession();
  const platform = usePlatform().data?.platform ?? hostPlatform();
  const target = safeRedirect(searchParams.get('redirect'));
  const routeState = location.state as LoginRouteState | null;
  // The static copy of this screen that index.html painted first gives way to the real one.
  useEffect(dismissFirstPaint, []);
  const flow = useLoginFlow({ target, initialLogin: routeState?.login ?? '' });
  const { step } = flow;

  if (session.isLoggedIn && !flow.signIn.isPending && !flow.confirm.isPending)
    return <Navigate to={target} replace />;

  const recovery = routeState?.step;
  let content: React.ReactNode;
  if (recovery) {
    content = (
      <Stack gap="md">
        <RecoveryRequest kind={recovery} initialLogin={flow.credentialsForm.getValues('login')} />
        <LoginBackLink to={location.pathname + location.search} />
      </Stack>
    );
  } else if (step.kind === 'mfa_setup') {
    content = <MfaSetupStep flow={flow} step={step} />;
  } else if (step.kind === 'mfa_code') {
    content = <MfaCodeStep flow={flow} step={step} />;
  } else if (step.kind === 'password_change') {
    content = <PasswordChangeStep flow={flow} step={step} />;
  } else {
    content = <CredentialsStep flow={flow} entityName={platform.legalName} />;
  }

  return (
    <AuthCard>
      <title>{t('login:title')}</title>
      {content}
    </AuthCard>
  );
}
