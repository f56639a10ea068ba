import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { notifyError } from '../../shared/api/index.ts';
import { logout, refreshToken, useSession } from '../../shared/session/index.ts';
import { boardingRefFromPath } from './session-navigation.ts';

/** The warning opens this long before the token's `exp` (spec §9 leaves the value open; TTL is 830 s). */
export const SESSION_WARNING_MS = 120_000;

const mmss = (ms: number): string => {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
};

/** Countdown before the session expires, with Stay (refreshes the token) and Logout (spec §4, §9). */
export function SessionExpiryWarning() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useSession();
  const [now, setNow] = useState(() => Date.now());
  const [isRefreshing, setRefreshing] = useState(false);
  const expiresAt = session.expiresAt;

  const remaining = expiresAt === null ? Number.POSITIVE_INFINITY : expiresAt - now;
  const isCountingDown = remaining <= SESSION_WARNING_MS;

  // Until the warning's window the page waits for it with one timer; inside it, the countdown
  // ticks every second (before, the closed dialog was drawn again every second of every session).
  useEffect(() => {
    if (expiresAt === null) return;
    if (!isCountingDown) {
      // setTimeout overflows past ~24.8 days; a token lives minutes, so the wait is capped.
      const wait = Math.min(expiresAt - SESSION_WARNING_MS - Date.now(), 2 ** 31 - 1);
      const id = setTimeout(() => setNow(Date.now()), Math.max(wait, 0));
      return () => clearTimeout(id);
    }
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [expiresAt, isCountingDown]);

  const opened = session.isLoggedIn && remaining <= SESSION_WARNING_MS && remaining > 0;

  const stay = async () => {
    setRefreshing(true);
    try {
      await refreshToken(boardingRefFromPath(pathname));
    } catch (error) {
      notifyError(error, t);
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={() => void stay()}
      title={t('inactivity:title')}
      centered
      zIndex={5000}
      closeOnClickOutside={false}
    >
      <Stack gap="md" data-testid="session-expiry-warning">
        <Group gap="sm" wrap="nowrap">
          <IconClockHour4 size={28} stroke={1.5} />
          <Text size="sm">{t('inactivity:message', { time: mmss(remaining) })}</Text>
        </Group>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => logout('user')}>
            {t('inactivity:logout')}
          </Button>
          <Button loading={isRefreshing} onClick={() => void stay()}>
            {t('inactivity:stay')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
