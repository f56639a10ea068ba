import {
  Anchor,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconLock, IconUser } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { href, safeRedirect } from '../../../app/router/route-names.ts';
import { notifyError, usePlatform, hostPlatform } from '../../../shared/api/index.ts';
import { setSessionToken, useSession } from '../../../shared/session/index.ts';
import { type LoginInput, requestToken } from '../auth.api.ts';

/** Route state the "Forgot password?" link sets; the identity area turns it into the real recovery step. */
export interface LoginRouteState {
  step?: 'forgotPassword';
}

/** Route `login` (/frlgn). Identity extends this with the MFA and recovery steps. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const session = useSession();
  const platform = usePlatform().data?.platform ?? hostPlatform();
  const target = safeRedirect(searchParams.get('redirect'));
  const step = (location.state as LoginRouteState | null)?.step;

  const form = useForm<LoginInput>({ defaultValues: { login: '', password: '' } });
  const login = useMutation({
    mutationFn: requestToken,
    onSuccess: (answer) => {
      if (answer.success && answer.token) {
        setSessionToken(answer.token, { justLoggedIn: true });
        navigate(target, { replace: true });
      } else {
        // A further step (MFA, `login_prompt`) arrives with the identity area; until then it is a failure.
        notifications.show({
          color: 'red',
          title: t('login:errors.problemTitle'),
          message: t('login:errors.noToken'),
        });
      }
    },
    onError: (error) => notifyError(error, t, { titleKey: 'login:errors.problemTitle' }),
  });

  if (session.isLoggedIn && !login.isPending) return <Navigate to={target} replace />;

  return (
    <Center mih="calc(100dvh - 160px)" py="xl">
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
        <title>{t('login:title')}</title>
        {step === 'forgotPassword' ? (
          <Stack gap="md">
            <Title order={2} fz="h3">
              {t('login:forgot.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('login:forgot.description')}
            </Text>
            <Anchor component={Link} to={location.pathname + location.search} replace state={null} size="sm">
              <Group gap={6}>
                <IconArrowLeft size={16} />
                {t('login:forgot.back')}
              </Group>
            </Anchor>
          </Stack>
        ) : (
          <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
            <Stack gap="md">
              <Stack gap={4}>
                <Title order={2} fz="h3">
                  {t('login:title')}
                </Title>
                <Text c="dimmed" size="sm">
                  {t('login:subtitle', { entity: platform.legalName })}
                </Text>
              </Stack>
              <TextInput
                label={t('login:fields.login')}
                autoComplete="username"
                leftSection={<IconUser size={16} />}
                error={form.formState.errors.login?.message}
                {...form.register('login', { required: t('login:validation.loginRequired') })}
              />
              <PasswordInput
                label={t('login:fields.password')}
                autoComplete="current-password"
                leftSection={<IconLock size={16} />}
                error={form.formState.errors.password?.message}
                {...form.register('password', { required: t('login:validation.passwordRequired') })}
              />
              <Group justify="flex-end">
                <Anchor
                  component={Link}
                  to={`${href('login')}${location.search}`}
                  state={{ step: 'forgotPassword' } satisfies LoginRouteState}
                  size="sm"
                >
                  {t('login:forgot.link')}
                </Anchor>
              </Group>
              <Button type="submit" fullWidth loading={login.isPending}>
                {t('login:submit')}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}
