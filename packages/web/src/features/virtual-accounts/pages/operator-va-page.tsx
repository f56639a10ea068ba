import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { apiRoutes, VA_CHECK_RULE_CODES, VA_REQUEST_STATUSES, type VaRequestStatus } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, notifySuccess, useApiMutation, useApiQuery } from '../../../shared/api/index.ts';
import { EmptyState, Page } from '../../../shared/ui/index.ts';
import { VaDocumentsList } from '../components/va-documents.tsx';
import { VaRequestStatusBadge } from '../components/va-status-badge.tsx';
import { ListHead } from '../../../shared/ui/list-head.tsx';

const KEY = ['operator', 'virtual-accounts'] as const;

/** Operator console: review VA requests, assign VA groups to companies, simulate a pay-in to a VA. */
export function OperatorVaPage() {
  const { t } = useTranslation('virtualAccounts');
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  const [status, setStatus] = useState<VaRequestStatus | null>('created');
  const requests = useApiQuery(
    apiRoutes.opVaRequests,
    { params: { page: 1, rows: 50 }, body: status ? { request_status: status } : {} },
    { queryKey: [...KEY, 'requests', status] },
  );
  const decide = useApiMutation(apiRoutes.opVaDecide, { onSuccess: () => void refresh() });
  const [declining, setDeclining] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState<string | null>(null);
  const [reason, setReason] = useState('');

  return (
    <Page title={t('operator.title')}>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={4}>{t('operator.requests')}</Title>
          <Select
            w={220}
            placeholder={t('filters.any')}
            clearable
            data={VA_REQUEST_STATUSES.map((s) => ({ value: s, label: t(`requestStatus.${s}`) }))}
            value={status}
            onChange={(v) => setStatus((v as VaRequestStatus | null) ?? null)}
            data-testid="op-va-status"
          />
        </Group>
        {(requests.data?.iban_requests ?? []).length === 0 ? (
          <EmptyState title={t('requests.empty')} />
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing={6} data-testid="op-va-requests">
              <ListHead
                columns={[
                  t('operator.company'),
                  t('columns.customer'),
                  t('columns.status'),
                  t('columns.number'),
                  {},
                ]}
              />
              <Table.Tbody>
                {(requests.data?.iban_requests ?? []).map((r) => (
                  <Table.Tr key={r.uuid} data-testid="op-va-request">
                    <Table.Td>{r.company_name}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{r.customer_name}</Text>
                      <Text size="xs" c="dimmed">
                        {t(`clientType.${r.client_type}`)} · {r.client_customer_id}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <VaRequestStatusBadge status={r.status as VaRequestStatus} />
                      {r.warning ? (
                        <Text size="xs" c="orange">
                          {t(`errors:${r.warning}`)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td ff="monospace">{r.iban_number ?? '—'}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => setReviewing(r.uuid)}
                          data-testid="op-va-documents"
                        >
                          {t('documents.title')}
                        </Button>
                        {r.status === 'created' || r.status === 'pending' ? (
                          <Group gap="xs" wrap="nowrap">
                            <Button
                              size="xs"
                              loading={decide.isPending}
                              onClick={() =>
                                decide.mutate(
                                  { params: { uuid: r.uuid }, body: { decision: 'approve' } },
                                  { onSuccess: () => notifySuccess(t('operator.approved')) },
                                )
                              }
                              data-testid="op-va-approve"
                            >
                              {t('operator.approve')}
                            </Button>
                            <Button
                              size="xs"
                              color="red"
                              variant="light"
                              onClick={() => setDeclining(r.uuid)}
                              data-testid="op-va-decline"
                            >
                              {t('operator.decline')}
                            </Button>
                          </Group>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <RequestDocumentsModal uuid={reviewing} onClose={() => setReviewing(null)} />
      <GroupsPanel />
      <PayInPanel />
      <Modal
        opened={declining !== null}
        onClose={() => setDeclining(null)}
        title={t('operator.decline')}
        centered
      >
        <Stack>
          <Textarea
            label={t('request.declineReason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-testid="op-va-decline-reason"
          />
          <Button
            color="red"
            disabled={reason.trim() === ''}
            onClick={() =>
              declining &&
              decide.mutate(
                { params: { uuid: declining }, body: { decision: 'decline', decline_reason: reason } },
                {
                  onSuccess: () => {
                    setDeclining(null);
                    setReason('');
                  },
                },
              )
            }
          >
            {t('operator.decline')}
          </Button>
        </Stack>
      </Modal>
    </Page>
  );
}

/** The documents a company attached to a request, for staff to read before deciding. */
function RequestDocumentsModal({ uuid, onClose }: { uuid: string | null; onClose: () => void }) {
  const { t } = useTranslation('virtualAccounts');
  const request = useApiQuery(
    apiRoutes.opVaRequestGet,
    { params: { uuid: uuid ?? '' } },
    { queryKey: [...KEY, 'request', uuid], enabled: uuid !== null },
  );
  const r = request.data?.iban_request;
  return (
    <Modal opened={uuid !== null} onClose={onClose} title={t('documents.title')} centered size="lg">
      {r && r.uuid === uuid ? (
        <Stack gap="xs" data-testid="op-va-documents-modal">
          <Text size="sm" c="dimmed">
            {`${r.company_name} · ${r.customer_name}`}
          </Text>
          <VaDocumentsList who="operator" requestUuid={r.uuid} documents={r.documents} />
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('documents.loading')}
        </Text>
      )}
    </Modal>
  );
}

function GroupsPanel() {
  const { t } = useTranslation('virtualAccounts');
  const client = useQueryClient();
  const [merchantId, setMerchantId] = useState<string | null>(null);
  const companies = useApiQuery(
    apiRoutes.companyMerchants,
    { params: { page: 1, rows: 200 }, body: {} },
    { queryKey: [...KEY, 'companies'] },
  );
  const groups = useApiQuery(
    apiRoutes.opVaGroups,
    { params: { merchantId: merchantId ?? '' } },
    { queryKey: [...KEY, 'groups', merchantId], enabled: merchantId !== null },
  );
  const create = useApiMutation(apiRoutes.opVaGroupCreate, {
    notify: false,
    onSuccess: () => void client.invalidateQueries({ queryKey: [...KEY, 'groups', merchantId] }),
  });
  const [g, setG] = useState({
    name: 'UK accounts',
    country: 'GB',
    check_rule_code: 'SEPA_UK_ACCOUNT',
    level: 1,
    bank: 'ClearBank Ltd',
    bank_address: '133 Houndsditch, London EC3A 7BX',
    bic: 'CLRBGB22',
    bank_letters: 'CLRL',
    prefix: '040075',
    range_from: 1,
    range_to: 10_000,
    limit: 1000,
  });
  const text = (key: keyof typeof g) => (
    <TextInput
      label={t(`operator.group.${key}`)}
      value={String(g[key])}
      onChange={(e) => setG({ ...g, [key]: e.currentTarget.value })}
      data-testid={`op-va-group-${key}`}
    />
  );
  const num = (key: 'level' | 'range_from' | 'range_to' | 'limit') => (
    <NumberInput
      label={t(`operator.group.${key}`)}
      value={g[key]}
      onChange={(v) => setG({ ...g, [key]: Number(v) || 0 })}
      data-testid={`op-va-group-${key}`}
    />
  );
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} mb="sm">
        {t('groups.title')}
      </Title>
      <Select
        maw={360}
        label={t('operator.company')}
        searchable
        data={(companies.data?.merchants ?? []).map((m) => ({ value: m.id, label: m.name }))}
        value={merchantId}
        onChange={setMerchantId}
        data-testid="op-va-company"
      />
      {merchantId ? (
        <Stack mt="md">
          {(groups.data?.iban_groups ?? []).length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('groups.empty')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing={4} data-testid="op-va-groups">
                <Table.Tbody>
                  {(groups.data?.iban_groups ?? []).map((x) => (
                    <Table.Tr key={x.id}>
                      <Table.Td>{x.name}</Table.Td>
                      <Table.Td>
                        {x.country} · {x.check_rule_code} · {x.level}
                      </Table.Td>
                      <Table.Td ff="monospace">{x.bank_code}</Table.Td>
                      <Table.Td>
                        {t('groups.usageValue', { allocated: x.allocated, limit: x.limit, free: x.free })}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {text('name')}
            {text('country')}
            <Select
              label={t('operator.group.check_rule_code')}
              data={[...VA_CHECK_RULE_CODES]}
              value={g.check_rule_code}
              onChange={(v) => setG({ ...g, check_rule_code: v ?? 'SEPA' })}
              allowDeselect={false}
            />
            {num('level')}
            {text('bank')}
            {text('bank_address')}
            {text('bic')}
            {text('bank_letters')}
            {text('prefix')}
            {num('range_from')}
            {num('range_to')}
            {num('limit')}
          </SimpleGrid>
          {create.error ? <Alert color="red">{errorMessage(create.error, t)}</Alert> : null}
          <Button
            w="fit-content"
            loading={create.isPending}
            onClick={() =>
              create.mutate(
                { params: { merchantId }, body: g as never },
                { onSuccess: () => notifySuccess(t('operator.groupAssigned')) },
              )
            }
            data-testid="op-va-group-create"
          >
            {t('operator.assignGroup')}
          </Button>
        </Stack>
      ) : null}
    </Paper>
  );
}

function PayInPanel() {
  const { t } = useTranslation('virtualAccounts');
  const [p, setP] = useState({
    va_number: '',
    currency: 'EUR',
    amount: '100.00',
    payer_name: 'Customer payer',
  });
  const payIn = useApiMutation(apiRoutes.opVaPayIn, { notify: false });
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} mb="sm">
        {t('operator.payIn')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        {(['va_number', 'currency', 'amount', 'payer_name'] as const).map((key) => (
          <TextInput
            key={key}
            label={t(`operator.payInFields.${key}`)}
            value={p[key]}
            onChange={(e) => setP({ ...p, [key]: e.currentTarget.value })}
            data-testid={`op-va-payin-${key}`}
          />
        ))}
      </SimpleGrid>
      {payIn.error ? (
        <Alert color="red" mt="sm">
          {errorMessage(payIn.error, t)}
        </Alert>
      ) : null}
      {payIn.data ? (
        <Alert
          color={payIn.data.status === 'settled' ? 'teal' : 'orange'}
          mt="sm"
          data-testid="op-va-payin-result"
        >
          {t(`operator.payInResult.${payIn.data.status === 'settled' ? 'settled' : 'returned'}`)}
        </Alert>
      ) : null}
      <Button
        mt="sm"
        loading={payIn.isPending}
        onClick={() => payIn.mutate({ body: p })}
        data-testid="op-va-payin-submit"
      >
        {t('operator.sendPayIn')}
      </Button>
    </Paper>
  );
}
