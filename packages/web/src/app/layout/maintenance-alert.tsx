import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatform } from '../../shared/api/index.ts';
import { useFormat } from '../../shared/format/index.ts';
import { logout, useSession } from '../../shared/session/index.ts';

/** "Later" hides one announcement until the next page load (module state, not storage). */
const dismissed = new Set<string>();

/**
 * Spec §2: planned maintenance shows a persistent warning with Later and, when logged in, Logout.
 * Started maintenance shows the maintenance notice where clients land (the login page) instead.
 * Loaded by `MaintenanceBanner` (maintenance-banner.tsx) when there is maintenance to announce.
 */
export function MaintenanceAlert() {
  const { t, i18n } = useTranslation();
  const { data } = usePlatform();
  const session = useSession();
  const format = useFormat();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const maintenance = data?.maintenance;
  if (!maintenance || maintenance.state === 'none') return null;
  // The operator writes the message in en-gb and optionally in ru (issue 18).
  const message =
    i18n.language === 'ru' && maintenance.messageRu ? maintenance.messageRu : maintenance.message;
  const started = maintenance.state === 'started';
  const key = `${maintenance.startsAt ?? ''}|${maintenance.message ?? ''}`;
  if (!started && dismissed.has(key)) return null;

  return (
    <Alert
      color={started ? 'red' : 'yellow'}
      variant="light"
      radius="md"
      mb="md"
      icon={<IconTool size={20} />}
      title={started ? t('common:maintenance.startedTitle') : t('common:maintenance.plannedTitle')}
      role="alert"
      data-testid="maintenance-banner"
    >
      <Stack gap="xs">
        {started ? <Text size="sm">{t('common:maintenance.startedText')}</Text> : null}
        {maintenance.startsAt && !started ? (
          <Text size="sm">
            {t('common:maintenance.startsAt', { date: format.dateTime(maintenance.startsAt) })}
          </Text>
        ) : null}
        {message ? <Text size="sm">{message}</Text> : null}
        <Group gap="xs" display={started ? 'none' : undefined}>
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
