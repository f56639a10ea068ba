import {
  ActionIcon,
  Button,
  CopyButton,
  Group,
  Menu,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  DEAL_STATUSES,
  type DealStatus,
  ONCHAIN_ASSETS,
  ONCHAIN_NETWORKS,
  TRANSFER_STATUSES,
  type TransferStatus,
} from '@portal/domain';
import { IconCheck, IconCopy, IconCurrencyBitcoin, IconDots, IconPlus } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormatters } from '../../../shared/i18n/format.ts';
import { ListPager, ListTable, Page } from '../../../shared/ui/index.ts';
import {
  type EscrowDeal,
  useCryptoWallets,
  useDeals,
  useDeclineDeal,
  useSimDeposit,
  useCancelTransfer,
  useTransfers,
} from '../api.ts';
import { ConfirmDealDialog, CreateDealDialog, MatchDealDialog } from '../components/escrow-dialogs.tsx';
import { Confirmations, DealStatusBadge, Short, TransferStatusBadge } from '../components/onchain-badges.tsx';
import { ApproveTransferDialog } from '../components/approve-transfer-dialog.tsx';
import { TransferDialog } from '../components/transfer-dialog.tsx';

const ROWS = 20;
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined =>
  v !== null && (list as readonly string[]).includes(v) ? (v as T) : undefined;

/**
 * On-chain (spec §2 menu "Make Onchain Transfer"): transfers with their confirmations counting up,
 * escrow blockchain deals with filters, and the crypto wallets with their deposit addresses.
 * `?dialog=transfer` opens the Make Onchain Transfer dialog, so the menu entry links straight to it.
 */
