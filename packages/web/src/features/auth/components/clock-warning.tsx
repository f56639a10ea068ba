import { Alert } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isClockWrong } from '../login-diagnostics.ts';

/** Spec §8 "device date and time wrong": shown on the code steps when the clock is off. */
export function ClockWarning({ skew }: { skew: number | undefined }) {
  const { t } = useTranslation();
  if (!isClockWrong(skew)) return null;
  return (
    <Alert color="orange" icon={<IconClockExclamation size={18} />} data-testid="clock-warning">
      {t('login:errors.clockWarning', { minutes: Math.round(Math.abs(skew ?? 0) / 60_000) })}
    </Alert>
  );
}
