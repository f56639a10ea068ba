import { Badge, Select, Table, Text, Tooltip } from '@mantine/core';
import {
  DATE_FILTER_PERIODS,
  type DateFilterPeriod,
  resolvePeriod,
  SECURITY_ACTION_RESULTS,
  SECURITY_ACTION_TYPES,
  type SecurityActionResult,
  type SecurityActionType,
} from '@portal/domain';
import { IconHistory } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { timezoneOffsetMinutes } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { EmptyState, ListPager, ListTable, Page } from '../../../shared/ui/index.ts';
import { HISTORY_PAGE_SIZE, type HistoryFilters, useSecurityHistory } from '../api.ts';
import { historyErrorTexts } from '../history-errors.ts';
import { SkeletonRows } from '../../../shared/ui/skeleton-rows.tsx';
import { FilterBar } from '../../../shared/ui/filter-bar.tsx';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** Security actions history (spec §3): filters and page live in the URL. */
export function SecurityHistoryPage() {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const [search, setSearch] = useSearchParams();
  const actionType = oneOf<SecurityActionType>(SECURITY_ACTION_TYPES, search.get('type'));
  const actionResult = oneOf<SecurityActionResult>(SECURITY_ACTION_RESULTS, search.get('result'));
  const period = oneOf<DateFilterPeriod>(DATE_FILTER_PERIODS, search.get('period'));
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);

  const filters = useMemo<HistoryFilters>(() => {
    const range = period ? resolvePeriod(period, new Date(), timezoneOffsetMinutes()) : null;
    return {
      page,
      actionType,
      actionResult,
      dateFrom: range ? range.from.toISOString() : null,
      dateTo: range ? new Date(range.to.getTime() - 1).toISOString() : null,
    };
  }, [page, actionType, actionResult, period]);
  const history = useSecurityHistory(filters);

  const setFilter = (key: string, value: string | null) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: key !== 'page' },
    );

  const total = history.data?.total ?? 0;
  const records = history.data?.records ?? [];
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));

  return (
    <Page title={t('securityHistory:title')} description={t('securityHistory:description')}>
      <FilterBar>
        <Select
          label={t('securityHistory:filters.actionType')}
          placeholder={t('securityHistory:filters.any')}
          data={SECURITY_ACTION_TYPES.map((value) => ({
            value,
            label: t(`securityHistory:actionType.${value}`),
          }))}
          value={actionType}
          onChange={(value) => setFilter('type', value)}
          clearable
          w={220}
          data-testid="filter-type"
        />
        <Select
          label={t('securityHistory:filters.result')}
          placeholder={t('securityHistory:filters.any')}
          data={SECURITY_ACTION_RESULTS.map((value) => ({
            value,
            label: t(`securityHistory:result.${value}`),
          }))}
          value={actionResult}
          onChange={(value) => setFilter('result', value)}
          clearable
          w={160}
        />
        <Select
          label={t('securityHistory:filters.period')}
          placeholder={t('securityHistory:filters.allTime')}
          data={DATE_FILTER_PERIODS.map((value) => ({ value, label: t(`dates:periods.${value}`) }))}
          value={period}
          onChange={(value) => setFilter('period', value)}
          clearable
          w={200}
        />
      </FilterBar>
      {history.isPending ? (
        <SkeletonRows count={6} height={36} />
      ) : records.length === 0 ? (
        <EmptyState
          icon={<IconHistory size={26} stroke={1.5} />}
          title={t('securityHistory:empty.title')}
          description={t(
            actionType || actionResult || period
              ? 'securityHistory:empty.filtered'
              : 'securityHistory:empty.description',
          )}
        />
      ) : (
        <ListTable minWidth={880} striped verticalSpacing="xs" data-testid="security-history">
          <Table.Thead style={{ whiteSpace: 'nowrap' }}>
            <Table.Tr>
              <Table.Th>{t('securityHistory:columns.dateTime')}</Table.Th>
              <Table.Th>{t('securityHistory:columns.actionType')}</Table.Th>
              <Table.Th>{t('securityHistory:columns.result')}</Table.Th>
              <Table.Th>{t('securityHistory:columns.ipAddress')}</Table.Th>
              <Table.Th>{t('securityHistory:columns.ipCountry')}</Table.Th>
              <Table.Th>{t('securityHistory:columns.userAgent')}</Table.Th>
              <Table.Th>{t('securityHistory:columns.errors')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}>
            {records.map((record) => (
              <Table.Tr key={record.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(record.created)}</Table.Td>
                <Table.Td>
                  {t(`securityHistory:actionType.${record.action_type}`)}
                  {record.impersonator_id ? (
                    <Badge ml={6} size="xs" variant="outline" color="grape">
                      {t('securityHistory:impersonated')}
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Badge
                    variant="light"
                    color={record.action_result === 'success' ? 'teal' : 'red'}
                    // Badge labels clip; in an auto-width table that squeezes them to an ellipsis.
                    styles={{ label: { overflow: 'visible' } }}
                  >
                    {t(`securityHistory:result.${record.action_result}`)}
                  </Badge>
                </Table.Td>
                <Table.Td ff="monospace" fz="sm">
                  {record.ip_address ?? '—'}
                </Table.Td>
                <Table.Td>{record.ip_country ?? '—'}</Table.Td>
                <Table.Td maw={200}>
                  <Tooltip label={record.user_agent ?? ''} disabled={!record.user_agent} multiline w={360}>
                    {/* A browser string is cut on purpose; the tooltip shows it whole. */}
                    <Text size="sm" truncate="end" data-truncates="">
                      {record.user_agent ?? '—'}
                    </Text>
                  </Tooltip>
                </Table.Td>
                <Table.Td miw={200} data-testid="history-errors">
                  {record.errors ? (
                    historyErrorTexts(record.errors, t).map(({ code, text }) => (
                      <Tooltip key={code} label={code} openDelay={400}>
                        <Text size="sm" c="red.6" data-code={code}>
                          {text}
                        </Text>
                      </Tooltip>
                    ))
                  ) : (
                    <Text size="sm" c="dimmed">
                      {'—'}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      <ListPager
        total={total}
        pageSize={HISTORY_PAGE_SIZE}
        page={Math.min(page, pages)}
        onPage={(value) => setFilter('page', String(value))}
        aside={
          <Text size="sm" c="dimmed">
            {t('securityHistory:total', { total })}
          </Text>
        }
      />
    </Page>
  );
}
