import {
  Alert,
  Button,
  Divider,
  Drawer,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconCheck,
  IconCopy,
  IconGavel,
  IconReceiptRefund,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../../app/router/route-names.ts';
import { useFormatters } from '../../../shared/i18n/format.ts';
import {
  type PaymentView,
  useCancelPayment,
  useDisputePayment,
  usePaymentDetail,
  useRecallPayment,
  useRefundPayment,
} from '../api.ts';
import { type PaymentUiAction, usePaymentPermissions } from '../rights.ts';
import { ApproveDialog } from './approve-dialog.tsx';
import { Money } from './money.tsx';
import { counterpartyAccount } from './payments-table.tsx';
import { ReasonModal } from './reason-modal.tsx';
import { StatusBadge } from './status-badge.tsx';

/** Confirmations opened from the drawer sit above it (Mantine's default layers are equal). */
const ABOVE_DRAWER = 400;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

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
      title={<Title order={4}>{t('payments:details.title')}</Title>}
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
  history: { status: string; at: string; actor: string | null; note: string | null }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
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
  const client = payment.corresponding_client;

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
      {payment.status === 'created' && payment.direction === 'outbound' && !can('approve') ? (
        <Alert color="blue" variant="light">
          {t('payments:result.needsApproval')}
        </Alert>
      ) : null}
      {payment.recall_requested ? (
        <Alert color="orange">{t('payments:details.recallRequested')}</Alert>
      ) : null}
      {payment.dispute_opened ? <Alert color="orange">{t('payments:details.disputeOpened')}</Alert> : null}
      {payment.refunded ? <Alert color="blue">{t('payments:details.refunded')}</Alert> : null}

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

      <Divider />
      <SimpleGrid cols={2} spacing="md" verticalSpacing="md">
        <Field label={t('tableColumns:counterparty')}>
          <Text size="sm" fw={600}>
            {client.name || '—'}
          </Text>
          {counterpartyAccount(payment) ? (
            <Text size="xs" ff="monospace" c="dimmed">
              {counterpartyAccount(payment)}
            </Text>
          ) : null}
          {client.bic ? (
            <Text size="xs" ff="monospace" c="dimmed">
              {client.bic}
            </Text>
          ) : null}
        </Field>
        <Field label={t('tableColumns:reference')}>
          <Text size="sm" data-testid="payment-reference">
            {payment.comments || '—'}
          </Text>
        </Field>
        <Field label={t('tableColumns:gross')}>
          <Money amount={payment.gross_amount} currency={payment.currency} />
        </Field>
        <Field label={t('tableColumns:fee')}>
          <Money amount={payment.fee_amount} currency={payment.currency} />
        </Field>
        <Field label={t('tableColumns:net')}>
          <Money amount={payment.net_amount} currency={payment.currency} />
        </Field>
        <Field label={t('tableColumns:created')}>{dateTime(payment.creation_date)}</Field>
        <Field label={t('tableColumns:captured')}>
          {payment.capture_date ? dateTime(payment.capture_date) : '—'}
        </Field>
        <Field label={t('tableColumns:charged')}>
          {payment.charge_date ? dateTime(payment.charge_date) : '—'}
        </Field>
        <Field label={t('tableColumns:settled')}>
          {payment.settlement_date ? dateTime(payment.settlement_date) : '—'}
        </Field>
        <Field label={t('payments:details.internalId')}>
          <Text size="xs" ff="monospace" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {payment.reference_uuid}
          </Text>
        </Field>
      </SimpleGrid>

      {history.length > 0 ? (
        <>
          <Divider label={t('payments:details.history')} labelPosition="left" />
          <Timeline active={history.length - 1} bulletSize={14} lineWidth={2}>
            {history.map((step) => (
              <Timeline.Item
                key={`${step.status}-${step.at}`}
                title={t(`payments:status.${step.status}`, { defaultValue: step.status })}
              >
                <Text size="xs" c="dimmed">
                  {dateTime(step.at)}
                  {step.actor ? ` · ${step.actor}` : ''}
                </Text>
                {step.note ? <Text size="xs">{step.note}</Text> : null}
              </Timeline.Item>
            ))}
          </Timeline>
        </>
      ) : null}

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
    </Stack>
  );
}
