import { Alert, Button, Group, Table, Text } from '@mantine/core';
import { FX_SETTLEMENTS, FX_STATUSES, type FxSettlement, type FxStatus } from '@portal/domain';
import { IconArrowsExchange, IconCalendarTime, IconLock } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/index.ts';
import { ApprovalDialog } from '../../../shared/ui/approval-dialog.tsx';
import { ListPager, ListTable, Page } from '../../../shared/ui/index.ts';
import { DateField } from '../../../shared/ui/date-field.tsx';
import { FilterBar } from '../../../shared/ui/filter-bar.tsx';
import { ParamSelect } from '../../../shared/ui/param-select.tsx';
import { oneOf, useListParams } from '../../../shared/ui/list-params.ts';
import {
  type FxExchange,
  type FxListFilter,
  useFxAction,
  useFxApproval,
  useFxList,
  useFxPairs,
  useMayExchange,
} from '../api.ts';
import { ExchangeDialog, type ExchangeMode } from '../components/exchange-dialog.tsx';
import { FxStatusBadge } from '../components/fx-status-badge.tsx';
import { formatRate } from '../rate-format.ts';
import { ListHead } from '../../../shared/ui/list-head.tsx';

const ROWS = 20;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * FX (spec §2 menu "FX"): history of the company's exchanges with filters kept in the URL, and the
 * two exchange dialogs (`?dialog=instant` — Currency Exchange Instant FX, `?dialog=booked` —
 * Currency Exchange NBD/SBD), so the menu entries link straight to them.
 */
