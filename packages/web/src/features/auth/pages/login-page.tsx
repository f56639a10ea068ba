import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconClockExclamation,
  IconLock,
  IconUser,
} from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { href, safeRedirect } from '../../../app/router/route-names.ts';
import { hostPlatform, notifyError, usePlatform } from '../../../shared/api/index.ts';
import { setSessionToken, useSession } from '../../../shared/session/index.ts';
import { dismissFirstPaint } from '../../../shared/ui/first-paint.ts';
import { type LoginAnswer, type LoginCredentials, newPasswordBody, requestToken } from '../auth.api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { CodeInput } from '../components/code-input.tsx';
import { MfaSetup } from '../components/mfa-setup.tsx';
import { NewPasswordInputs } from '../components/new-password-inputs.tsx';
import { type RecoveryKind, RecoveryRequest } from '../components/recovery-request.tsx';
import { newPasswordFields, refineNewPassword } from '../forms/new-password-schema.ts';
import {
  detectBrowserSupport,
  isClockWrong,
  loginFailureKey,
  measureClockSkew,
} from '../login-diagnostics.ts';
import { sha512Hex } from '../password-hash.ts';

/** Route state: recovery steps (so Back works), and a login to prefill after self-registration. */
export interface LoginRouteState {
  step?: RecoveryKind;
  login?: string;
}

type Step =
  | { kind: 'credentials' }
  | { kind: 'mfa_setup'; credentials: LoginCredentials; mfaToken: string }
  | { kind: 'mfa_code'; credentials: LoginCredentials }
  | { kind: 'password_change'; credentials: LoginCredentials; code: string };

const credentialsSchema = z.object({
  login: z.string().trim().min(1, 'login:validation.loginRequired'),
  password: z.string().min(1, 'login:validation.passwordRequired'),
});
type CredentialsForm = z.infer<typeof credentialsSchema>;

const passwordChangeSchema = z.object(newPasswordFields).superRefine(refineNewPassword);
type PasswordChangeForm = z.infer<typeof passwordChangeSchema>;

