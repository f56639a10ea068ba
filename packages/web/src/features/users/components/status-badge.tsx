import { Badge } from '@mantine/core';
import type { InvitationStatus } from '@portal/domain';
import { useTranslation } from 'react-i18next';

const COLORS = {
  invited: 'blue',
  registered: 'cyan',
  expired: 'gray',
  canceled: 'gray',
  activated: 'teal',
  deactivated: 'red',
  blocked: 'red',
  passwordResetRequest: 'orange',
  mfaResetRequest: 'orange',
} as const satisfies Record<InvitationStatus, string>;

export function StatusBadge({ status }: { status: InvitationStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLORS[status]} data-status={status}>
      {t(`users:status.${status}`)}
    </Badge>
  );
}
