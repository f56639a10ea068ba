import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyError } from '../../../shared/api/index.ts';
import { setSessionToken } from '../../../shared/session/index.ts';
import { type LoginAnswer, type LoginCredentials, newPasswordBody, requestToken } from '../auth.api.ts';
import { newPasswordIssues } from '../forms/new-password-rules.ts';
import { type FieldErrors, firstIssues, usePlainForm } from '../forms/plain-form.ts';
import { loginFailureKey, measureClockSkew } from '../login-diagnostics.ts';
import { sha512Hex } from '../../../shared/security/password-digest.ts';

/** Where the login stands: each step after the first carries the credentials it sends again. */
export type LoginStep =
  | { kind: 'credentials' }
  | { kind: 'mfa_setup'; credentials: LoginCredentials; mfaToken: string }
  | { kind: 'mfa_code'; credentials: LoginCredentials }
  | { kind: 'password_change'; credentials: LoginCredentials; code: string };

/** One step of the login, narrowed by its kind. */
export type LoginStepOf<K extends LoginStep['kind']> = Extract<LoginStep, { kind: K }>;

export interface CredentialsForm {
  login: string;
  password: string;
}

const checkCredentials = (values: CredentialsForm): FieldErrors<keyof CredentialsForm> => ({
  login: values.login.trim() === '' ? 'login:validation.loginRequired' : undefined,
  password: values.password === '' ? 'login:validation.passwordRequired' : undefined,
});

export interface PasswordChangeForm {
  password: string;
  confirm: string;
}

const checkPasswordChange = (values: PasswordChangeForm) => firstIssues(newPasswordIssues(values));

export type LoginFlow = ReturnType<typeof useLoginFlow>;

/**
 * The login's step machine: password → MFA setup (QR) or code → overdue password change → portal.
 * It holds the forms (their values outlive the step that shows them), the code being typed, the
 * device clock skew (spec §8) and the two token requests; the last answer opens the session.
 */
export function useLoginFlow({ target, initialLogin }: { target: string; initialLogin: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<LoginStep>({ kind: 'credentials' });
  const [code, setCode] = useState('');
  // Spec §8: device date and time wrong, measured once a code is asked for.
  const [clockSkew, setClockSkew] = useState<number | undefined>();
  const codeStep = step.kind !== 'credentials';
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

  const credentialsForm = usePlainForm<CredentialsForm>({
    defaultValues: { login: initialLogin, password: '' },
    validate: checkCredentials,
  });
  const passwordForm = usePlainForm<PasswordChangeForm>({
    defaultValues: { password: '', confirm: '' },
    validate: checkPasswordChange,
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

  /** Back to the first step: the login stays, the password is typed again. */
  const backToStart = () => {
    setStep({ kind: 'credentials' });
    credentialsForm.resetField('password');
  };

  return {
    step,
    code,
    setCode,
    clockSkew,
    credentialsForm,
    passwordForm,
    signIn,
    confirm,
    backToStart,
  };
}
