import { Button, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { apiRoutes } from '@portal/domain';
import { IconMailCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { useApiQuery } from '../../../shared/api/index.ts';
import { useSession } from '../../../shared/session/index.ts';
import { authKeys } from '../auth.api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { LinkProblem } from '../components/link-problem.tsx';
import { emailConfirmationProblem } from '../login-diagnostics.ts';

/** Route `email-confirmation` (/user/email-confirmation/:token): confirms the new email from the mail. */
export function EmailConfirmationPage() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const token = useParams().token ?? '';
  const confirmation = useApiQuery(
    apiRoutes.confirmEmail,
    { params: { token } },
    {
      queryKey: authKeys.emailConfirmation(token),
      retry: false,
      notify: false,
      staleTime: Number.POSITIVE_INFINITY,
    },
  );
  const confirmed = confirmation.isSuccess;
  useEffect(() => {
    // The profile's email_confirmed flag changed: the "Email is not confirmed" prompt must go.
    if (confirmed) void queryClient.invalidateQueries({ queryKey: ['users', 'me'] });
  }, [confirmed, queryClient]);

  return (
    <AuthCard>
      <title>{t('email:confirmation.title')}</title>
      {confirmation.isPending ? (
        <Stack align="center" py="xl" gap="sm">
          <Loader />
          <Text c="dimmed" size="sm">
            {t('email:confirmation.description')}
          </Text>
        </Stack>
      ) : confirmation.isError ? (
        <LinkProblem
          titleKey="email:confirmation.title"
          error={confirmation.error}
          message={emailConfirmationProblem(confirmation.error, t)}
        />
      ) : (
        <Stack align="center" gap="md" ta="center" data-testid="email-confirmed">
          <ThemeIcon size={56} radius="xl" color="teal" variant="light">
            <IconMailCheck size={30} />
          </ThemeIcon>
          <Title order={2} fz="h3">
            {t('email:confirmation.doneTitle')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('email:confirmation.done', { email: confirmation.data.email })}
          </Text>
          <Center>
            <Button component={Link} to={session.isLoggedIn ? href('main') : href('login')}>
              {t(session.isLoggedIn ? 'email:confirmation.toPortal' : 'login:goToLogin')}
            </Button>
          </Center>
        </Stack>
      )}
    </AuthCard>
  );
}
