import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { apiRoutes } from '@portal/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { notifySuccess, useApiMutation, useApiQuery } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { authKeys, newPasswordBody } from '../auth.api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { LinkProblem } from '../components/link-problem.tsx';
import { NewPasswordInputs } from '../components/new-password-inputs.tsx';
import { type NewPasswordForm, newPasswordFormSchema } from '../forms/new-password-schema.ts';
import type { LoginRouteState } from './login-page.tsx';

/** Route `renewp` (/frusrs/renewp/:code): a new password from the mailed link (valid 15 minutes). */
export function RenewPasswordPage() {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const navigate = useNavigate();
  const token = useParams().code ?? '';
  const link = useApiQuery(
    apiRoutes.renewPasswordInfo,
    { params: { token } },
    { queryKey: authKeys.renewal(token), retry: false, notify: false },
  );
  const renew = useApiMutation(apiRoutes.renewPassword);
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const onSubmit = form.handleSubmit(async ({ password }) => {
    renew.mutate(
      { params: { token }, body: await newPasswordBody({ password }) },
      {
        onSuccess: () => {
          notifySuccess(t('login:renewPassword.done'));
          navigate(href('login'), {
            replace: true,
            state: { login: link.data?.email } satisfies LoginRouteState,
          });
        },
      },
    );
  });

  return (
    <AuthCard width={480}>
      <title>{t('login:renewPassword.title')}</title>
      {link.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('login:loading')} />
        </Center>
      ) : link.isError ? (
        <LinkProblem titleKey="login:renewPassword.title" error={link.error} />
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={2} fz="h3">
                {t('login:renewPassword.title')}
              </Title>
              <Text c="dimmed" size="sm">
                {t('login:renewPassword.description', {
                  email: link.data.email,
                  expires: dateTime(link.data.expires_at),
                })}
              </Text>
            </Stack>
            <NewPasswordInputs form={form} />
            <Button type="submit" fullWidth loading={renew.isPending}>
              {t('login:renewPassword.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
