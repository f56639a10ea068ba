import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { OperatorWalletStatus } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { EmptyState } from '../../../shared/ui/index.ts';
import { NoteField } from './note-field.tsx';
import { type ToolWallet, useSetWalletStatus, useToolWallets } from './tools-api.ts';
import { DialogActions } from '../../../shared/ui/dialog-actions.tsx';

const COLOR: Record<OperatorWalletStatus, string> = { active: 'teal', disabled: 'orange', closed: 'gray' };

/** A company's wallets with status and reason; staff change the status with a reason (spec §4). */
export function WalletStatusPanel({ merchantId }: { merchantId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const wallets = useToolWallets(merchantId);
  const [target, setTarget] = useState<ToolWallet | null>(null);
  const list = wallets.data?.wallets ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('operatorTools:wallets.title')}
        </Title>
        {!wallets.isPending && list.length === 0 ? (
          <EmptyState title={t('operatorTools:wallets.empty')} />
        ) : null}
        <Stack gap="xs" data-testid="tools-wallets">
          {list.map((w) => (
            <Paper key={w.id} withBorder radius="sm" p="sm" data-testid="tools-wallet">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 12rem' }}>
                  <Text fw={600} size="sm">
                    {w.name}
                  </Text>
                  {w.balances.map((b) => (
                    <Text key={b.currency} size="sm" c="dimmed">
                      {format.money(b.balance, b.currency)}
                    </Text>
                  ))}
                  {w.status_reason ? (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {t('operatorTools:wallets.reasonValue', { reason: w.status_reason })}
                    </Text>
                  ) : null}
                  {w.status_changed_at ? (
                    <Text size="xs" c="dimmed">
                      {t('operatorTools:wallets.changedAt', { date: format.dateTime(w.status_changed_at) })}
                    </Text>
                  ) : null}
                </Stack>
                <Stack gap="xs" align="flex-end">
                  <Badge color={COLOR[w.status]} variant="light">
                    {t(`operatorTools:wallets.status.${w.status}`)}
                  </Badge>
                  {w.status !== 'closed' ? (
                    <Button size="xs" variant="light" onClick={() => setTarget(w)}>
                      {t('operatorTools:wallets.change')}
                    </Button>
                  ) : null}
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      </Stack>
      <StatusDialog wallet={target} onClose={() => setTarget(null)} />
    </Paper>
  );
}

function StatusDialog({ wallet, onClose }: { wallet: ToolWallet | null; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useSetWalletStatus();
  const [status, setStatus] = useState<OperatorWalletStatus | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const options = (['active', 'disabled', 'closed'] as const).filter((s) => s !== wallet?.status);
  const next = status && options.includes(status) ? status : (options[0] ?? 'disabled');
  const close = () => {
    setStatus(null);
    setReason('');
    setError(undefined);
    onClose();
  };
  return (
    <Modal opened={wallet !== null} onClose={close} title={t('operatorTools:wallets.change')}>
      <Stack gap="sm">
        <Text size="sm">{wallet?.name}</Text>
        <SegmentedControl
          value={next}
          onChange={(v) => setStatus(v as OperatorWalletStatus)}
          data={options.map((s) => ({ value: s, label: t(`operatorTools:wallets.status.${s}`) }))}
          data-testid="tools-status-choice"
        />
        {next === 'closed' ? (
          <Alert color="red" variant="light">
            {t('operatorTools:wallets.closeWarning')}
          </Alert>
        ) : null}
        <NoteField
          label={t('operatorTools:wallets.reasonLabel')}
          value={reason}
          onChange={setReason}
          error={error}
          testId="tools-status-reason"
        />
        <DialogActions
          cancelLabel={t('operatorTools:wallets.cancel')}
          onCancel={close}
          submitLabel={t('operatorTools:wallets.save')}
          isSubmitting={change.isPending}
          submitTestId="tools-status-save"
          onConfirm={() => {
            if (!reason.trim()) {
              setError(t('operatorTools:wallets.reasonRequired'));
              return;
            }
            if (!wallet) return;
            change.mutate(
              { params: { id: wallet.id }, body: { status: next, reason: reason.trim() } },
              {
                onSuccess: () => {
                  notifySuccess(
                    t('operatorTools:wallets.saved', { status: t(`operatorTools:wallets.status.${next}`) }),
                  );
                  close();
                },
              },
            );
          }}
        />
      </Stack>
    </Modal>
  );
}
