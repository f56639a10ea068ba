import { Alert, Badge, Button, Card, Group, Modal, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import {
  type CompanySettings,
  POSTBACK_DELIVERY_STATUSES,
  POSTBACK_TYPES,
  type PostbackDeliveryStatus,
  type PostbackEventRow,
  type PostbackType,
} from '@portal/domain';
import { IconListDetails, IconRefresh, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { errorMessage, notifySuccess } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { EmptyState, ListPager } from '../../../shared/ui/index.ts';
import { LabelledActionIcon } from '../../../shared/ui/labelled-action-icon.tsx';
import { ListHead } from '../../../shared/ui/list-head.tsx';
import {
  DELIVERY_LOG_PAGE_SIZE,
  type DeliveryLogFilters,
  useDeliveryAttempts,
  useDeliveryLog,
  useResendPostback,
  useSendTestPostback,
} from '../company-api.ts';
import { SettingsCardTitle } from './settings-card.tsx';
import { WHOLE_TEXT_BADGE } from '../../../shared/ui/whole-text-badge.ts';

const STATUS_COLOR: Record<PostbackDeliveryStatus, string> = {
  pending: 'yellow',
  delivered: 'teal',
  failed: 'red',
  not_sent: 'gray',
};

const eventLabel = (id: string) => `evt_${id}`;

/**
 * The row's type as a client reads it: on-chain transfers and escrow deals travel as the spec's
 * `payout` and `payin` types, and are named by what they are (their body's `kind`).
 */
const KIND_LABELS: Record<string, string> = {
  onchain_transfer: 'settings:company.postbackKinds.onchainTransfer',
  escrow_deal: 'settings:company.postbackKinds.escrowDeal',
};
function postbackTypeLabel(t: TFunction, e: Pick<PostbackEventRow, 'type' | 'kind'>): string {
  const kind = e.kind ? KIND_LABELS[e.kind] : undefined;
  return t(kind ?? `settings:company.postbackTypes.${e.type}`);
}

function AttemptsModal({
  merchantId,
  eventId,
  onClose,
}: {
  merchantId: string;
  eventId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const attempts = useDeliveryAttempts(merchantId, eventId);
  return (
    <Modal
      opened={eventId !== null}
      onClose={onClose}
      title={eventId ? t('settings:company.log.attemptsOf', { id: eventLabel(eventId) }) : ''}
      size="xl"
      centered
    >
      <Table.ScrollContainer minWidth={560}>
        <Table striped data-testid="postback-attempts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>{t('settings:company.log.time')}</Table.Th>
              <Table.Th>{t('settings:company.log.statusCode')}</Table.Th>
              <Table.Th>{t('settings:company.log.responseTime')}</Table.Th>
              <Table.Th>{t('settings:company.log.result')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(attempts.data?.attempts ?? []).map((a) => (
              <Table.Tr key={a.attempt}>
                <Table.Td>{a.attempt}</Table.Td>
                <Table.Td>{fmt.dateTime(a.started_at)}</Table.Td>
                <Table.Td>{a.status_code ?? '—'}</Table.Td>
                <Table.Td>{t('settings:company.log.ms', { ms: a.duration_ms })}</Table.Td>
                <Table.Td>
                  {a.error
                    ? t(`settings:company.log.errors.${a.error}`)
                    : t('settings:company.log.acknowledged')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Modal>
  );
}

/** Delivery log (issue 9): events with attempts, status codes, response times and next try; resend and test. */
export function DeliveryLog({ merchantId, settings }: { merchantId: string; settings: CompanySettings }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [filters, setFilters] = useState<DeliveryLogFilters>({ page: 1, status: null, type: null });
  const [details, setDetails] = useState<string | null>(null);
  const configured = POSTBACK_TYPES.filter((type) => settings.postbackUrls[type]);
  const [testType, setTestType] = useState<PostbackType | null>(configured[0] ?? null);
  const [error, setError] = useState<string | null>(null);
  const log = useDeliveryLog(merchantId, filters);
  const sendTest = useSendTestPostback(merchantId);
  const resend = useResendPostback(merchantId);

  const onTest = () => {
    if (!testType) return;
    setError(null);
    sendTest.mutate(
      { params: { id: merchantId }, body: { type: testType } },
      {
        onSuccess: (r) => notifySuccess(t('settings:company.log.testQueued', { id: eventLabel(r.event.id) })),
        onError: (e) => setError(errorMessage(e, t)),
      },
    );
  };
  const onResend = (e: PostbackEventRow) =>
    resend.mutate(
      { params: { id: merchantId, eventId: e.id } },
      {
        onSuccess: () => notifySuccess(t('settings:company.log.resendQueued', { id: eventLabel(e.id) })),
        onError: (err) => setError(errorMessage(err, t)),
      },
    );

  const events = log.data?.events ?? [];

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <SettingsCardTitle
            title={t('settings:company.log.title')}
            description={t('settings:company.log.description')}
          />
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select
              label={t('settings:company.log.testType')}
              data={configured.map((type) => ({
                value: type,
                label: t(`settings:company.postbackTypes.${type}`),
              }))}
              value={testType}
              onChange={(v) => setTestType(v as PostbackType | null)}
              placeholder={t('settings:company.log.noUrls')}
              disabled={configured.length === 0}
              w={220}
              data-testid="postback-test-type"
            />
            <Button
              leftSection={<IconSend size={16} />}
              onClick={onTest}
              loading={sendTest.isPending}
              disabled={!testType}
              data-testid="postback-send-test"
            >
              {t('settings:company.log.sendTest')}
            </Button>
          </Group>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Select
            aria-label={t('settings:company.log.status')}
            placeholder={t('settings:company.log.anyStatus')}
            data={POSTBACK_DELIVERY_STATUSES.map((s) => ({
              value: s,
              label: t(`settings:company.log.statuses.${s}`),
            }))}
            value={filters.status}
            onChange={(v) => setFilters({ ...filters, page: 1, status: v as PostbackDeliveryStatus | null })}
            clearable
            w={180}
          />
          <Select
            aria-label={t('settings:company.log.type')}
            placeholder={t('settings:company.log.anyType')}
            data={POSTBACK_TYPES.map((type) => ({
              value: type,
              label: t(`settings:company.postbackTypes.${type}`),
            }))}
            value={filters.type}
            onChange={(v) => setFilters({ ...filters, page: 1, type: v as PostbackType | null })}
            clearable
            w={220}
          />
        </Group>
        {error ? <Alert color="red">{error}</Alert> : null}
        {events.length === 0 && !log.isLoading ? (
          <EmptyState
            title={t('settings:company.log.empty')}
            description={t('settings:company.log.emptyHint')}
          />
        ) : (
          <Table.ScrollContainer minWidth={980}>
            <Table striped highlightOnHover data-testid="postback-log">
              <ListHead
                columns={[
                  t('settings:company.log.event'),
                  t('settings:company.log.type'),
                  t('settings:company.log.created'),
                  t('settings:company.log.status'),
                  t('settings:company.log.attempts'),
                  t('settings:company.log.statusCode'),
                  t('settings:company.log.responseTime'),
                  t('settings:company.log.nextTry'),
                  {},
                ]}
              />
              <Table.Tbody>
                {events.map((e) => (
                  <Table.Tr key={e.id} data-testid={`postback-row-${e.id}`}>
                    <Table.Td>
                      <Stack gap={0}>
                        <Text size="sm" ff="monospace">
                          {eventLabel(e.id)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {e.is_test
                            ? t('settings:company.log.test')
                            : t(`settings:company.log.events.${e.event}`, { defaultValue: e.event })}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td>{postbackTypeLabel(t, e)}</Table.Td>
                    <Table.Td>{fmt.dateTime(e.created_at)}</Table.Td>
                    <Table.Td miw={150}>
                      <Tooltip
                        label={
                          e.status === 'not_sent'
                            ? t('settings:company.log.notSentHint')
                            : e.last_error
                              ? t(`settings:company.log.errors.${e.last_error}`)
                              : ''
                        }
                        disabled={!e.last_error && e.status !== 'not_sent'}
                        multiline
                        w={260}
                      >
                        <Badge
                          color={STATUS_COLOR[e.status]}
                          variant="light"
                          styles={WHOLE_TEXT_BADGE}
                          data-testid={`postback-status-${e.id}`}
                        >
                          {t(`settings:company.log.statuses.${e.status}`)}
                        </Badge>
                      </Tooltip>
                    </Table.Td>
                    <Table.Td>{e.attempts}</Table.Td>
                    <Table.Td>{e.last_status_code ?? '—'}</Table.Td>
                    <Table.Td>
                      {e.last_duration_ms === null
                        ? '—'
                        : t('settings:company.log.ms', { ms: e.last_duration_ms })}
                    </Table.Td>
                    <Table.Td>{e.next_attempt_at ? fmt.dateTime(e.next_attempt_at) : '—'}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <LabelledActionIcon
                          label={t('settings:company.log.showAttempts')}
                          onClick={() => setDetails(e.id)}
                        >
                          <IconListDetails size={18} />
                        </LabelledActionIcon>
                        <LabelledActionIcon
                          label={t('settings:company.log.resend')}
                          onClick={() => onResend(e)}
                          loading={resend.isPending && resend.variables?.params?.eventId === e.id}
                          data-testid={`postback-resend-${e.id}`}
                        >
                          <IconRefresh size={18} />
                        </LabelledActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ListPager
          total={log.data?.quantity ?? 0}
          pageSize={DELIVERY_LOG_PAGE_SIZE}
          page={filters.page}
          onPage={(page) => setFilters({ ...filters, page })}
        />
      </Stack>
      <AttemptsModal merchantId={merchantId} eventId={details} onClose={() => setDetails(null)} />
    </Card>
  );
}
