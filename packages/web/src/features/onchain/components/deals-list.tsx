import {
  ActionIcon,
  Button,
  CopyButton,
  Group,
  Menu,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { DEAL_STATUSES, type DealStatus, ONCHAIN_ASSETS, ONCHAIN_NETWORKS } from '@portal/domain';
import { IconCheck, IconCopy, IconDots } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/index.ts';
import { useMyProfile } from '../../../shared/freshness/index.ts';
import { type EscrowDeal, useDeals, useDeclineDeal, useSimDeposit } from '../api.ts';
import { ConfirmDealDialog } from './confirm-deal-dialog.tsx';
import { MatchDealDialog } from './match-deal-dialog.tsx';
import { DealStatusBadge, Short } from './onchain-badges.tsx';
import { oneOf, pageOf } from '../../../shared/ui/list-params.ts';
import { type ListParamsProps, OnchainList, ParamSelect, ROWS } from './onchain-list.tsx';

const CONFIRMABLE = ['funded', 'underpaid', 'overpaid'];
const DECLINABLE = ['awaiting', 'funded', 'underpaid', 'overpaid'];

/** Half of a decimal amount, same decimals (the simulator's "underpay"). */
function halfOf(amount: string): string {
  const [w = '0', f = ''] = amount.split('.');
  const n = BigInt(w + f) / 2n;
  const s = n.toString().padStart(f.length + 1, '0');
  return f.length ? `${s.slice(0, -f.length)}.${s.slice(-f.length)}` : s;
}

/** The row's actions: match a deposit, confirm, decline, and the simulator's deposits. */
interface DealActions {
  onMatch: (deal: EscrowDeal) => void;
  onConfirm: (deal: EscrowDeal) => void;
  onDecline: (deal: EscrowDeal) => void;
  onPay: (deal: EscrowDeal, amount: string) => void;
  /** The simulator's deposits are controls of the admin group (issue 34): only they see them. */
  maySimulate: boolean;
}

function DealCard({ d, onMatch, onConfirm, onDecline }: { d: EscrowDeal } & DealActions) {
  const { t } = useTranslation('onchainTransfer');
  const { dateTime, money } = useFormat();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="deal-row" data-status={d.status}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          {money(d.expected_amount, d.ticker)}
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
        {t('escrow.expiry')}: {dateTime(d.expires_at)}
      </Text>
      <Short value={d.deposit_address} size="xs" />
      <Group gap={4} mt={6} justify="flex-end">
        {d.status === 'awaiting' ? (
          <Button size="xs" variant="light" onClick={() => onMatch(d)}>
            {t('escrow.match')}
          </Button>
        ) : null}
        {CONFIRMABLE.includes(d.status) ? (
          <Button size="xs" onClick={() => onConfirm(d)}>
            {t('escrow.confirm')}
          </Button>
        ) : null}
        {DECLINABLE.includes(d.status) ? (
          <Button size="xs" variant="subtle" color="red" onClick={() => onDecline(d)}>
            {t('escrow.decline')}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

/** A difference worth showing: not zero (however many decimals or a sign it has). */
const isDifference = (difference: string | null): difference is string =>
  !!difference && difference.replace(/[0.]/g, '') !== '' && difference.replace(/[0.-]/g, '') !== '';

function DealTableRow({
  d,
  onMatch,
  onConfirm,
  onDecline,
  onPay,
  maySimulate,
}: { d: EscrowDeal } & DealActions) {
  const { t } = useTranslation('onchainTransfer');
  const { dateTime } = useFormat();
  return (
    <Table.Tr data-testid="deal-row" data-status={d.status}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(d.created_at)}</Table.Td>
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
        {isDifference(d.difference) ? (
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
        <Text size="xs">{dateTime(d.expires_at)}</Text>
        <Text size="xs" c="dimmed">
          {t('escrow.ttlShort', { hours: d.ttl_hours })}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {d.status === 'awaiting' ? (
            <Button size="xs" variant="light" onClick={() => onMatch(d)} data-testid="deal-match">
              {t('escrow.match')}
            </Button>
          ) : null}
          {CONFIRMABLE.includes(d.status) ? (
            <Button size="xs" onClick={() => onConfirm(d)} data-testid="deal-confirm-open">
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
              {d.status === 'awaiting' && maySimulate ? (
                <>
                  <Menu.Item onClick={() => onPay(d, d.expected_amount)} data-testid="sim-pay">
                    {t('escrow.simulatePay')}
                  </Menu.Item>
                  <Menu.Item onClick={() => onPay(d, halfOf(d.expected_amount))}>
                    {t('escrow.simulateUnderpay')}
                  </Menu.Item>
                </>
              ) : null}
              <Menu.Item
                color="red"
                disabled={!DECLINABLE.includes(d.status)}
                onClick={() => onDecline(d)}
                data-testid="deal-decline"
              >
                {t('escrow.decline')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Escrow blockchain deals, filtered by status, ticker, network and a search text. */
export function DealsList({ params, set }: ListParamsProps) {
  const { t } = useTranslation('onchainTransfer');
  const status = oneOf(DEAL_STATUSES, params.get('status'));
  const ticker = oneOf(ONCHAIN_ASSETS, params.get('ticker'));
  const network = oneOf(ONCHAIN_NETWORKS, params.get('network'));
  const text = params.get('q') ?? '';
  const page = pageOf(params);
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
  const me = useMyProfile().data?.user;
  // The deal's company is the one the session acts for; an admin-group session acting for it may pay.
  const simCompany = me?.current_group === 'admin' ? (me.current_merchant?.id ?? null) : null;
  const [matching, setMatching] = useState<{ deal: EscrowDeal; trx?: string } | null>(null);
  const [confirming, setConfirming] = useState<EscrowDeal | null>(null);
  const actions: DealActions = {
    onMatch: (deal) => setMatching({ deal }),
    onConfirm: setConfirming,
    onDecline: (deal) => decline.mutate({ params: { id: deal.id } }),
    maySimulate: simCompany !== null,
    onPay: (d, amount) =>
      simDeposit.mutate(
        {
          body: {
            merchant_id: simCompany ?? '',
            network: d.network,
            ticker: d.ticker,
            address: d.deposit_address,
            amount,
          },
        },
        { onSuccess: (r) => setMatching({ deal: d, trx: r.trx_id }) },
      ),
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
            data={DEAL_STATUSES.map((s) => ({ value: s, label: t(`dealStatus.${s}`) }))}
            w={170}
            testId="deal-status-filter"
          />
          <ParamSelect
            name="ticker"
            value={ticker}
            set={set}
            placeholder={t('escrow.ticker')}
            data={[...ONCHAIN_ASSETS]}
            w={120}
          />
          <ParamSelect
            name="network"
            value={network}
            set={set}
            placeholder={t('dialog.network')}
            data={ONCHAIN_NETWORKS.map((n) => ({ value: n, label: t(`network.${n}`) }))}
            w={140}
          />
          <TextInput
            placeholder={t('filters.search')}
            defaultValue={text}
            onBlur={(e) => set({ q: e.currentTarget.value.trim() || undefined, page: undefined })}
            w={220}
          />
        </>
      }
      rows={list.data?.deals ?? []}
      total={list.data?.total ?? 0}
      isLoading={list.isLoading}
      page={page}
      set={set}
      cardsTestId="deals-cards"
      tableTestId="deals-table"
      minWidth={960}
      empty={t('empty.deals')}
      columns={[
        { label: t('columns.created') },
        { label: t('escrow.ticker') },
        { label: t('escrow.expectedAmount'), isRight: true },
        { label: t('escrow.settledAmount'), isRight: true },
        { label: t('escrow.depositAddress') },
        { label: t('escrow.receiverWallet') },
        { label: t('columns.status') },
        { label: t('escrow.expiry') },
      ]}
      renderCard={(d) => <DealCard key={d.id} d={d} {...actions} />}
      renderRow={(d) => <DealTableRow key={d.id} d={d} {...actions} />}
    >
      <MatchDealDialog
        deal={matching?.deal ?? null}
        prefill={matching?.trx}
        onClose={() => setMatching(null)}
      />
      <ConfirmDealDialog deal={confirming} onClose={() => setConfirming(null)} />
    </OnchainList>
  );
}
