import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  PinInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { apiRoutes, countPasswordChars, passwordPolicyShortfalls, PASSWORD_POLICY } from '@portal/domain';
import { IconArrowLeft, IconLock, IconMail, IconShieldCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { boardingHref } from '../../../shared/routes/route-names.ts';
import { callApi, errorMessage, notifyError, notifySuccess, useApiQuery } from '../../../shared/api/index.ts';
import { clearSession, setSessionToken, useSession } from '../../../shared/session/index.ts';
import { sha512Hex } from '../../../shared/security/password-digest.ts';

type Step = 'login' | 'otp';
const DENIABLE = ['appforms', 'appfiles', 'offers', 'contracts'] as const;
interface Credentials {
  email: string;
  password: string;
  confirm: string;
}

/** Route `login` (/brd/:uuid/:role): first visit sets a password, then email + password + mailed code. */
export function BoardingLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const { uuid = '', role = '' } = useParams();
  const link = { uuid, role };
  // A section the role has no scope for routes here like a missing login (spec §2): say so.
  const [search] = useSearchParams();
  const denied = DENIABLE.find((section) => section === search.get('denied'));
  const [step, setStep] = useState<Step>('login');
  const [pre, setPre] = useState<{ token: string; contactUuid: string } | null>(null);
  const [code, setCode] = useState('');

  const info = useApiQuery(apiRoutes.accountInfo, { params: { uuid } }, { notify: false, retry: false });
  const need = useApiQuery(
    apiRoutes.boardingNeedPassword,
    { params: link, query: {} },
    { notify: false, retry: false },
  );
  const [passwordSet, setPasswordSet] = useState(false);
  const mustSetPassword = need.data?.set_pss === true && !passwordSet;

  const form = useForm<Credentials>({ defaultValues: { email: '', password: '', confirm: '' } });

  const setPassword = useMutation({
    mutationFn: async (values: Credentials) =>
      callApi(apiRoutes.boardingSetPassword, {
        params: link,
        body: {
          eml: values.email.trim(),
          pss: await sha512Hex(values.password),
          ...countPasswordChars(values.password),
        },
      }),
    onSuccess: () => {
      setPasswordSet(true);
      form.setValue('confirm', '');
      notifySuccess(t('wizard:login.passwordSet'));
    },
    onError: (error) => notifyError(error, t, { titleKey: 'wizard:login.problem' }),
  });

  const login = useMutation({
    mutationFn: async (values: Credentials) => {
      clearSession();
      return callApi(apiRoutes.boardingLogin, {
        params: link,
        body: { eml: values.email.trim(), pss: await sha512Hex(values.password) },
      });
    },
    onSuccess: (answer) => {
      setPre({ token: answer.token, contactUuid: answer.contact_uuid });
      setStep('otp');
    },
    onError: (error) => notifyError(error, t, { titleKey: 'wizard:login.problem' }),
  });

  const confirm = useMutation({
    mutationFn: async () => {
      if (!pre) throw new Error('no pre-OTP token');
      return callApi(apiRoutes.otpToken, {
        params: { kind: 'boarding_verification' },
        body: { acc_uuid: uuid, contact_uuid: pre.contactUuid, otp_code: code },
        token: pre.token,
      });
    },
    onSuccess: (answer) => {
      setSessionToken(answer.token, { justLoggedIn: true });
      navigate(boardingHref('main', link), { replace: true });
    },
    onError: (error) => {
      setCode('');
      notifyError(error, t, { titleKey: 'wizard:login.problem' });
    },
  });

  const resend = useMutation({
    mutationFn: () =>
      callApi(apiRoutes.otpGenerate, {
        params: { type: 'boarding_verification' },
        body: { acc_uuid: uuid, contact_uuid: pre?.contactUuid ?? '' },
      }),
    onSuccess: () => notifySuccess(t('wizard:login.codeResent')),
    onError: (error) => notifyError(error, t),
  });

  if (session.isLoggedIn && !denied && !confirm.isPending && !login.isPending && step === 'login')
    return <Navigate to={boardingHref('main', link)} replace />;
  if (need.error)
    return (
      <Navigate to={boardingHref('err', link, { m: errorMessage(need.error, t), t: 'badLink' })} replace />
    );

  const finished = info.data?.finished === true;
  const onSubmit = form.handleSubmit((values) =>
    mustSetPassword ? setPassword.mutate(values) : login.mutate(values),
  );
  const shortfalls = passwordPolicyShortfalls(countPasswordChars(form.watch('password')));

  return (
    <Center mih="calc(100dvh - 160px)" py="xl">
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
        <title>{t('wizard:login.title')}</title>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} fz="h3">
              {mustSetPassword ? t('wizard:login.setTitle') : t('wizard:login.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {info.data
                ? t('wizard:login.for', { name: info.data.account_name })
                : t('wizard:login.description')}
            </Text>
          </Stack>
          {denied ? (
            <Alert color="orange" variant="light" icon={<IconLock size={18} />} data-testid="no-access">
              <Stack gap="xs">
                <Text size="sm" fw={600}>
                  {t('wizard:login.deniedTitle', { section: t(`wizard:tabs.${denied}`) })}
                </Text>
                <Text size="sm">{t('wizard:overview.noAccess')}</Text>
                <Text size="sm" c="dimmed">
                  {t('wizard:login.deniedHint')}
                </Text>
                {session.isLoggedIn ? (
                  <Group>
                    <Button
                      component={Link}
                      to={boardingHref('main', link)}
                      replace
                      variant="light"
                      size="xs"
                      leftSection={<IconArrowLeft size={14} />}
                    >
                      {t('wizard:login.backToOverview')}
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          {finished ? (
            <Alert color="red" variant="light">
              {t('errors:BOARDING_FINISHED')}
            </Alert>
          ) : step === 'otp' ? (
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (code.length === 6) confirm.mutate();
              }}
            >
              <Stack gap="md">
                <Alert variant="light" icon={<IconShieldCheck size={18} />}>
                  {t('wizard:login.codeSent', { email: form.getValues('email') })}
                </Alert>
                <Group justify="center">
                  <PinInput
                    length={6}
                    type="number"
                    oneTimeCode
                    autoFocus
                    value={code}
                    onChange={setCode}
                    onComplete={() => undefined}
                    aria-label={t('wizard:login.code')}
                    data-testid="otp-input"
                  />
                </Group>
                <Button type="submit" fullWidth loading={confirm.isPending} disabled={code.length !== 6}>
                  {t('wizard:login.confirm')}
                </Button>
                <Group justify="space-between">
                  <Anchor component="button" type="button" size="sm" onClick={() => setStep('login')}>
                    {t('common:actions.back')}
                  </Anchor>
                  <Anchor component="button" type="button" size="sm" onClick={() => resend.mutate()}>
                    {t('wizard:login.resend')}
                  </Anchor>
                </Group>
              </Stack>
            </form>
          ) : (
            <form noValidate onSubmit={onSubmit}>
              <Stack gap="md">
                {mustSetPassword ? <Text size="sm">{t('wizard:login.setDescription')}</Text> : null}
                <TextInput
                  label={t('wizard:login.email')}
                  type="email"
                  autoComplete="username"
                  leftSection={<IconMail size={16} />}
                  error={form.formState.errors.email?.message}
                  {...form.register('email', { required: t('wizard:validation.required') })}
                />
                <PasswordInput
                  label={t('wizard:login.password')}
                  autoComplete={mustSetPassword ? 'new-password' : 'current-password'}
                  leftSection={<IconLock size={16} />}
                  error={form.formState.errors.password?.message}
                  {...form.register('password', {
                    required: t('wizard:validation.required'),
                    validate: (value) =>
                      !mustSetPassword ||
                      passwordPolicyShortfalls(countPasswordChars(value)).length === 0 ||
                      t('wizard:login.policy', PASSWORD_POLICY),
                  })}
                />
                {mustSetPassword ? (
                  <>
                    <Text size="xs" c={shortfalls.length ? 'dimmed' : 'teal'}>
                      {t('wizard:login.policy', PASSWORD_POLICY)}
                    </Text>
                    <PasswordInput
                      label={t('wizard:login.confirmPassword')}
                      autoComplete="new-password"
                      leftSection={<IconLock size={16} />}
                      error={form.formState.errors.confirm?.message}
                      {...form.register('confirm', {
                        validate: (value) =>
                          value === form.getValues('password') || t('wizard:login.mismatch'),
                      })}
                    />
                  </>
                ) : null}
                <Button
                  type="submit"
                  fullWidth
                  loading={setPassword.isPending || login.isPending || need.isLoading}
                >
                  {mustSetPassword ? t('wizard:login.setSubmit') : t('wizard:login.submit')}
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
