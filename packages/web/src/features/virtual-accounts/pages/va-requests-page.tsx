import { Select, Skeleton, Table, Text } from '@mantine/core';
import { VA_REQUEST_STATUSES, type VaRequestStatus } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { EmptyState, Page } from '../../../shared/ui/index.ts';
import { useWallet } from '../../accounts/api.ts';
import { useVaRequests } from '../api.ts';
import { VaBackButton } from '../components/va-back-button.tsx';
import { VaRequestStatusBadge } from '../components/va-status-badge.tsx';
import { useFormat } from '../../../shared/format/index.ts';
import { VaPager } from '../components/va-pager.tsx';
import { useListParams } from '../../../shared/ui/list-params.ts';
import { ListHead } from '../../../shared/ui/list-head.tsx';

/** VA requests of the wallet with the status filter (spec §2 request list). */
export function VaRequestsPage() {
  const { t } = useTranslation('virtualAccounts');
  const fmt = useFormat();
  const { uuid = '' } = useParams();
  const navigate = useNavigate();
  const { params: search, set, page } = useListParams({ filterHistory: 'push' });
  const wallet = useWallet(uuid);
  const walletId = wallet.data?.wallet.id;
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
      actions={<VaBackButton to={href('mi_virtual_accounts', { uuid })}>{t('title')}</VaBackButton>}
    >
      <Select
        maw={280}
        label={t('filters.status')}
        placeholder={t('filters.any')}
        clearable
        data={VA_REQUEST_STATUSES.map((s) => ({ value: s, label: t(`requestStatus.${s}`) }))}
        value={status ?? null}
        onChange={(v) => set('status', v)}
        data-testid="va-request-filter-status"
      />
      {list.isPending ? (
        <Skeleton height={80} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('requests.empty')} />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table highlightOnHover verticalSpacing={6} data-testid="va-requests-table">
            <ListHead
              columns={[
                t('columns.customer'),
                t('columns.type'),
                t('columns.status'),
                t('columns.number'),
                t('columns.created'),
              ]}
            />
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
      <VaPager total={list.data?.quantity} page={page} onPage={(p) => set('page', String(p))} />
    </Page>
  );
}
