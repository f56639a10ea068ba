import { Button, Table, Text, TextInput } from '@mantine/core';
import { PAYMENT_REQUEST_STATUSES, type PaymentRequestStatus } from '@portal/domain';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/index.ts';
import {
  CardList,
  EmptyState,
  ListCard,
  ListPager,
  ListTable,
  Page,
  usePhone,
} from '../../../shared/ui/index.ts';
import { FilterBar } from '../../../shared/ui/filter-bar.tsx';
import { ParamSelect } from '../../../shared/ui/param-select.tsx';
import { oneOf, useListParams } from '../../../shared/ui/list-params.ts';
import { type PaymentRequestFilter, usePaymentRequests } from '../api.ts';
import { CreateRequestDialog } from '../components/create-request-dialog.tsx';
import { RequestDetails } from '../components/request-details.tsx';
import { RequestStatusBadge } from '../components/request-status-badge.tsx';
import { useServiceCode } from '../service-code.ts';
import { ListHead } from '../../../shared/ui/list-head.tsx';

const ROWS = 20;

/**
 * Pay-in terminal (spec §2 menu, issue 14): the company's payment requests with status and search
 * filters kept in the URL, the create dialog (`?dialog=new`) and a request's details (`?id=`).
 */
export function PayinTerminalPage() {
  const { t } = useTranslation('paymentRequests');
  const { money, dateTime } = useFormat();
  const phone = usePhone();
  const serviceCode = useServiceCode();
  const urlState = useListParams();
  const { params, setParams, set, page } = urlState;
  const status = oneOf(PAYMENT_REQUEST_STATUSES, params.get('status'));
  const search = params.get('q') ?? '';
  const openId = params.get('id');
  const filter = useMemo<PaymentRequestFilter>(
    () => ({ ...(status ? { status } : {}), ...(search.trim() ? { search: search.trim() } : {}) }),
    [status, search],
  );
  const merchant = serviceCode === 'MerchantService';
  const list = usePaymentRequests(filter, page, ROWS);
  const rows = merchant ? (list.data?.payment_requests ?? []) : [];
  const total = list.data?.total ?? 0;

  if (serviceCode === 'AccountService')
    return (
      <Page title={t('page.title')}>
        <EmptyState title={t('page.accountServiceTitle')} description={t('page.accountService')} />
      </Page>
    );

  const amountOf = (r: (typeof rows)[number]) =>
    r.amount === null ? t('list.openAmount') : money(r.amount, r.currency);

  return (
    <Page
      title={t('page.title')}
      description={t('page.description')}
      actions={
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => set('dialog', 'new')}
          data-testid="pr-new"
        >
          {t('page.new')}
        </Button>
      }
    >
      <FilterBar>
        <ParamSelect
          name="status"
          list={urlState}
          label={t('filters.status')}
          data={PAYMENT_REQUEST_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          w={190}
        />
        <TextInput
          label={t('filters.search')}
          value={search}
          onChange={(e) => set('q', e.currentTarget.value)}
          w={260}
        />
      </FilterBar>
      {phone ? (
        <CardList isLoading={list.isLoading} testId="pr-cards">
          {rows.map((r) => (
            <ListCard
              key={r.id}
              title={r.customer_name}
              aside={amountOf(r)}
              meta={`${r.reference} · ${dateTime(r.created_at)}`}
              status={<RequestStatusBadge status={r.status as PaymentRequestStatus} late={r.late_payment} />}
              onOpen={() => set('id', r.id)}
              openLabel={r.reference}
              data={{ 'data-id': r.id }}
            />
          ))}
        </CardList>
      ) : (
        <ListTable
          minWidth={880}
          striped
          verticalSpacing="xs"
          data-testid="pr-list"
          scrollAreaProps={{ type: 'auto', offsetScrollbars: false }}
        >
          <ListHead
            columns={[
              t('columns.created'),
              t('columns.reference'),
              t('columns.customer'),
              { ta: 'right', children: t('columns.amount') },
              { ta: 'right', children: t('columns.received') },
              t('columns.expires'),
              t('columns.status'),
            ]}
          />
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr
                key={r.id}
                data-testid="pr-row"
                data-id={r.id}
                style={{ cursor: 'pointer' }}
                onClick={() => set('id', r.id)}
              >
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(r.created_at)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{r.reference}</Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {r.payment_reference}
                  </Text>
                </Table.Td>
                <Table.Td>{r.customer_name}</Table.Td>
                <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {amountOf(r)}
                </Table.Td>
                <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {money(r.paid_amount, r.currency)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(r.expires_at)}</Table.Td>
                <Table.Td>
                  <RequestStatusBadge status={r.status as PaymentRequestStatus} late={r.late_payment} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      {rows.length === 0 && !list.isLoading ? (
        <Text c="dimmed" ta="center" py="lg" data-testid="pr-empty">
          {t('page.empty')}
        </Text>
      ) : null}
      <ListPager
        total={total}
        pageSize={ROWS}
        page={page}
        onPage={(p) => set('page', String(p))}
        justify="center"
      />
      <CreateRequestDialog
        opened={params.get('dialog') === 'new'}
        onClose={() => set('dialog', null)}
        onCreated={(r) =>
          setParams((prev) => {
            const next = new URLSearchParams(prev);
            next.delete('dialog');
            next.set('id', r.id);
            return next;
          })
        }
      />
      <RequestDetails id={openId} onClose={() => set('id', null)} />
    </Page>
  );
}
