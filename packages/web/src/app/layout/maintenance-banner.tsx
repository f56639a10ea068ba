import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatform } from '../../shared/api/index.ts';
import { useFormatters } from '../../shared/i18n/index.ts';
import { logout, useSession } from '../../shared/session/index.ts';

/** "Later" hides one announcement until the next page load (module state, not storage). */
const dismissed = new Set<string>();

/** Spec §2: planned maintenance shows a persistent warning with Later and, when logged in, Logout. */
export function MaintenanceBanner() {
  const { t } = useTranslation();
  const { data } = usePlatform();
  const session = useSession();
  const format = useFormatters();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const maintenance = data?.maintenance;
  if (!maintenance || maintenance.state !== 'planned') return null;
  const key = `${maintenance.startsAt ?? ''}|${maintenance.message ?? ''}`;
  if (dismissed.has(key)) return null;

  return (
    <Alert
      color="yellow"
      variant="light"
      radius="md"
      mb="md"
      icon={<IconTool size={20} />}
      title={t('common:maintenance.plannedTitle')}
      role="alert"
      data-testid="maintenance-banner"
    >
      <Stack gap="xs">
        {maintenance.startsAt ? (
          <Text size="sm">
            {t('common:maintenance.startsAt', { date: format.dateTime(maintenance.startsAt) })}
          </Text>
        ) : null}
        {maintenance.message ? <Text size="sm">{maintenance.message}</Text> : null}
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              dismissed.add(key);
              rerender();
            }}
          >
            {t('common:maintenance.later')}
          </Button>
          {session.isLoggedIn ? (
            <Button size="xs" color="red" variant="light" onClick={() => logout('user')}>
              {t('menu:items.logout')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Alert>
  );
}
