import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/index.ts';
import type { OnchainTransfer } from '../api.ts';
import { ApproveTransferDialog } from './approve-transfer-dialog.tsx';
import { Confirmations, TransferStatusBadge } from './onchain-badges.tsx';

/**
 * The last step of the transfer dialog: the created transfer with its status, its hash and the
 * confirmations counting up once sent, when a queued one goes out, and the maker-checker approval.
 */
export function TransferResult({
  result,
  isApproving,
  onApprove,
  onApproveClose,
  onApproved,
  onDone,
}: {
  result: OnchainTransfer;
  isApproving: boolean;
  onApprove: () => void;
  onApproveClose: () => void;
  onApproved: (transfer: OnchainTransfer) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('onchainTransfer');
  const { dateTime, money } = useFormat();
  return (
    <Stack gap="md" data-testid="onchain-result">
      <Group justify="space-between">
        <Text fw={600}>{t('dialog.created')}</Text>
        <TransferStatusBadge status={result.status} />
      </Group>
      <Text size="sm">
        {money(result.coin_amount, result.asset)} → {result.address}
      </Text>
      {result.tx_hash ? (
        <>
          <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="result-hash">
            {result.tx_hash}
          </Text>
          <Confirmations count={result.confirmations} required={result.required_confirmations} />
        </>
      ) : null}
      {result.status === 'queued' && result.send_at ? (
        <Text size="sm" c="grape">
          {t('dialog.windowClosed', { at: dateTime(result.send_at) })}
        </Text>
      ) : null}
      {result.status === 'created' && !result.can_approve ? (
        <Alert color="blue" variant="light">
          {t('dialog.awaitsApproval')}
        </Alert>
      ) : null}
      <ApproveTransferDialog
        id={isApproving ? result.id : null}
        onClose={onApproveClose}
        onApproved={onApproved}
      />
      <Group justify="flex-end">
        {result.can_approve ? (
          <Button onClick={onApprove} data-testid="onchain-approve">
            {t('actions.approve')}
          </Button>
        ) : null}
        <Button variant="default" onClick={onDone} data-testid="onchain-done">
          {t('dialog.done')}
        </Button>
      </Group>
    </Stack>
  );
}
