import { Badge, Group, Progress, Text } from '@mantine/core';
import type { DealStatus, TransferStatus } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { WHOLE_TEXT_BADGE } from '../../../shared/ui/whole-text-badge.ts';

const TRANSFER_COLORS: Record<TransferStatus, string> = {
  created: 'blue',
  queued: 'grape',
  pending: 'yellow',
  settled: 'teal',
  declined: 'red',
  canceled: 'gray',
};

const DEAL_COLORS: Record<DealStatus, string> = {
  awaiting: 'blue',
  funded: 'teal',
  underpaid: 'orange',
  overpaid: 'yellow',
  confirmed: 'green',
  declined: 'red',
  expired: 'gray',
};

/** Statuses are short phrases ('Awaiting approval'): the badge keeps its whole text. */
const WHOLE_TEXT = WHOLE_TEXT_BADGE;

export function TransferStatusBadge({ status }: { status: TransferStatus }) {
  const { t } = useTranslation('onchainTransfer');
  return (
    <Badge
      color={TRANSFER_COLORS[status]}
      variant="light"
      radius="sm"
      tt="none"
      styles={WHOLE_TEXT}
      data-status={status}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}

export function DealStatusBadge({ status }: { status: DealStatus }) {
  const { t } = useTranslation('onchainTransfer');
  return (
    <Badge
      color={DEAL_COLORS[status]}
      variant="light"
      radius="sm"
      tt="none"
      styles={WHOLE_TEXT}
      data-status={status}
    >
      {t(`dealStatus.${status}`)}
    </Badge>
  );
}

/** "7 / 12 confirmations" with a bar that fills up as blocks arrive. */
export function Confirmations({ count, required }: { count: number; required: number }) {
  const { t } = useTranslation('onchainTransfer');
  const shown = Math.min(count, required);
  return (
    <Group gap={6} wrap="nowrap" miw={120} data-testid="confirmations" data-count={shown}>
      <Progress
        value={(shown / required) * 100}
        size="sm"
        w={48}
        color={shown >= required ? 'teal' : 'yellow'}
      />
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('confirmations', { count: shown, required })}
      </Text>
    </Group>
  );
}

/** Long hashes and addresses: the start and the end, the whole value in the title. */
export function Short({ value, size = 'sm' }: { value: string | null; size?: 'xs' | 'sm' }) {
  if (!value) return <Text size={size}>—</Text>;
  const short = value.length > 18 ? `${value.slice(0, 10)}…${value.slice(-6)}` : value;
  return (
    <Text size={size} ff="monospace" title={value} style={{ whiteSpace: 'nowrap' }}>
      {short}
    </Text>
  );
}
