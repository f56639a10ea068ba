import { Badge } from '@mantine/core';
import type { PaymentRequestStatus } from '@portal/domain';
import { useTranslation } from 'react-i18next';

const COLOR: Record<PaymentRequestStatus, string> = {
  open: 'blue',
  paid: 'teal',
  partially_paid: 'yellow',
  overpaid: 'grape',
  expired: 'gray',
  cancelled: 'gray',
  refunded: 'orange',
};

export function RequestStatusBadge({ status, late }: { status: PaymentRequestStatus; late?: boolean }) {
  const { t } = useTranslation('paymentRequests');
  return (
    <Badge color={COLOR[status]} variant="light" data-testid="pr-status" data-status={status}>
      {t(`status.${status}`)}
      {late ? ` · ${t('status.late')}` : ''}
    </Badge>
  );
}