/** Route `login` (/frlgn): password → MFA setup (QR) or code → overdue password change → portal. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const session = useSession();
  const platform = usePlatform().data?.platform ?? hostPlatform();
  const target = safeRedirect(searchParams.get('redirect'));
  const routeState = location.state as LoginRouteState | null;
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [code, setCode] = useState('');
  // Spec §8: browser not supported (feature detection) and device date and time wrong.
  const support = useMemo(() => detectBrowserSupport(), []);
  const [clockSkew, setClockSkew] = useState<number | undefined>();
  const codeStep = step.kind !== 'credentials';
  // The static copy of this screen that index.html painted first gives way to the real one.
  useEffect(dismissFirstPaint, []);
  useEffect(() => {
    if (!codeStep) return;
    let live = true;
    void measureClockSkew().then((skew) => {
      if (live) setClockSkew(skew);
    });
    return () => {
      live = false;
    };
  }, [codeStep]);

  const form = useForm<CredentialsForm>({
    resolver: zodResolver(credentialsSchema),
    defaultValues: { login: routeState?.login ?? '', password: '' },
  });
  const passwordForm = useForm<PasswordChangeForm>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { password: '', confirm: '' },
  });

  const onAnswer = (answer: LoginAnswer, credentials: LoginCredentials, sentCode?: string) => {
    switch (answer.login_prompt) {
      case 'mfa_setup':
        setStep({ kind: 'mfa_setup', credentials, mfaToken: answer.token });
        return;
      case 'mfa_code':
        setCode('');
        setStep({ kind: 'mfa_code', credentials });
        return;
      case 'password_change':
        setCode(sentCode ?? '');
        setStep({ kind: 'password_change', credentials, code: sentCode ?? '' });
        return;
      case undefined:
        setSessionToken(answer.token, { justLoggedIn: true });
        navigate(target, { replace: true });
        return;
    }
  };
  const onFailure = (error: unknown) => {
    setCode('');
    const key = loginFailureKey(error, { step: step.kind, clockSkewMs: clockSkew });
    if (!key) {
      notifyError(error, t, { titleKey: 'login:errors.problemTitle' });
      return;
    }
    notifications.show({
      color: 'red',
      title: t('login:errors.problemTitle'),
      message: t(key),
      autoClose: 12_000,
      withCloseButton: true,
    });
  };
  const clockWarning = isClockWrong(clockSkew) ? (
    <Alert color="orange" icon={<IconClockExclamation size={18} />} data-testid="clock-warning">
      {t('login:errors.clockWarning', { minutes: Math.round(Math.abs(clockSkew ?? 0) / 60_000) })}
    </Alert>
  ) : null;

  const signIn = useMutation({
    mutationFn: async (values: CredentialsForm) => {
      const credentials = { login: values.login.trim(), passwordDigest: await sha512Hex(values.password) };
      return { credentials, answer: await requestToken(credentials) };
    },
    onSuccess: ({ credentials, answer }) => onAnswer(answer, credentials),
    onError: onFailure,
  });
  const confirm = useMutation({
    mutationFn: async (input: { credentials: LoginCredentials; code: string; newPassword?: string }) => {
      const newPassword = input.newPassword
        ? await newPasswordBody({ password: input.newPassword })
        : undefined;
      return { input, answer: await requestToken(input.credentials, { code: input.code, newPassword }) };
    },
    onSuccess: ({ input, answer }) => onAnswer(answer, input.credentials, input.code),
    onError: onFailure,
  });

  if (session.isLoggedIn && !signIn.isPending && !confirm.isPending) return <Navigate to={target} replace />;

  const backToStart = (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={() => {
        setStep({ kind: 'credentials' });
        form.resetField('password');
      }}
    >
      <Group gap={6}>
        <IconArrowLeft size={16} />
        {t('login:back')}
      </Group>
    </Anchor>
  );

  const recovery = routeState?.step;
  const recoveryLink = (kind: RecoveryKind) => (
    <Anchor
      component={Link}
      to={`${href('login')}${location.search}`}
      state={{ step: kind } satisfies LoginRouteState}
      size="sm"
      data-testid={`link-${kind}`}
    >
      {t(`login:${kind}.link`)}
    </Anchor>
  );

  let content: React.ReactNode;
  if (recovery) {
    content = (
      <Stack gap="md">
        <RecoveryRequest kind={recovery} initialLogin={form.getValues('login')} />
        <Anchor component={Link} to={location.pathname + location.search} replace state={null} size="sm">
          <Group gap={6}>
            <IconArrowLeft size={16} />
            {t('login:back')}
          </Group>
        </Anchor>
      </Stack>
    );
  } else if (step.kind === 'mfa_setup') {
    content = (
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h3">
            {t('login:mfaSetup.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('login:mfaSetup.description')}
          </Text>
        </Stack>
        {clockWarning}
        <MfaSetup
          mfaToken={step.mfaToken}
          passwordDigest={step.credentials.passwordDigest}
          isSubmitting={confirm.isPending}
          onSubmit={(value) => confirm.mutate({ credentials: step.credentials, code: value })}
        />
        {backToStart}
      </Stack>
    );
  } else if (step.kind === 'mfa_code') {
    content = (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (code.length === 6) confirm.mutate({ credentials: step.credentials, code });
        }}
      >
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} fz="h3">
              {t('login:code.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('login:code.description')}
            </Text>
          </Stack>
          {clockWarning}
          <CodeInput
            value={code}
            onChange={setCode}
            onComplete={(value) => confirm.mutate({ credentials: step.credentials, code: value })}
            disabled={confirm.isPending}
            autoFocus
          />
          <Button type="submit" fullWidth loading={confirm.isPending} disabled={code.length !== 6}>
            {t('login:code.submit')}
          </Button>
          <Group justify="space-between">
            {backToStart}
            {recoveryLink('resetMfa')}
          </Group>
        </Stack>
      </form>
    );
  } else if (step.kind === 'password_change') {
    content = (
      <form
        noValidate
        onSubmit={passwordForm.handleSubmit((values) => {
          if (code.length === 6)
            confirm.mutate({ credentials: step.credentials, code, newPassword: values.password });
        })}
      >
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} fz="h3">
              {t('login:passwordChange.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('login:passwordChange.description')}
            </Text>
          </Stack>
          <NewPasswordInputs form={passwordForm} />
          {clockWarning}
          <CodeInput value={code} onChange={setCode} disabled={confirm.isPending} />
          <Button type="submit" fullWidth loading={confirm.isPending} disabled={code.length !== 6}>
            {t('login:passwordChange.submit')}
          </Button>
          {backToStart}
        </Stack>
      </form>
    );
  } else {
    content = (
      <form noValidate onSubmit={form.handleSubmit((values) => signIn.mutate(values))}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} fz="h3">
              {t('login:title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('login:subtitle', { entity: platform.legalName })}
            </Text>
          </Stack>
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
            error={form.formState.errors.login?.message && t(form.formState.errors.login.message)}
            data-testid="login-field"
            {...form.register('login')}
          />
          <PasswordInput
            label={t('login:fields.password')}
            autoComplete="current-password"
            leftSection={<IconLock size={16} />}
            error={form.formState.errors.password?.message && t(form.formState.errors.password.message)}
            data-testid="password-field"
            {...form.register('password')}
          />
          <Group justify="flex-end">{recoveryLink('forgotPassword')}</Group>
          <Button type="submit" fullWidth loading={signIn.isPending} disabled={support.level === 'none'}>
            {t('login:submit')}
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <AuthCard>
      <title>{t('login:title')}</title>
      {content}
    </AuthCard>
  );
}
