import { Button, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconSpy, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyProfile } from '../api.ts';
import { endImpersonation, keepImpersonatorAlive } from '../impersonation.ts';

/** The admin's token is refreshed well inside its TTL (830 s) while the admin acts as someone else. */
const KEEP_ALIVE_MS = 4 * 60_000;

/**
 * Persistent banner while provider staff act as a client user (spec §6): whom, for which company, and
 * Stop. Shown from the profile's `impersonator_id`, so it survives reloads and cannot be dismissed.
 */
export function ImpersonationBanner({ user }: { user: MyProfile }) {
  const { t } = useTranslation();
  const [isStopping, setStopping] = useState(false);

  useEffect(() => {
    void keepImpersonatorAlive();
    const timer = setInterval(() => void keepImpersonatorAlive(), KEEP_ALIVE_MS);
    return () => clearInterval(timer);
  }, []);

  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
  return (
    <Paper
      radius="md"
      px="md"
      py="sm"
      role="status"
      data-testid="impersonation-banner"
      style={{
        position: 'sticky',
        top: 'calc(var(--app-shell-header-offset, 56px) + var(--mantine-spacing-xs))',
        zIndex: 160,
        // The light tint is translucent: laid over the body colour so scrolled content does not show through.
        background:
          'linear-gradient(var(--mantine-color-grape-light), var(--mantine-color-grape-light)), var(--mantine-color-body)',
        border: '1px solid var(--mantine-color-grape-outline)',
        boxShadow: 'var(--mantine-shadow-sm)',
      }}
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ThemeIcon color="grape" variant="filled" radius="xl" size={34}>
            <IconSpy size={20} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={700}>
              {t('users:impersonation.banner.title', { name })}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {user.current_merchant
                ? t('users:impersonation.banner.details', {
                    email: user.email,
                    company: user.current_merchant.name,
                  })
                : user.email}
            </Text>
          </div>
        </Group>
        <Button
          color="grape"
          variant="filled"
          size="xs"
          leftSection={<IconX size={14} />}
          loading={isStopping}
          onClick={() => {
            setStopping(true);
            void endImpersonation().finally(() => setStopping(false));
          }}
          data-testid="impersonation-stop"
        >
          {t('users:impersonation.banner.stop')}
        </Button>
      </Group>
    </Paper>
  );
}
