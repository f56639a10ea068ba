import { Badge } from '@mantine/core';
import type { FxStatus } from '@portal/domain';
import { useTranslation } from 'react-i18next';

const COLORS: Record<FxStatus, string> = {
  created: 'blue',
  completed: 'teal',
  booked: 'yellow',
  settled: 'teal',
  canceled: 'gray',
  rejected: 'red',
  failed: 'red',
};

export function FxStatusBadge({ status }: { status: FxStatus }) {
  const { t } = useTranslation('fx');
  return (
    <Badge
      color={COLORS[status]}
      variant="light"
      radius="sm"
      tt="none"
      style={{ minWidth: 'max-content' }}
      data-status={status}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
