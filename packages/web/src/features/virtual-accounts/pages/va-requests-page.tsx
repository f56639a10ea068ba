import { Button, Select, Skeleton, Table, Text } from '@mantine/core';
import { VA_REQUEST_STATUSES, type VaRequestStatus } from '@portal/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { href } from '../../../app/router/route-names.ts';
import { EmptyState, ListPager, Page } from '../../../shared/ui/index.ts';
import { useWallet } from '../../accounts/api.ts';
import { useVaRequests, VA_PAGE_SIZE } from '../api.ts';
import { VaRequestStatusBadge } from '../components/va-status-badge.tsx';
import { useFormat } from '../../../shared/format/index.ts';

/** VA requests of the wallet with the status filter (spec §2 request list). */
export function VaRequestsPage() {
  const { t } = useTranslation('virtualAccounts');
  const fmt = useFormat();
  const { uuid = '' } = useParams();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const wallet = useWallet(uuid);
  const walletId = wallet.data?.wallet.id;
  const page = Math.max(1, Number(search.get('page') ?? 1) || 1);
  const status = VA_REQUEST_STATUSES.find((s) => s === search.get('status'));
  const list = useVaRequests(page, {
    ...(walletId ? { wallet_id: walletId } : {}),
    ...(status ? { request_status: status } : {}),
  });
  const rows = list.data?.iban_requests ?? [];
  return (
    <Page
      title={t('requests.title')}
      description={wallet.data?.wallet.ui_name}
      actions={
        <Button
          component={Link}
          to={href('mi_virtual_accounts', { uuid })}
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
        >
          {t('title')}
        </Button>
      }
    >
      <Select
        maw={280}
        label={t('filters.status')}
        placeholder={t('filters.any')}
        clearable
        data={VA_REQUEST_STATUSES.map((s) => ({ value: s, label: t(`requestStatus.${s}`) }))}
        value={status ?? null}
        onChange={(v) => {
          const next = new URLSearchParams(search);
          if (v) next.set('status', v);
          else next.delete('status');
          next.delete('page');
          setSearch(next);
        }}
        data-testid="va-request-filter-status"
      />
      {list.isPending ? (
        <Skeleton height={80} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('requests.empty')} />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table highlightOnHover verticalSpacing={6} data-testid="va-requests-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.customer')}</Table.Th>
                <Table.Th>{t('columns.type')}</Table.Th>
                <Table.Th>{t('columns.status')}</Table.Th>
                <Table.Th>{t('columns.number')}</Table.Th>
                <Table.Th>{t('columns.created')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr
                  key={r.uuid}
                  style={{ cursor: 'pointer' }}
                  onClick={() => navigate(href('mi_va_request', { uuid, requestUuid: r.uuid }))}
                  data-testid="va-request-row"
                >
                  <Table.Td>
                    <Text size="sm">{r.customer_name}</Text>
                    <Text size="xs" c="dimmed">
                      {r.client_customer_id}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`clientType.${r.client_type}`)}</Table.Td>
                  <Table.Td>
                    <VaRequestStatusBadge status={r.status as VaRequestStatus} />
                  </Table.Td>
                  <Table.Td ff="monospace">{r.iban_number ?? '—'}</Table.Td>
                  <Table.Td>{fmt.dateTime(r.created)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPager
        total={list.data?.quantity ?? 0}
        pageSize={VA_PAGE_SIZE}
        page={page}
        onPage={(p) => {
          const next = new URLSearchParams(search);
          next.set('page', String(p));
          setSearch(next);
        }}
        justify="flex-start"
      />
    </Page>
  );
}
