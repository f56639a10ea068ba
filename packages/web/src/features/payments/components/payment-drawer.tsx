import { Alert, Divider, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type PaymentView, usePaymentDetail } from '../api.ts';
import { usePaymentPermissions } from '../rights.ts';
import { Money } from '../../../shared/ui/money.tsx';
import { PaymentActions } from './payment-actions.tsx';
import { PaymentDetailFields, type PaymentHistoryStep, PaymentHistoryTimeline } from './payment-details.tsx';
import { StatusBadge } from './status-badge.tsx';

/** Payment details with the actions its status and the user's rights allow (spec §4, §6, §8). */
export function PaymentDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = usePaymentDetail(id);
  const payment = detail.data?.payment;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('payments:details.title')}
      data-testid="payment-drawer"
    >
      {payment ? (
        <PaymentDetailsBody payment={payment} history={detail.data?.history ?? []} onClose={onClose} />
      ) : (
        <Stack>
          <Skeleton h={48} />
          <Skeleton h={160} />
          <Skeleton h={120} />
        </Stack>
      )}
    </Drawer>
  );
}

function PaymentDetailsBody({
  payment,
  history,
  onClose,
}: {
  payment: PaymentView;
  history: PaymentHistoryStep[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const permissions = usePaymentPermissions();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Money amount={payment.gross_amount} currency={payment.currency} fz={28} fw={700} />
          <Text size="sm" c="dimmed">
            {t(`payments:transactionType.${payment.transaction_type}`)} · {payment.original_pm_label}
          </Text>
        </Stack>
        <StatusBadge status={payment.status} />
      </Group>

      {payment.errors ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />}>
          {payment.errors}
        </Alert>
      ) : null}
      {payment.status === 'created' &&
      payment.direction === 'outbound' &&
      !permissions.allowed(payment, 'approve') ? (
        <Alert color="blue" variant="light">
          {t('payments:result.needsApproval')}
        </Alert>
      ) : null}
      {payment.recall_requested ? (
        <Alert color="orange">{t('payments:details.recallRequested')}</Alert>
      ) : null}
      {payment.dispute_opened ? <Alert color="orange">{t('payments:details.disputeOpened')}</Alert> : null}
      {payment.refunded ? <Alert color="blue">{t('payments:details.refunded')}</Alert> : null}

      <PaymentActions payment={payment} onClose={onClose} />

      <Divider />
      <PaymentDetailFields payment={payment} />
      <PaymentHistoryTimeline history={history} />
    </Stack>
  );
}
