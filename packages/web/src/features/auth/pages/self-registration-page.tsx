import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { apiRoutes, countPasswordChars } from '@portal/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { notifySuccess, useApiMutation, useApiQuery } from '../../../shared/api/index.ts';
import { authKeys } from '../auth.api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { LinkProblem } from '../components/link-problem.tsx';
import { NewPasswordInputs } from '../components/new-password-inputs.tsx';
import { type NewPasswordForm, newPasswordFormSchema } from '../forms/new-password-schema.ts';
import { sha512Hex } from '../../../shared/security/password-digest.ts';
import type { LoginRouteState } from './login-page.tsx';

/** Route `slfrgn` (/frusrs/slfrgn/:code): an invited user sets a password; MFA is set up at first login. */
export function SelfRegistrationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const code = useParams().code ?? '';
  const invitation = useApiQuery(
    apiRoutes.invitationInfo,
    { params: { code } },
    { queryKey: authKeys.invitation(code), retry: false, notify: false },
  );
  const register = useApiMutation(apiRoutes.selfRegister);
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirm: '' },
  });

  const onSubmit = form.handleSubmit(async ({ password }) => {
    const body = { password: await sha512Hex(password), ...countPasswordChars(password) };
    register.mutate(
      { params: { code }, body },
      {
        onSuccess: (answer) => {
          notifySuccess(t('login:selfRegistration.done'));
          navigate(href('login'), {
            replace: true,
            state: { login: answer.login } satisfies LoginRouteState,
          });
        },
      },
    );
  });

  return (
    <AuthCard width={480}>
      <title>{t('login:selfRegistration.title')}</title>
      {invitation.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('login:loading')} />
        </Center>
      ) : invitation.isError ? (
        <LinkProblem titleKey="login:selfRegistration.title" error={invitation.error} />
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={2} fz="h3">
                {t('login:selfRegistration.title')}
              </Title>
              <Text c="dimmed" size="sm">
                {t('login:selfRegistration.description', { company: invitation.data.company_name })}
              </Text>
            </Stack>
            <Paper withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={0} miw={0}>
                  <Text fw={600} truncate>
                    {`${invitation.data.first_name} ${invitation.data.last_name}`}
                  </Text>
                  <Text size="sm" c="dimmed" truncate data-testid="invited-email">
                    {invitation.data.email}
                  </Text>
                </Stack>
                <Badge variant="light">{t(`users:kind.${invitation.data.type}`)}</Badge>
              </Group>
            </Paper>
            <NewPasswordInputs form={form} />
            {invitation.data.mfa_required ? (
              <Text size="xs" c="dimmed">
                {t('login:selfRegistration.mfaNote')}
              </Text>
            ) : null}
            <Button type="submit" fullWidth loading={register.isPending}>
              {t('login:selfRegistration.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
