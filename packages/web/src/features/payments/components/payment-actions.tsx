import { Button, Group } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconArrowBackUp,
  IconCheck,
  IconCopy,
  IconGavel,
  IconReceiptRefund,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import {
  type PaymentView,
  useCancelPayment,
  useDisputePayment,
  useRecallPayment,
  useRefundPayment,
} from '../api.ts';
import { type PaymentUiAction, usePaymentPermissions } from '../rights.ts';
import { ApproveDialog } from './approve-dialog.tsx';
import { ReasonModal } from './reason-modal.tsx';

/** Confirmations opened from the drawer sit above it (Mantine's default layers are equal). */
const ABOVE_DRAWER = 400;

/**
 * The drawer's action buttons with the confirmations they open (approve, cancel, refund, recall,
 * dispute, copy as a new payout), each shown only when the payment's status and the user's rights
 * allow it.
 */
export function PaymentActions({ payment, onClose }: { payment: PaymentView; onClose: () => void }) {
  const { t } = useTranslation();
  const permissions = usePaymentPermissions();
  const [approving, setApproving] = useState(false);
  const cancel = useCancelPayment();
  const refund = useRefundPayment();
  const recall = useRecallPayment();
  const dispute = useDisputePayment();
  const [asking, setAsking] = useState<'refund' | 'recall' | 'dispute' | null>(null);
  const params = { id: payment.id };
  const done = (key: string) => () =>
    notifications.show({ color: 'teal', message: t(`payments:actions.${key}Done`) });
  const can = (action: PaymentUiAction) => permissions.allowed(payment, action);

  const onApprove = () => setApproving(true);
  const onCancel = () =>
    modals.openConfirmModal({
      title: t('payments:actions.cancelTitle'),
      children: t(payment.status === 'created' ? 'payments:actions.cancelText' : 'payments:actions.stopText'),
      labels: { confirm: t('payments:actions.cancel'), cancel: t('common:actions.back') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-cancel' },
      zIndex: ABOVE_DRAWER,
      onConfirm: () => cancel.mutate({ params }, { onSuccess: done('cancel') }),
    });

  return (
    <>
      <Group gap="xs" data-testid="payment-actions">
        {can('approve') ? (
          <Button leftSection={<IconCheck size={16} />} onClick={onApprove} data-testid="action-approve">
            {t('payments:actions.approve')}
          </Button>
        ) : null}
        {can('cancel') ? (
          <Button
            color="red"
            variant="light"
            leftSection={<IconX size={16} />}
            loading={cancel.isPending}
            onClick={onCancel}
          >
            {t('payments:actions.cancel')}
          </Button>
        ) : null}
        {can('refund') ? (
          <Button
            variant="light"
            leftSection={<IconReceiptRefund size={16} />}
            onClick={() => setAsking('refund')}
          >
            {t('payments:actions.refund')}
          </Button>
        ) : null}
        {can('recall') ? (
          <Button
            variant="light"
            color="orange"
            leftSection={<IconArrowBackUp size={16} />}
            onClick={() => setAsking('recall')}
          >
            {t('payments:actions.recall')}
          </Button>
        ) : null}
        {can('dispute') ? (
          <Button
            variant="subtle"
            color="orange"
            leftSection={<IconGavel size={16} />}
            onClick={() => setAsking('dispute')}
          >
            {t('payments:actions.dispute')}
          </Button>
        ) : null}
        {payment.direction === 'outbound' &&
        payment.transaction_type === 'payout' &&
        permissions.canCreate ? (
          <Button
            variant="default"
            leftSection={<IconCopy size={16} />}
            component={Link}
            to={href('mi_acc_payments', { workMode: 'new' }, { copy: payment.id })}
            onClick={onClose}
          >
            {t('payments:actions.copy')}
          </Button>
        ) : null}
      </Group>

      <ReasonModal
        opened={asking === 'refund'}
        title={t('payments:actions.refundTitle')}
        description={t('payments:actions.refundText')}
        label={t('payments:actions.comment')}
        confirmLabel={t('payments:actions.refund')}
        isRequired={false}
        isPending={refund.isPending}
        onClose={() => setAsking(null)}
        onConfirm={(comments) =>
          refund.mutate(
            { params, body: { comments } },
            {
              onSuccess: () => {
                setAsking(null);
                done('refund')();
              },
            },
          )
        }
      />
      <ReasonModal
        opened={asking === 'recall'}
        title={t('payments:actions.recallTitle')}
        description={t('payments:actions.recallText')}
        label={t('payments:actions.reason')}
        confirmLabel={t('payments:actions.recall')}
        isRequired
        isPending={recall.isPending}
        onClose={() => setAsking(null)}
        onConfirm={(reason) =>
          recall.mutate(
            { params, body: { reason } },
            {
              onSuccess: () => {
                setAsking(null);
                done('recall')();
              },
            },
          )
        }
      />
      <ReasonModal
        opened={asking === 'dispute'}
        title={t('payments:actions.disputeTitle')}
        description={t('payments:actions.disputeText')}
        label={t('payments:actions.reason')}
        confirmLabel={t('payments:actions.dispute')}
        isRequired
        isPending={dispute.isPending}
        onClose={() => setAsking(null)}
        onConfirm={(reason) =>
          dispute.mutate(
            { params, body: { reason } },
            {
              onSuccess: () => {
                setAsking(null);
                done('dispute')();
              },
            },
          )
        }
      />
      <ApproveDialog ids={approving ? [payment.id] : null} onClose={() => setApproving(false)} />
    </>
  );
}
