import { Badge } from '@mantine/core';
import type { VaRequestStatus, VaStatus } from '@portal/domain';
import { useTranslation } from 'react-i18next';

const VA_COLORS: Record<VaStatus, string> = { active: 'teal', disabled: 'yellow', closed: 'gray' };
const REQUEST_COLORS: Record<VaRequestStatus, string> = {
  created: 'blue',
  pending: 'yellow',
  approved: 'teal',
  allocated: 'teal',
  accepted: 'green',
  declined: 'red',
  canceled: 'gray',
};

export function VaStatusBadge({ status }: { status: VaStatus }) {
  const { t } = useTranslation('virtualAccounts');
  return (
    <Badge variant="light" color={VA_COLORS[status]} data-testid="va-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

export function VaRequestStatusBadge({ status }: { status: VaRequestStatus }) {
  const { t } = useTranslation('virtualAccounts');
  return (
    <Badge variant="light" color={REQUEST_COLORS[status]} data-testid="va-request-status">
      {t(`requestStatus.${status}`)}
    </Badge>
  );
}