export function OnchainPage() {
  const { t } = useTranslation('onchainTransfer');
  const [params, setParams] = useSearchParams();
  const tab = oneOf(['transfers', 'deals', 'wallets'] as const, params.get('tab')) ?? 'transfers';
  const set = (patch: Record<string, string | undefined>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(patch)) v ? next.set(k, v) : next.delete(k);
        return next;
      },
      { replace: true },
    );
  const [dealDialog, setDealDialog] = useState(false);

  return (
    <Page
      title={t('title')}
      actions={
        <Group gap="xs">
          <Button
            leftSection={<IconCurrencyBitcoin size={16} />}
            onClick={() => set({ dialog: 'transfer' })}
            data-testid="open-transfer"
          >
            {t('actions.newTransfer')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setDealDialog(true)}
            data-testid="open-deal"
          >
            {t('escrow.newDeal')}
          </Button>
        </Group>
      }
    >
      <Tabs
        value={tab}
        onChange={(v) => set({ tab: v ?? undefined, page: undefined, status: undefined })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="transfers" data-testid="tab-transfers">
            {t('tabs.transfers')}
          </Tabs.Tab>
          <Tabs.Tab value="deals" data-testid="tab-deals">
            {t('tabs.deals')}
          </Tabs.Tab>
          <Tabs.Tab value="wallets" data-testid="tab-wallets">
            {t('tabs.wallets')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="transfers">
          <TransfersPanel params={params} set={set} />
        </Tabs.Panel>
        <Tabs.Panel value="deals">
          <DealsPanel params={params} set={set} />
        </Tabs.Panel>
        <Tabs.Panel value="wallets">
          <WalletsPanel />
        </Tabs.Panel>
      </Tabs>
      <TransferDialog
        opened={params.get('dialog') === 'transfer'}
        onClose={() => set({ dialog: undefined })}
      />
      <CreateDealDialog
        opened={dealDialog}
        onClose={() => {
          setDealDialog(false);
          set({ tab: 'deals' });
        }}
      />
    </Page>
  );
}

type PanelProps = { params: URLSearchParams; set: (patch: Record<string, string | undefined>) => void };

function TransfersPanel({ params, set }: PanelProps) {
  const { t } = useTranslation('onchainTransfer');
  const { dateTimeShort } = useFormatters();
  const status = oneOf(TRANSFER_STATUSES, params.get('status'));
  const asset = oneOf(ONCHAIN_ASSETS, params.get('asset'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filter = useMemo(
    () => ({ ...(status ? { status } : {}), ...(asset ? { asset } : {}) }),
    [status, asset],
  );
  const list = useTransfers(filter, page, ROWS);
  const [approvingId, setApprovingId] = useState<string | null>(null);
  const cancel = useCancelTransfer();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const rows = list.data?.transfers ?? [];
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Select
          placeholder={t('filters.status')}
          data={TRANSFER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          value={status ?? null}
          onChange={(v) => set({ status: v ?? undefined, page: undefined })}
          clearable
          w={180}
          data-testid="transfer-status-filter"
        />
        <Select
          placeholder={t('filters.asset')}
          data={[...ONCHAIN_ASSETS]}
          value={asset ?? null}
          onChange={(v) => set({ asset: v ?? undefined, page: undefined })}
          clearable
          w={140}
        />
      </Group>
      {phone ? (
        <Stack gap="xs" data-testid="transfers-cards">
          {rows.map((r) => (
            <Paper key={r.id} withBorder radius="md" p="sm" data-testid="transfer-row" data-status={r.status}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} size="sm">
                  {r.coin_amount} {r.asset}
                </Text>
                <TransferStatusBadge status={r.status as TransferStatus} />
              </Group>
              <Text size="xs" c="dimmed">
                {t(`network.${r.network}`)} · {dateTimeShort(r.created_at)} · {t('feeShort', { fee: r.fee })}
              </Text>
              <Short value={r.address} size="xs" />
              {r.tx_hash ? (
                <Confirmations count={r.confirmations} required={r.required_confirmations} />
              ) : null}
              {r.status === 'queued' && r.send_at ? (
                <Text size="xs" c="grape">
                  {t('sendsAt', { at: dateTimeShort(r.send_at) })}
                </Text>
              ) : null}
              {r.error ? (
                <Text size="xs" c="red">
                  {r.error}
                </Text>
              ) : null}
              {r.can_approve || r.can_cancel ? (
                <Group gap={4} mt={6} justify="flex-end">
                  {r.can_approve ? (
                    <Button size="xs" onClick={() => setApprovingId(r.id)}>
                      {t('actions.approve')}
                    </Button>
                  ) : null}
                  {r.can_cancel ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => cancel.mutate({ params: { id: r.id } })}
                    >
                      {t('actions.cancel')}
                    </Button>
                  ) : null}
                </Group>
              ) : null}
            </Paper>
          ))}
        </Stack>
      ) : null}
      <ListTable
        minWidth={900}
        striped
        verticalSpacing="xs"
        data-testid="transfers-table"
        frameProps={{ display: phone ? 'none' : undefined }}
        scrollAreaProps={{ offsetScrollbars: false }}
        footer={
          rows.length === 0 && !list.isLoading ? (
            <Text c="dimmed" ta="center" p="lg">
              {t('empty.transfers')}
            </Text>
          ) : null
        }
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.created')}</Table.Th>
            <Table.Th>{t('columns.asset')}</Table.Th>
            <Table.Th ta="right">{t('columns.amount')}</Table.Th>
            <Table.Th>{t('columns.address')}</Table.Th>
            <Table.Th>{t('columns.status')}</Table.Th>
            <Table.Th>{t('columns.confirmations')}</Table.Th>
            <Table.Th>{t('columns.txHash')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(phone ? [] : rows).map((r) => (
            <Table.Tr key={r.id} data-testid="transfer-row" data-status={r.status}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTimeShort(r.created_at)}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {r.asset}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`network.${r.network}`)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{r.coin_amount}</Text>
                <Text size="xs" c="dimmed">
                  {t('feeShort', { fee: r.fee })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Short value={r.address} />
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <TransferStatusBadge status={r.status as TransferStatus} />
                  {r.status === 'queued' && r.send_at ? (
                    <Text size="xs" c="grape">
                      {t('sendsAt', { at: dateTimeShort(r.send_at) })}
                    </Text>
                  ) : null}
                  {r.error ? (
                    <Text size="xs" c="red" maw={220}>
                      {r.error}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>
                {r.tx_hash ? (
                  <Confirmations count={r.confirmations} required={r.required_confirmations} />
                ) : null}
              </Table.Td>
              <Table.Td>
                <Short value={r.tx_hash} size="xs" />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  {r.can_approve ? (
                    <Button size="xs" onClick={() => setApprovingId(r.id)} data-testid="row-approve">
                      {t('actions.approve')}
                    </Button>
                  ) : null}
                  {r.can_cancel ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => cancel.mutate({ params: { id: r.id } })}
                    >
                      {t('actions.cancel')}
                    </Button>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ListTable>
      <ListPager
        total={list.data?.total ?? 0}
        pageSize={ROWS}
        page={page}
        onPage={(p) => set({ page: String(p) })}
        justify="flex-start"
      />
      <ApproveTransferDialog id={approvingId} onClose={() => setApprovingId(null)} />
    </Stack>
  );
}

function DealsPanel({ params, set }: PanelProps) {
  const { t } = useTranslation('onchainTransfer');
  const { dateTimeShort } = useFormatters();
  const status = oneOf(DEAL_STATUSES, params.get('status'));
  const ticker = oneOf(ONCHAIN_ASSETS, params.get('ticker'));
  const network = oneOf(ONCHAIN_NETWORKS, params.get('network'));
  const text = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filter = useMemo(
    () => ({
      ...(status ? { status } : {}),
      ...(ticker ? { ticker } : {}),
      ...(network ? { network } : {}),
      ...(text ? { filter_value: text } : {}),
    }),
    [status, ticker, network, text],
  );
  const list = useDeals(filter, page, ROWS);
  const decline = useDeclineDeal();
  const simDeposit = useSimDeposit();
  const [matching, setMatching] = useState<{ deal: EscrowDeal; trx?: string } | null>(null);
  const [confirming, setConfirming] = useState<EscrowDeal | null>(null);
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const rows = list.data?.deals ?? [];
  const pay = (d: EscrowDeal, amount: string) =>
    simDeposit.mutate(
      { body: { network: d.network, ticker: d.ticker, address: d.deposit_address, amount } },
      { onSuccess: (r) => setMatching({ deal: d, trx: r.trx_id }) },
    );
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Select
          placeholder={t('filters.status')}
          data={DEAL_STATUSES.map((s) => ({ value: s, label: t(`dealStatus.${s}`) }))}
          value={status ?? null}
          onChange={(v) => set({ status: v ?? undefined, page: undefined })}
          clearable
          w={170}
          data-testid="deal-status-filter"
        />
        <Select
          placeholder={t('escrow.ticker')}
          data={[...ONCHAIN_ASSETS]}
          value={ticker ?? null}
          onChange={(v) => set({ ticker: v ?? undefined, page: undefined })}
          clearable
          w={120}
        />
        <Select
          placeholder={t('dialog.network')}
          data={ONCHAIN_NETWORKS.map((n) => ({ value: n, label: t(`network.${n}`) }))}
          value={network ?? null}
          onChange={(v) => set({ network: v ?? undefined, page: undefined })}
          clearable
          w={140}
        />
        <TextInput
          placeholder={t('filters.search')}
          defaultValue={text}
          onBlur={(e) => set({ q: e.currentTarget.value.trim() || undefined, page: undefined })}
          w={220}
        />
      </Group>
      {phone ? (
        <Stack gap="xs" data-testid="deals-cards">
          {rows.map((d) => (
            <Paper key={d.id} withBorder radius="md" p="sm" data-testid="deal-row" data-status={d.status}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} size="sm">
                  {d.expected_amount} {d.ticker}
                </Text>
                <DealStatusBadge status={d.status as DealStatus} />
              </Group>
              <Text size="xs" c="dimmed">
                {t(`network.${d.network}`)} · {d.currency} · {t('escrow.ttlShort', { hours: d.ttl_hours })}
              </Text>
              {d.settled_amount ? (
                <Text size="xs">
                  {t('escrow.settledAmount')}: {d.settled_amount}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed">
                {t('escrow.expiry')}: {dateTimeShort(d.expires_at)}
              </Text>
              <Short value={d.deposit_address} size="xs" />
              <Group gap={4} mt={6} justify="flex-end">
                {d.status === 'awaiting' ? (
                  <Button size="xs" variant="light" onClick={() => setMatching({ deal: d })}>
                    {t('escrow.match')}
                  </Button>
                ) : null}
                {['funded', 'underpaid', 'overpaid'].includes(d.status) ? (
                  <Button size="xs" onClick={() => setConfirming(d)}>
                    {t('escrow.confirm')}
                  </Button>
                ) : null}
                {['awaiting', 'funded', 'underpaid', 'overpaid'].includes(d.status) ? (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => decline.mutate({ params: { id: d.id } })}
                  >
                    {t('escrow.decline')}
                  </Button>
                ) : null}
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : null}
      <ListTable
        minWidth={960}
        striped
        verticalSpacing="xs"
        data-testid="deals-table"
        frameProps={{ display: phone ? 'none' : undefined }}
        scrollAreaProps={{ offsetScrollbars: false }}
        footer={
          rows.length === 0 && !list.isLoading ? (
            <Text c="dimmed" ta="center" p="lg">
              {t('empty.deals')}
            </Text>
          ) : null
        }
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.created')}</Table.Th>
            <Table.Th>{t('escrow.ticker')}</Table.Th>
            <Table.Th ta="right">{t('escrow.expectedAmount')}</Table.Th>
            <Table.Th ta="right">{t('escrow.settledAmount')}</Table.Th>
            <Table.Th>{t('escrow.depositAddress')}</Table.Th>
            <Table.Th>{t('escrow.receiverWallet')}</Table.Th>
            <Table.Th>{t('columns.status')}</Table.Th>
            <Table.Th>{t('escrow.expiry')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(phone ? [] : rows).map((d) => (
            <Table.Tr key={d.id} data-testid="deal-row" data-status={d.status}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTimeShort(d.created_at)}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {d.ticker}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`network.${d.network}`)} · {d.currency}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{d.expected_amount}</Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{d.settled_amount ?? '—'}</Text>
                {d.difference &&
                d.difference.replace(/[0.]/g, '') !== '' &&
                d.difference.replace(/[0.-]/g, '') !== '' ? (
                  <Text size="xs" c={d.difference.startsWith('-') ? 'orange' : 'yellow'}>
                    {d.difference}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Short value={d.deposit_address} size="xs" />
                  <CopyButton value={d.deposit_address}>
                    {({ copied, copy }) => (
                      <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label={t('copy')}>
                        {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                      </ActionIcon>
                    )}
                  </CopyButton>
                </Group>
              </Table.Td>
              <Table.Td>
                <Short value={d.receiver_wallet} size="xs" />
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <DealStatusBadge status={d.status as DealStatus} />
                  {d.trx_id ? <Short value={d.trx_id} size="xs" /> : null}
                </Stack>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="xs">{dateTimeShort(d.expires_at)}</Text>
                <Text size="xs" c="dimmed">
                  {t('escrow.ttlShort', { hours: d.ttl_hours })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  {d.status === 'awaiting' ? (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setMatching({ deal: d })}
                      data-testid="deal-match"
                    >
                      {t('escrow.match')}
                    </Button>
                  ) : null}
                  {['funded', 'underpaid', 'overpaid'].includes(d.status) ? (
                    <Button size="xs" onClick={() => setConfirming(d)} data-testid="deal-confirm-open">
                      {t('escrow.confirm')}
                    </Button>
                  ) : null}
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" aria-label={t('actions.more')} data-testid="deal-menu">
                        <IconDots size={16} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {d.status === 'awaiting' ? (
                        <>
                          <Menu.Item onClick={() => pay(d, d.expected_amount)} data-testid="sim-pay">
                            {t('escrow.simulatePay')}
                          </Menu.Item>
                          <Menu.Item onClick={() => pay(d, halfOf(d.expected_amount))}>
                            {t('escrow.simulateUnderpay')}
                          </Menu.Item>
                        </>
                      ) : null}
                      <Menu.Item
                        color="red"
                        disabled={!['awaiting', 'funded', 'underpaid', 'overpaid'].includes(d.status)}
                        onClick={() => decline.mutate({ params: { id: d.id } })}
                        data-testid="deal-decline"
                      >
                        {t('escrow.decline')}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ListTable>
      <ListPager
        total={list.data?.total ?? 0}
        pageSize={ROWS}
        page={page}
        onPage={(p) => set({ page: String(p) })}
        justify="flex-start"
      />
      <MatchDealDialog
        deal={matching?.deal ?? null}
        prefill={matching?.trx}
        onClose={() => setMatching(null)}
      />
      <ConfirmDealDialog deal={confirming} onClose={() => setConfirming(null)} />
    </Stack>
  );
}

/** Half of a decimal amount, same decimals (the simulator's "underpay"). */
function halfOf(amount: string): string {
  const [w = '0', f = ''] = amount.split('.');
  const n = BigInt(w + f) / 2n;
  const s = n.toString().padStart(f.length + 1, '0');
  return f.length ? `${s.slice(0, -f.length)}.${s.slice(-f.length)}` : s;
}

function WalletsPanel() {
  const { t } = useTranslation('onchainTransfer');
  const wallets = useCryptoWallets();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="crypto-wallets">
      {(wallets.data?.wallets ?? []).map((w) => (
        <Paper
          key={w.wallet_id}
          withBorder
          radius="md"
          p="md"
          data-testid="crypto-wallet"
          data-asset={w.asset}
        >
          <Group justify="space-between" mb="xs">
            <Text fw={700}>{w.asset}</Text>
            <Stack gap={0} align="flex-end">
              <Text fw={600} data-testid="wallet-balance">
                {w.balance} {w.asset}
              </Text>
              <Text size="xs" c="dimmed">
                {t('wallets.available', { amount: w.available })}
              </Text>
            </Stack>
          </Group>
          <Stack gap={6}>
            {w.addresses.map((a) => (
              <Stack key={a.network} gap={2}>
                <Text size="xs" c="dimmed">
                  {t('wallets.depositOn', { network: t(`network.${a.network}`) })}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {a.address}
                  </Text>
                  <CopyButton value={a.address}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? t('copied') : t('copy')}>
                        <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label={t('copy')}>
                          {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                </Group>
              </Stack>
            ))}
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
