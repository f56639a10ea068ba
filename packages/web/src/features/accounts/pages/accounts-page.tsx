import {
  Button,
  Collapse,
  Group,
  Indicator,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { RIGHT_ACTIONS, WALLET_FILTER_PARAMS, WALLET_PAGE_SIZE, WALLET_SORT_PARAMS } from '@portal/domain';
import {
  IconAdjustmentsHorizontal,
  IconArrowsRightLeft,
  IconBuildingBank,
  IconSearch,
  IconX,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRights } from '../../../shared/session/index.ts';
import { EmptyState, ListPager, Page, usePhone } from '../../../shared/ui/index.ts';
import { useWalletList } from '../api.ts';
import { AccountsTabs } from '../components/accounts-tabs.tsx';
import { WalletCards } from '../components/wallet-cards.tsx';
import { WalletRow } from '../components/wallet-row.tsx';
import { TransferDialog } from '../forms/transfer-dialog.tsx';
import { listBody, STATUS_FILTERS, useListUrlState } from '../lib/list-url-state.ts';

const SORTS = WALLET_SORT_PARAMS.flatMap((param) => [`${param}:asc`, `${param}:desc`] as const);

/** Route `mi_accounts` (/acclst): the company's accounts with search, status filter, sort and pages. */
export function AccountsPage() {
  const { t } = useTranslation('wallets');
  const { state, update } = useListUrlState();
  const [draft, setDraft] = useState(state.q);
  const [debounced] = useDebouncedValue(draft, 350);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  // Mobile layout rule: on a phone the list is cards and the filters other than search sit behind one button.
  const isPhone = usePhone();
  const [isFiltersOpen, setFiltersOpen] = useState(false);
  const [isTransferOpen, setTransferOpen] = useState(false);
  const canTransfer = useRights().has(RIGHT_ACTIONS.create);

  // Typing settles into the URL; a URL change from outside (back button) refills the box.
  useEffect(() => {
    if (debounced !== state.q) update({ q: debounced, page: 1 });
  }, [debounced, state.q, update]);
  useEffect(() => setDraft(state.q), [state.q]);

  const { body, filterError, forcePageOne } = listBody(state);
  useEffect(() => {
    if (forcePageOne && state.page !== 1) update({ page: 1 });
  }, [forcePageOne, state.page, update]);
  const page = forcePageOne ? 1 : state.page;
  const query = useWalletList(page, body, !filterError);
  const wallets = query.data?.wallets ?? [];
  const quantity = query.data?.quantity ?? 0;
  const isFiltered = state.q !== '' || state.status !== 'all';

  const toggle = (uuid: string) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(uuid)) next.delete(uuid);
      else next.add(uuid);
      return next;
    });

  const searchByField = (
    <Select
      label={t('filters.searchBy')}
      data={WALLET_FILTER_PARAMS.map((value) => ({ value, label: t(`filters.params.${value}`) }))}
      value={state.by}
      onChange={(value) => {
        const by = WALLET_FILTER_PARAMS.find((p) => p === value);
        if (by) update({ by, page: 1 });
      }}
      allowDeselect={false}
      w={isPhone ? '100%' : 170}
      data-testid="filter-by"
    />
  );
  const searchField = (
    <TextInput
      label={t('filters.search')}
      placeholder={t(`filters.placeholders.${state.by}`)}
      leftSection={<IconSearch size={16} />}
      value={draft}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') update({ q: draft, page: 1 });
      }}
      rightSection={
        draft ? (
          <IconX
            size={16}
            style={{ cursor: 'pointer' }}
            onClick={() => setDraft('')}
            aria-label={t('filters.clear')}
          />
        ) : null
      }
      error={filterError ? t('errors:IBAN_FILTER_INVALID') : undefined}
      description={t('filters.wildcardHint')}
      style={{ flex: 1, minWidth: isPhone ? 0 : 240 }}
      data-testid="filter-value"
    />
  );
  const statusField = (
    <Select
      label={t('filters.status')}
      data={STATUS_FILTERS.map((value) => ({ value, label: t(`filters.statuses.${value}`) }))}
      value={state.status}
      onChange={(value) => {
        const status = STATUS_FILTERS.find((s) => s === value);
        if (status) update({ status, page: 1 });
      }}
      allowDeselect={false}
      w={isPhone ? '100%' : 150}
      data-testid="filter-status"
    />
  );
  const sortField = (
    <Select
      label={t('filters.sort')}
      data={SORTS.map((value) => {
        const [param, order] = value.split(':');
        return {
          value,
          label: t('filters.sortOption', {
            field: t(`filters.sorts.${param}`),
            order: t(`filters.orders.${order}`),
          }),
        };
      })}
      value={`${state.sort}:${state.order}`}
      onChange={(value) => {
        const [param, order] = (value ?? '').split(':');
        const sort = WALLET_SORT_PARAMS.find((p) => p === param);
        if (sort) update({ sort, order: order === 'desc' ? 'desc' : 'asc' });
      }}
      allowDeselect={false}
      // Fits the longest Russian option whole («Дата открытия, по возрастанию»).
      w={isPhone ? '100%' : 300}
      data-testid="filter-sort"
    />
  );

  return (
    <Page
      title={t('page.title')}
      description={t('page.description')}
      actions={
        canTransfer ? (
          <Button
            variant="light"
            leftSection={<IconArrowsRightLeft size={16} />}
            onClick={() => setTransferOpen(true)}
            data-testid="open-transfer"
          >
            {t('transfer.open')}
          </Button>
        ) : null
      }
    >
      {isTransferOpen ? <TransferDialog opened onClose={() => setTransferOpen(false)} /> : null}
      <AccountsTabs active="list" />
      <Paper withBorder radius="md" p="md">
        {isPhone ? (
          <>
            <Group align="flex-end" gap="xs" wrap="nowrap">
              {searchField}
              <Button
                variant="default"
                onClick={() => setFiltersOpen((open) => !open)}
                aria-expanded={isFiltersOpen}
                aria-label={t('filters.more')}
                data-testid="filters-toggle"
                mb={filterError ? 22 : 0}
                px="sm"
              >
                <Indicator disabled={state.status === 'all'} size={8} offset={-2}>
                  <IconAdjustmentsHorizontal size={16} />
                </Indicator>
              </Button>
            </Group>
            <Collapse in={isFiltersOpen}>
              <Stack gap="sm" mt="sm">
                {searchByField}
                {statusField}
                {sortField}
              </Stack>
            </Collapse>
          </>
        ) : (
          <Group align="flex-end" gap="sm" wrap="wrap">
            {searchByField}
            {searchField}
            {statusField}
            {sortField}
          </Group>
        )}
      </Paper>

      {query.isPending && !filterError ? (
        <Paper withBorder radius="md" p="md" data-testid="accounts-loading">
          <Stack gap="sm">
            {Array.from({ length: 5 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
              <Skeleton key={i} height={36} radius="sm" />
            ))}
          </Stack>
        </Paper>
      ) : wallets.length === 0 ? (
        <EmptyState
          icon={<IconBuildingBank size={26} stroke={1.5} />}
          title={t(isFiltered ? 'list.emptyFilteredTitle' : 'list.emptyTitle')}
          description={t(
            query.isError ? 'list.loadFailed' : isFiltered ? 'list.emptyFilteredText' : 'list.emptyText',
          )}
        >
          {isFiltered ? (
            <Button variant="light" onClick={() => update({ q: '', status: 'all', page: 1 })}>
              {t('filters.reset')}
            </Button>
          ) : query.isError ? (
            <Button variant="light" onClick={() => void query.refetch()}>
              {t('common:actions.retry')}
            </Button>
          ) : null}
        </EmptyState>
      ) : (
        <Paper
          withBorder={!isPhone}
          bg={isPhone ? 'transparent' : undefined}
          radius="md"
          style={{ overflow: 'hidden', opacity: query.isPlaceholderData ? 0.6 : 1 }}
        >
          {isPhone ? (
            <WalletCards wallets={wallets} />
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="sm" highlightOnHover data-testid="accounts-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th />
                    <Table.Th>{t('columns.name')}</Table.Th>
                    <Table.Th>{t('columns.iban')}</Table.Th>
                    <Table.Th>{t('columns.status')}</Table.Th>
                    <Table.Th ta="right">{t('columns.balances')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {wallets.map((wallet) => (
                    <WalletRow
                      key={wallet.uuid}
                      wallet={wallet}
                      isExpanded={expanded.has(wallet.uuid)}
                      onToggle={() => toggle(wallet.uuid)}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Group justify="space-between" p="sm" wrap="wrap">
            <Text size="sm" c="dimmed" data-testid="accounts-range">
              {t('list.range', {
                from: (page - 1) * WALLET_PAGE_SIZE + 1,
                to: (page - 1) * WALLET_PAGE_SIZE + wallets.length,
                total: quantity,
              })}
            </Text>
            <ListPager
              total={quantity}
              pageSize={WALLET_PAGE_SIZE}
              page={page}
              onPage={(next) => update({ page: next })}
              size="sm"
            />
          </Group>
        </Paper>
      )}
    </Page>
  );
}
