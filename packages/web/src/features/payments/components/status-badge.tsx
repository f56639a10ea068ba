import { Badge } from '@mantine/core';
import type { PaymentStatus } from '@portal/domain';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<PaymentStatus, string> = {
  initializing: 'gray',
  created: 'blue',
  pending: 'yellow',
  expired: 'gray',
  settled: 'teal',
  declined: 'red',
  canceled: 'gray',
  captured: 'cyan',
  authorized: 'cyan',
  rejected: 'red',
  returned: 'orange',
};

export function StatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLORS[status] ?? 'gray'}
      variant="light"
      radius="sm"
      tt="none"
      style={{ minWidth: 'max-content' }}
      data-status={status}
    >
      {t(`payments:status.${status}`)}
    </Badge>
  );
}
