import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import type { VaRequestStatus } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { notifySuccess } from '../../../shared/api/index.ts';
import { Page } from '../../../shared/ui/index.ts';
import { VaBackButton } from '../components/va-back-button.tsx';
import { useWallet } from '../../accounts/api.ts';
import { useCancelVaRequest, useVaGroups, useVaRequest } from '../api.ts';
import { VaDocumentsList } from '../components/va-documents.tsx';
import { VaRequestDetails } from '../components/va-request-details.tsx';
import { VaRequestStatusBadge } from '../components/va-status-badge.tsx';
import { useFormat } from '../../../shared/format/index.ts';

/** One VA request: status, decline reason or warning, what was asked, its history; cancel while open. */
export function VaRequestPage() {
  const { t } = useTranslation('virtualAccounts');
  const fmt = useFormat();
  const { uuid = '', requestUuid = '' } = useParams();
  const query = useVaRequest(requestUuid);
  // The request's own account (the page's account unless the link was edited).
  const wallet = useWallet(query.data?.iban_request.wallet_uuid ?? uuid);
  const groups = useVaGroups();
  const cancel = useCancelVaRequest();
  const r = query.data?.iban_request;
  return (
    <Page
      title={t('request.title')}
      description={r?.customer_name}
      actions={
        <Group gap="xs">
          <VaBackButton to={href('mi_va_requests', { uuid })}>{t('requests.title')}</VaBackButton>
          {r && (r.status === 'created' || r.status === 'pending') ? (
            <Button
              color="red"
              variant="light"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(
                  { params: { uuid: r.uuid } },
                  { onSuccess: () => notifySuccess(t('request.canceled')) },
                )
              }
              data-testid="va-request-cancel"
            >
              {t('request.cancel')}
            </Button>
          ) : null}
        </Group>
      }
    >
      {!r ? (
        <Skeleton height={160} />
      ) : (
        <Stack gap="md">
          <Paper withBorder radius="md" p="md">
            <Group gap="sm" mb="sm">
              <VaRequestStatusBadge status={r.status as VaRequestStatus} />
              <Text size="sm" c="dimmed">
                {t(`clientType.${r.client_type}`)} · {r.client_customer_id}
              </Text>
            </Group>
            {r.decline_reason ? (
              <Alert color="red" mb="sm" title={t('request.declineReason')} data-testid="va-decline-reason">
                {r.decline_reason}
              </Alert>
            ) : null}
            {r.warning ? (
              <Alert color="orange" mb="sm" data-testid="va-request-warning">
                {t(`errors:${r.warning}`)}
              </Alert>
            ) : null}
            {r.iban_number ? (
              <Text size="sm" data-testid="va-request-number">
                {t('request.allocated', { number: r.iban_number })}
              </Text>
            ) : null}
          </Paper>
          <Paper withBorder radius="md" p="md" data-testid="va-request-documents">
            <Title order={3} size="h5" mb="xs">
              {t('documents.title')}
            </Title>
            <VaDocumentsList who="client" requestUuid={r.uuid} documents={r.documents} />
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Title order={3} size="h5" mb="xs">
              {t('request.history')}
            </Title>
            <Timeline bulletSize={14} lineWidth={2}>
              {r.events.map((e) => (
                <Timeline.Item
                  key={`${e.status}-${e.at}`}
                  title={t(`requestStatus.${e.status as VaRequestStatus}`)}
                >
                  <Text size="xs" c="dimmed">
                    {fmt.dateTime(e.at)}
                    {e.note ? ` · ${e.note}` : ''}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Title order={3} size="h5" mb="xs">
              {t('request.details')}
            </Title>
            <VaRequestDetails
              details={r.details}
              wallet={
                wallet.data
                  ? {
                      name: wallet.data.wallet.ui_name,
                      iban: wallet.data.wallet.ibans[0]?.iban_number ?? null,
                    }
                  : null
              }
              groups={groups.data?.iban_groups ?? []}
            />
          </Paper>
        </Stack>
      )}
    </Page>
  );
}
