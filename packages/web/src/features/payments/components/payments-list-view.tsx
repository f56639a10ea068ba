import { Box, Button, Group, Pagination, Paper, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MASS_ACTION_MAX, RIGHT_ACTIONS } from '@portal/domain';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconReceiptOff } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { useRights } from '../../../shared/session/index.ts';
import { EmptyState, PHONE_QUERY } from '../../../shared/ui/index.ts';
import { usePaymentsList } from '../api.ts';
import { toListFilters, usePaymentFilters } from '../hooks/use-payment-filters.ts';
import { hasFixedDirection, type ListWorkMode, PAGE_SIZES, serverWorkMode } from '../model.ts';
import { usePaymentPermissions } from '../rights.ts';
import { ExportButton } from './export-button.tsx';
import { MassActionsBar } from './mass-actions-bar.tsx';
import { PaymentDrawer } from './payment-drawer.tsx';
import { PaymentFiltersBar } from './payment-filters.tsx';
import { PaymentCards } from './payment-cards.tsx';
import { PaymentsTable } from './payments-table.tsx';

/** A payments list (all, pay-in/pay-out, pending/settled): URL filters, server paging and sort, mass actions. */
export function PaymentsListView({ workMode }: { workMode: ListWorkMode }) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const rights = useRights();
  const permissions = usePaymentPermissions();
  const { filters, update, reset, openPaymentId } = usePaymentFilters();
  const mode = serverWorkMode(workMode);
  const body = useMemo(() => toListFilters(filters), [filters]);
  const list = usePaymentsList(mode, body, filters.page, filters.rows);
  const rows = list.data?.payments ?? [];
  const total = list.data?.total ?? 0;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // Mobile layout rule: below the phone breakpoint the list is cards, not a wide table.
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });

  // A selection belongs to what the user sees: a new filter or page starts a new one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on any change of the query
  useEffect(() => setSelected(new Set()), [mode, body, filters.page, filters.rows]);

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else if (next.size >= MASS_ACTION_MAX)
        notifications.show({ color: 'yellow', message: t('payments:mass.limit', { max: MASS_ACTION_MAX }) });
      else next.add(id);
      return next;
    });
  const toggleAll = (checked: boolean) =>
    setSelected(() => {
      if (!checked) return new Set();
      const ids = rows
        .filter((r) => r.actions.some((a) => a === 'approve' || a === 'cancel'))
        .map((r) => r.id);
      if (ids.length > MASS_ACTION_MAX)
        notifications.show({ color: 'yellow', message: t('payments:mass.limit', { max: MASS_ACTION_MAX }) });
      return new Set(ids.slice(0, MASS_ACTION_MAX));
    });

  const pages = Math.max(1, Math.ceil(total / filters.rows));
  const isFiltered =
    filters.statuses.length + filters.methods.length + filters.currencies.length > 0 ||
    !!filters.counterparty ||
    !!filters.amountFrom ||
    !!filters.amountTo;

  return (
    <Stack gap="md">
      <PaymentFiltersBar
        filters={filters}
        update={update}
        reset={reset}
        isDirectionFixed={hasFixedDirection(workMode)}
      />
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="payments-total">
          {list.isFetching && !list.data
            ? t('payments:list.loading')
            : t(list.data?.total_capped ? 'payments:list.totalCapped' : 'payments:list.total', {
                count: total,
                total: number(total),
              })}
        </Text>
        <Group gap="xs">
          <ExportButton workMode={mode} filters={body} total={total} />
          {permissions.canCreate ? (
            <Button
              component={Link}
              to={href('mi_acc_payments', { workMode: 'new' })}
              leftSection={<IconPlus size={16} />}
            >
              {t('payments:list.newPayment')}
            </Button>
          ) : null}
        </Group>
      </Group>

      {!list.isLoading && rows.length === 0 ? (
        <EmptyState
          icon={<IconReceiptOff size={26} stroke={1.5} />}
          title={t(list.isError ? 'payments:list.errorTitle' : 'payments:list.emptyTitle')}
          description={t(
            list.isError
              ? 'payments:list.errorText'
              : isFiltered
                ? 'payments:list.emptyFiltered'
                : 'payments:list.emptyText',
          )}
        >
          {list.isError ? (
            <Button variant="light" onClick={() => void list.refetch()}>
              {t('common:actions.retry')}
            </Button>
          ) : isFiltered || filters.period ? (
            <Button
              variant="light"
              onClick={() =>
                update({
                  period: 'all',
                  status: null,
                  method: null,
                  currency: null,
                  q: null,
                  amountFrom: null,
                  amountTo: null,
                })
              }
            >
              {t('payments:list.showAll')}
            </Button>
          ) : null}
        </EmptyState>
      ) : isPhone ? (
        <Box style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          <PaymentCards
            rows={rows}
            isLoading={list.isLoading}
            selected={selected}
            onToggle={toggle}
            onOpen={(id) => update({ payment: id })}
            isSelectable={permissions.canMass}
          />
        </Box>
      ) : (
        <Paper
          withBorder
          radius="md"
          style={{ overflow: 'hidden', opacity: list.isPlaceholderData ? 0.6 : 1 }}
        >
          <PaymentsTable
            rows={rows}
            isLoading={list.isLoading}
            filters={filters}
            onSort={(sort, order) => update({ sort, order })}
            selected={selected}
            onToggle={toggle}
            onToggleAll={toggleAll}
            onOpen={(id) => update({ payment: id })}
            isSelectable={permissions.canMass}
          />
        </Paper>
      )}

      {total > 0 ? (
        <Group justify="space-between">
          <Select
            w={120}
            size="xs"
            aria-label={t('payments:list.rowsPerPage')}
            value={String(filters.rows)}
            data={PAGE_SIZES.map((v) => ({
              value: v,
              label: t('payments:list.perPage', { count: Number(v) }),
            }))}
            onChange={(v) => update({ rows: v })}
            allowDeselect={false}
          />
          <Pagination
            total={pages}
            value={Math.min(filters.page, pages)}
            onChange={(p) => update({ page: String(p) })}
            size="sm"
          />
        </Group>
      ) : null}

      <MassActionsBar
        selected={[...selected]}
        onDone={() => setSelected(new Set())}
        canApprove={rights.has(RIGHT_ACTIONS.approve)}
        canCancel={rights.has(RIGHT_ACTIONS.cancel)}
      />
      <PaymentDrawer id={openPaymentId} onClose={() => update({ payment: null })} />
    </Stack>
  );
}
