import { Alert, Button, Group, RingProgress, Text } from '@mantine/core';
import { IconClockExclamation, IconRefresh } from '@tabler/icons-react';

export interface QuoteCountdownProps {
  secondsLeft: number;
  /** How long a quote holds, for the ring's share. */
  ttlSeconds: number;
  isExpired: boolean;
  /** Already translated labels; `lockedFor` is the countdown's text. */
  labels: { expired: string; refresh: string; lockedFor: string };
  onRefresh: () => void;
  isRefreshing?: boolean;
  /** `fx` gives the test ids `fx-countdown`, `fx-expired` and `fx-refresh`. */
  testIdPrefix: string;
}

/**
 * A locked rate's countdown (a ring of the seconds left), and once it ran out the note that it
 * did with Refresh to ask for a new one: the exchange and the on-chain transfer dialogs.
 */
export function QuoteCountdown(props: QuoteCountdownProps) {
  const { secondsLeft, labels, testIdPrefix } = props;
  if (props.isExpired)
    return (
      <Alert color="orange" icon={<IconClockExclamation size={18} />} data-testid={`${testIdPrefix}-expired`}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">{labels.expired}</Text>
          <Button
            size="xs"
            leftSection={<IconRefresh size={14} />}
            onClick={props.onRefresh}
            loading={props.isRefreshing}
            data-testid={`${testIdPrefix}-refresh`}
          >
            {labels.refresh}
          </Button>
        </Group>
      </Alert>
    );
  return (
    <Group justify="center" gap="xs" data-testid={`${testIdPrefix}-countdown`}>
      <RingProgress
        size={44}
        thickness={4}
        roundCaps
        sections={[
          { value: (secondsLeft / props.ttlSeconds) * 100, color: secondsLeft > 10 ? 'teal' : 'orange' },
        ]}
        label={
          <Text size="xs" ta="center" fw={700}>
            {secondsLeft}
          </Text>
        }
      />
      <Text size="sm" c="dimmed">
        {labels.lockedFor}
      </Text>
    </Group>
  );
}
