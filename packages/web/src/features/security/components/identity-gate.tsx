import {
  Box,
  Button,
  Group,
  Overlay,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  useMantineColorScheme,
} from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { useRouteHandle } from '../../../shared/routes/route-handle.ts';
import { notifySuccess } from '../../../shared/api/index.ts';
import { findLanguage, setLanguage } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../shared/session/index.ts';
import { useMyProfile } from '../../users/api.ts';
import { ImpersonationBanner } from '../../users/index.ts';
import { useResendEmailConfirmation } from '../api.ts';

/** Screens that stay usable with an unconfirmed email: where the email is changed or confirmed. */
const OPEN_WITH_UNCONFIRMED_EMAIL = new Set(['security']);

/**
 * Element of the protected portal routes (spec §2, §8): while the email is not confirmed the app area
 * is blurred and inert, with the prompt to confirm or change it. Also: the company switcher, and the
 * user's saved language and theme applied once right after login; the impersonation banner while
 * provider staff act as this user.
 */
export function IdentityGate() {
  const { t } = useTranslation();
  const session = useSession();
  const handle = useRouteHandle();
  const profile = useMyProfile();
  const resend = useResendEmailConfirmation();
  const { setColorScheme } = useMantineColorScheme();
  const applied = useRef(false);
  const user = profile.data?.user;

  useEffect(() => {
    if (!user || applied.current || session.status !== 'justLoggedIn') return;
    applied.current = true;
    const language = findLanguage(user.ui_language);
    if (language) void setLanguage(language.code);
    setColorScheme(user.ui_theme);
  }, [user, session.status, setColorScheme]);

  const isBlocked = !!user && !user.email_confirmed && !OPEN_WITH_UNCONFIRMED_EMAIL.has(handle?.name ?? '');

  return (
    <Stack gap="sm">
      {user?.impersonator_id ? <ImpersonationBanner user={user} /> : null}
      <Box pos="relative">
        <Box
          style={isBlocked ? { filter: 'blur(4px)', pointerEvents: 'none', userSelect: 'none' } : undefined}
          aria-hidden={isBlocked || undefined}
          inert={isBlocked}
          data-testid="identity-app-area"
        >
          <Outlet />
        </Box>
        {isBlocked ? (
          <Overlay backgroundOpacity={0.15} blur={0} zIndex={150} radius="md">
            <Box pt={80} px="md" style={{ display: 'flex', justifyContent: 'center' }}>
              <Paper
                withBorder
                shadow="xl"
                radius="lg"
                p="xl"
                maw={460}
                w="100%"
                data-testid="email-not-confirmed"
              >
                <Stack align="center" ta="center" gap="sm">
                  <ThemeIcon size={52} radius="xl" color="orange" variant="light">
                    <IconMailExclamation size={28} />
                  </ThemeIcon>
                  <Title order={3}>{t('security:gate.title')}</Title>
                  <Text size="sm" c="dimmed">
                    {t('security:gate.description', { email: user.email })}
                  </Text>
                  <Group justify="center" gap="sm">
                    <Button
                      loading={resend.isPending}
                      onClick={() =>
                        resend.mutate({}, { onSuccess: () => notifySuccess(t('security:email.resent')) })
                      }
                    >
                      {t('security:email.resend')}
                    </Button>
                    <Button variant="default" component={Link} to={href('security')}>
                      {t('security:gate.change')}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            </Box>
          </Overlay>
        ) : null}
      </Box>
    </Stack>
  );
}
