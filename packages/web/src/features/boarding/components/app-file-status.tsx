import { Badge } from '@mantine/core';
import type { FileView } from '@portal/domain';
import { useTranslation } from 'react-i18next';

export const fileStatusColor = (status: FileView['status']): string =>
  ({
    active: 'blue',
    pendingVerification: 'cyan',
    pendingComment: 'orange',
    verified: 'teal',
    verifiedComment: 'teal',
    declined: 'red',
    expired: 'gray',
    verificationError: 'red',
    manuallyVerified: 'teal',
    manuallyDeclined: 'red',
  })[status] ?? 'gray';

/** The status of an app file as a coloured badge (the table's status column, the card's aside). */
export function AppFileStatusBadge({ status }: { status: FileView['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={fileStatusColor(status)} variant="light" miw="max-content">
      {t(`files:status.${status}`)}
    </Badge>
  );
}