export function FxPage() {
  const { t } = useTranslation('fx');
  const { date, dateTime, money } = useFormat();
  const urlState = useListParams();
  const { params, set, page } = urlState;
  const pairs = useFxPairs();
  const { isLoaded: rightsLoaded, mayExchange } = useMayExchange();
  const currencies = [...new Set((pairs.data?.pairs ?? []).map((p) => p.sell_currency))];

  const status = oneOf(FX_STATUSES, params.get('status'));
  const settlement = oneOf(FX_SETTLEMENTS, params.get('settlement'));
  const currency = params.get('currency') ?? undefined;
  const from = ISO_DATE.test(params.get('from') ?? '') ? (params.get('from') ?? undefined) : undefined;
  const to = ISO_DATE.test(params.get('to') ?? '') ? (params.get('to') ?? undefined) : undefined;
  const dialog = oneOf<ExchangeMode>(['instant', 'booked'], params.get('dialog'));

  const filter = useMemo<FxListFilter>(
    () => ({
      ...(status ? { status } : {}),
      ...(settlement ? { settlement } : {}),
      ...(currency ? { currency } : {}),
      ...(from ? { date_from: from } : {}),
      ...(to ? { date_to: to } : {}),
    }),
    [status, settlement, currency, from, to],
  );
  const list = useFxList(filter, page, ROWS);

  /** A date filter changes the list once it is a whole date (or cleared), not while it is typed. */
  const setDate = (key: 'from' | 'to') => (value: string) => {
    if (value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value)) set(key, value);
  };

  const rows = list.data?.exchanges ?? [];
  const total = list.data?.total ?? 0;

  return (
    <Page
      title={t('page.title')}
      description={t('page.description')}
      actions={
        mayExchange ? (
          <Group gap="xs">
            <Button
              leftSection={<IconArrowsExchange size={16} />}
              onClick={() => set('dialog', 'instant')}
              data-testid="fx-open-instant"
            >
              {t('page.instant')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconCalendarTime size={16} />}
              onClick={() => set('dialog', 'booked')}
              data-testid="fx-open-booked"
            >
              {t('page.booked')}
            </Button>
          </Group>
        ) : null
      }
    >
      {rightsLoaded && !mayExchange ? (
        <Alert
          color="yellow"
          icon={<IconLock size={18} />}
          title={t('page.noRightsTitle')}
          data-testid="fx-no-rights"
        >
          {t('page.noRights')}
        </Alert>
      ) : null}
      <FilterBar>
        <ParamSelect
          name="status"
          list={urlState}
          label={t('filters.status')}
          data={FX_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          w={170}
          testId="fx-filter-status"
        />
        <ParamSelect
          name="settlement"
          list={urlState}
          label={t('filters.settlement')}
          data={FX_SETTLEMENTS.map((s) => ({ value: s, label: t(`settlement.${s}`) }))}
          w={200}
        />
        <ParamSelect
          name="currency"
          list={urlState}
          label={t('filters.currency')}
          data={currencies}
          w={120}
        />
        <DateField label={t('filters.from')} value={from ?? ''} onChange={setDate('from')} w={160} />
        <DateField label={t('filters.to')} value={to ?? ''} onChange={setDate('to')} w={160} />
      </FilterBar>
      <ListTable
        minWidth={880}
        striped
        verticalSpacing="xs"
        data-testid="fx-history"
        scrollAreaProps={{ type: 'auto', offsetScrollbars: false }}
        footer={
          rows.length === 0 && !list.isLoading ? (
            <Text c="dimmed" ta="center" py="lg" data-testid="fx-empty">
              {t('page.empty')}
            </Text>
          ) : null
        }
      >
        <ListHead
          columns={[
            t('columns.created'),
            t('columns.reference'),
            t('columns.settlement'),
            { ta: 'right', children: t('columns.sell') },
            { ta: 'right', children: t('columns.buy') },
            t('columns.rate'),
            t('columns.valueDate'),
            t('columns.status'),
            {},
          ]}
        />
        <Table.Tbody>
          {rows.map((e) => (
            <Table.Tr key={e.id} data-testid="fx-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(e.created_at)}</Table.Td>
              <Table.Td ff="monospace">{e.reference}</Table.Td>
              <Table.Td>{t(`settlement.${e.settlement as FxSettlement}`)}</Table.Td>
              <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                −{money(e.sell_amount, e.sell_currency)}
              </Table.Td>
              <Table.Td ta="right" ff="monospace" c="teal" style={{ whiteSpace: 'nowrap' }}>
                +{money(e.buy_amount, e.buy_currency)}
              </Table.Td>
              <Table.Td ff="monospace" title={e.rate}>
                {formatRate(e.rate)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{e.value_date ? date(e.value_date) : '—'}</Table.Td>
              <Table.Td>
                <FxStatusBadge status={e.status as FxStatus} />
              </Table.Td>
              <Table.Td>
                <RowActions exchange={e} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ListTable>
      <ListPager
        total={total}
        pageSize={ROWS}
        page={page}
        onPage={(p) => set('page', String(p))}
        justify="center"
      />
      <ExchangeDialog
        opened={dialog !== undefined && mayExchange}
        mode={dialog ?? 'instant'}
        onClose={() => set('dialog', null)}
      />
    </Page>
  );
}

function RowActions({ exchange }: { exchange: FxExchange }) {
  const { t } = useTranslation('fx');
  const approval = useFxApproval();
  const [approving, setApproving] = useState(false);
  const reject = useFxAction('reject');
  const cancel = useFxAction('cancel');
  const call = { params: { id: exchange.id } };
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {exchange.actions.includes('approve') ? (
        <Button size="compact-xs" onClick={() => setApproving(true)} data-testid="fx-row-approve">
          {t('actions.approve')}
        </Button>
      ) : null}
      <ApprovalDialog
        openKey={approving ? exchange.id : null}
        title={t('approval.title')}
        intro={t('approval.intro')}
        columns={{ payee: t('approval.exchange'), account: t('approval.wallets') }}
        requestChallenge={async () => (await approval.challenge.mutateAsync(call)).confirmation}
        approve={async (proof) => {
          await approval.approve.mutateAsync({ ...call, body: proof });
          notifications.show({ color: 'teal', message: t('approval.done') });
          setApproving(false);
        }}
        onClose={() => setApproving(false)}
        testId="fx-approve"
      />
      {exchange.actions.includes('reject') ? (
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          onClick={() => reject.mutate(call)}
          loading={reject.isPending}
        >
          {t('actions.reject')}
        </Button>
      ) : null}
      {exchange.actions.includes('cancel') ? (
        <Button
          size="compact-xs"
          variant="default"
          onClick={() => cancel.mutate(call)}
          loading={cancel.isPending}
        >
          {t('actions.cancel')}
        </Button>
      ) : null}
    </Group>
  );
}
