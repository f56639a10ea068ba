import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import {
  type apiRoutes,
  ONCHAIN_ASSETS,
  type RouteResponse,
  TRANSFER_STATUSES,
  type TransferStatus,
} from '@portal/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/index.ts';
import { useCancelTransfer, useTransfers } from '../api.ts';
import { ApproveTransferDialog } from './approve-transfer-dialog.tsx';
import { Confirmations, Short, TransferStatusBadge } from './onchain-badges.tsx';
import { oneOf, pageOf } from '../../../shared/ui/list-params.ts';
import { type ListParamsProps, OnchainList, ParamSelect, ROWS } from './onchain-list.tsx';

type TransferRow = RouteResponse<typeof apiRoutes.onchainList>['transfers'][number];

/** The row's actions: approve (opens the confirmation) and cancel. */
interface RowActions {
  onApprove: (id: string) => void;
  onCancel: (id: string) => void;
}

function TransferButtons({
  r,
  onApprove,
  onCancel,
  approveTestId,
}: { r: TransferRow; approveTestId?: string } & RowActions) {
  const { t } = useTranslation('onchainTransfer');
  return (
    <>
      {r.can_approve ? (
        <Button size="xs" onClick={() => onApprove(r.id)} data-testid={approveTestId}>
          {t('actions.approve')}
        </Button>
      ) : null}
      {r.can_cancel ? (
        <Button size="xs" variant="subtle" color="red" onClick={() => onCancel(r.id)}>
          {t('actions.cancel')}
        </Button>
      ) : null}
    </>
  );
}

/** Under the status: when a queued transfer goes out, and why one failed. */
function TransferNotes({ r, errorWidth }: { r: TransferRow; errorWidth?: number }) {
  const { t } = useTranslation('onchainTransfer');
  const { dateTime } = useFormat();
  return (
    <>
      {r.status === 'queued' && r.send_at ? (
        <Text size="xs" c="grape">
          {t('sendsAt', { at: dateTime(r.send_at) })}
        </Text>
      ) : null}
      {r.error ? (
        <Text size="xs" c="red" maw={errorWidth}>
          {r.error}
        </Text>
      ) : null}
    </>
  );
}

function TransferCard({ r, onApprove, onCancel }: { r: TransferRow } & RowActions) {
  const { t } = useTranslation('onchainTransfer');
  const { dateTime, money } = useFormat();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="transfer-row" data-status={r.status}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          {money(r.coin_amount, r.asset)}
        </Text>
        <TransferStatusBadge status={r.status as TransferStatus} />
      </Group>
      <Text size="xs" c="dimmed">
        {t(`network.${r.network}`)} · {dateTime(r.created_at)} ·{' '}
        {t('feeShort', { fee: money(r.fee, r.funding_currency) })}
      </Text>
      <Short value={r.address} size="xs" />
      {r.tx_hash ? <Confirmations count={r.confirmations} required={r.required_confirmations} /> : null}
      <TransferNotes r={r} />
      {r.can_approve || r.can_cancel ? (
        <Group gap={4} mt={6} justify="flex-end">
          <TransferButtons r={r} onApprove={onApprove} onCancel={onCancel} />
        </Group>
      ) : null}
    </Paper>
  );
}

function TransferTableRow({ r, onApprove, onCancel }: { r: TransferRow } & RowActions) {
  const { t } = useTranslation('onchainTransfer');
  const { dateTime, money } = useFormat();
  return (
    <Table.Tr data-testid="transfer-row" data-status={r.status}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(r.created_at)}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={600}>
          {r.asset}
        </Text>
        <Text size="xs" c="dimmed">
          {t(`network.${r.network}`)}
        </Text>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{money(r.coin_amount, r.asset)}</Text>
        <Text size="xs" c="dimmed">
          {t('feeShort', { fee: money(r.fee, r.funding_currency) })}
        </Text>
      </Table.Td>
      <Table.Td>
        <Short value={r.address} />
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <TransferStatusBadge status={r.status as TransferStatus} />
          <TransferNotes r={r} errorWidth={220} />
        </Stack>
      </Table.Td>
      <Table.Td>
        {r.tx_hash ? <Confirmations count={r.confirmations} required={r.required_confirmations} /> : null}
      </Table.Td>
      <Table.Td>
        <Short value={r.tx_hash} size="xs" />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <TransferButtons r={r} onApprove={onApprove} onCancel={onCancel} approveTestId="row-approve" />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** On-chain transfers with their confirmations counting up, filtered by status and asset. */
export function TransfersList({ params, set }: ListParamsProps) {
  const { t } = useTranslation('onchainTransfer');
  const status = oneOf(TRANSFER_STATUSES, params.get('status'));
  const asset = oneOf(ONCHAIN_ASSETS, params.get('asset'));
  const page = pageOf(params);
  const filter = useMemo(
    () => ({ ...(status ? { status } : {}), ...(asset ? { asset } : {}) }),
    [status, asset],
  );
  const list = useTransfers(filter, page, ROWS);
  const [approvingId, setApprovingId] = useState<string | null>(null);
  const cancel = useCancelTransfer();
  const actions: RowActions = {
    onApprove: setApprovingId,
    onCancel: (id) => cancel.mutate({ params: { id } }),
  };
  return (
    <OnchainList
      filters={
        <>
          <ParamSelect
            name="status"
            value={status}
            set={set}
            placeholder={t('filters.status')}
            data={TRANSFER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            w={180}
            testId="transfer-status-filter"
          />
          <ParamSelect
            name="asset"
            value={asset}
            set={set}
            placeholder={t('filters.asset')}
            data={[...ONCHAIN_ASSETS]}
            w={140}
          />
        </>
      }
      rows={list.data?.transfers ?? []}
      total={list.data?.total ?? 0}
      isLoading={list.isLoading}
      page={page}
      set={set}
      cardsTestId="transfers-cards"
      tableTestId="transfers-table"
      minWidth={900}
      empty={t('empty.transfers')}
      columns={[
        { label: t('columns.created') },
        { label: t('columns.asset') },
        { label: t('columns.amount'), isRight: true },
        { label: t('columns.address') },
        { label: t('columns.status') },
        { label: t('columns.confirmations') },
        { label: t('columns.txHash') },
      ]}
      renderCard={(r) => <TransferCard key={r.id} r={r} {...actions} />}
      renderRow={(r) => <TransferTableRow key={r.id} r={r} {...actions} />}
    >
      <ApproveTransferDialog id={approvingId} onClose={() => setApprovingId(null)} />
    </OnchainList>
  );
}
