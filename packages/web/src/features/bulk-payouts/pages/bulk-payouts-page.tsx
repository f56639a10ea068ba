import { Alert, Badge, Button, Group, Paper, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { BULK_MAX_BYTES, BULK_MAX_ROWS, type BulkBatchView, type BulkIssueView } from '@portal/domain';
import { IconAlertTriangle, IconDownload, IconFileUpload, IconShieldCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError, notifyError, notifySuccess } from '../../../shared/api/index.ts';
import { useCompanyId } from '../../../shared/freshness/index.ts';
import { useFormatters } from '../../../shared/i18n/format.ts';
import { ApprovalDialog } from '../../../shared/ui/approval-dialog.tsx';
import { CardList, EmptyState, ListCard, Page, usePhone } from '../../../shared/ui/index.ts';
import {
  batchChallenge,
  bulkQueries,
  decideBatch,
  discardBatch,
  downloadReport,
  downloadTemplate,
  useBulkBatch,
  useBulkIssues,
  useUploadBatch,
} from '../api.ts';

const ACCEPT = { 'text/csv': ['.csv'], 'application/xml': ['.xml'], 'text/xml': ['.xml'] };
const STATUS_COLOR: Record<BulkBatchView['status'], string> = {
  invalid: 'red',
  validated: 'blue',
  confirmed: 'yellow',
  processing: 'cyan',
  completed: 'teal',
  discarded: 'gray',
};

/** A row problem in the reader's language: the terminal's own codes, else the pay-out field codes. */
export function issueText(issue: BulkIssueView, t: TFunction): string {
  return t([`bulkPayouts:rowErrors.${issue.code}`, `payments:fieldErrors.${issue.code}`], {
    ...issue.params,
    defaultValue: issue.message,
  });
}

const fieldText = (field: string, t: TFunction) => t(`bulkPayouts:columns.${field}`, { defaultValue: field });

/**
 * Pay-out terminal (spec §2 menu, issue 14): upload a CSV of the template or a pain.001 file, read
 * each row's problems, fix and upload again, confirm the whole batch once with the authenticator
 * code, watch the payments being made and download the result report.
 */
export function BulkPayoutsPage() {
  const { t } = useTranslation('bulkPayouts');
  const { number } = useFormatters();
  const phone = usePhone();
  const client = useQueryClient();
  const companyId = useCompanyId();
  const [params, setParams] = useSearchParams();
  const batchId = params.get('batch');
  const [dialog, setDialog] = useState<{ key: string; action: 'confirm' | 'approve' } | null>(null);
  const upload = useUploadBatch();
  const batchQuery = useBulkBatch(batchId);
  const batch = batchQuery.data?.batch ?? null;
  const issuesQuery = useBulkIssues(batchId, !!batch && batch.error_rows + batch.warning_rows > 0);
  const issues = issuesQuery.data?.issues ?? [];

  const forbidden =
    batchQuery.error instanceof ApiError && batchQuery.error.code === 'BULK_NOT_MERCHANT_SERVICE';
  const refresh = (next: BulkBatchView) => {
    client.setQueryData(bulkQueries.batch(companyId, next.id), { success: true, batch: next });
    void client.invalidateQueries({ queryKey: bulkQueries.list(companyId) });
  };

  const onDrop = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (answer) => setParams({ batch: answer.batch.id }, { replace: false }),
      onError: (e) => notifyError(e, t),
    });
  };

  if (forbidden)
    return (
      <Page title={t('page.title')}>
        <EmptyState title={t('page.accountServiceTitle')} description={t('page.accountService')} />
      </Page>
    );

  return (
    <Page
      title={t('page.title')}
      description={t('page.description', { max: number(BULK_MAX_ROWS) })}
      actions={
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={downloadTemplate}
          data-testid="bulk-template"
        >
          {t('page.template')}
        </Button>
      }
    >
      <Paper withBorder p="md" radius="md">
        <Dropzone
          onDrop={onDrop}
          onReject={() => notifyError(new ApiError({ status: 417, code: 'BULK_FILE_TYPE' }), t)}
          accept={ACCEPT}
          maxSize={BULK_MAX_BYTES}
          multiple={false}
          loading={upload.isPending}
          data-testid="bulk-dropzone"
        >
          <Group justify="center" gap="md" mih={100} style={{ pointerEvents: 'none' }} wrap="nowrap">
            <IconFileUpload size={40} stroke={1.4} />
            <Stack gap={2}>
              <Text fw={500}>{batch?.status === 'invalid' ? t('upload.dropFixed') : t('upload.drop')}</Text>
              <Text size="sm" c="dimmed">
                {t('upload.limits', {
                  rows: number(BULK_MAX_ROWS),
                  mb: BULK_MAX_BYTES / 1024 / 1024,
                })}
              </Text>
            </Stack>
          </Group>
        </Dropzone>
      </Paper>

      {batch ? (
        <BatchCard
          batch={batch}
          onConfirm={(action) => setDialog({ key: `${batch.id}:${action}:${Date.now()}`, action })}
          onDiscard={() =>
            discardBatch(batch.id)
              .then(refresh)
              .catch((e: unknown) => notifyError(e, t))
          }
        />
      ) : (
        <EmptyState title={t('empty.title')} description={t('empty.description')} />
      )}

      {batch && issues.length > 0 ? (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={600}>{t('issues.title')}</Text>
              <Text size="sm" c="dimmed" data-testid="bulk-issue-count">
                {t('issues.count', { count: issuesQuery.data?.issue_count ?? issues.length })}
              </Text>
            </Group>
            {phone ? (
              <CardList testId="bulk-issues">
                {issues.map((issue) => (
                  <ListCard
                    key={`${issue.row}-${issue.field}-${issue.code}`}
                    title={t('issues.rowN', { row: issue.row })}
                    meta={fieldText(issue.field, t)}
                    data={{ 'data-testid': 'bulk-issue' }}
                  >
                    <Text size="sm" c={issue.severity === 'error' ? 'red' : 'yellow'}>
                      {issueText(issue, t)}
                    </Text>
                  </ListCard>
                ))}
              </CardList>
            ) : (
              <ScrollArea.Autosize mah={420}>
                <Table striped verticalSpacing={4} data-testid="bulk-issues">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={70}>{t('issues.row')}</Table.Th>
                      <Table.Th w={180}>{t('issues.field')}</Table.Th>
                      <Table.Th>{t('issues.message')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {issues.map((issue) => (
                      <Table.Tr key={`${issue.row}-${issue.field}-${issue.code}`} data-testid="bulk-issue">
                        <Table.Td ff="monospace">{issue.row}</Table.Td>
                        <Table.Td>{fieldText(issue.field, t)}</Table.Td>
                        <Table.Td c={issue.severity === 'error' ? 'red' : 'yellow'}>
                          <Group gap={6} wrap="nowrap">
                            {issue.severity === 'warning' ? <IconAlertTriangle size={14} /> : null}
                            <span>{issueText(issue, t)}</span>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
          </Stack>
        </Paper>
      ) : null}

      <ApprovalDialog
        openKey={dialog?.key ?? null}
        title={dialog?.action === 'approve' ? t('confirm.approveTitle') : t('confirm.title')}
        intro={t('confirm.intro')}
        columns={{ payee: t('confirm.payments'), account: t('confirm.file') }}
        requestChallenge={() =>
          batchChallenge(batch?.id ?? '', dialog?.action ?? 'confirm', (count) =>
            t('confirm.paymentsN', { count }),
          )
        }
        approve={async (proof) => {
          if (!batch || !dialog) return;
          const next = await decideBatch(batch.id, dialog.action, proof);
          refresh(next);
          setDialog(null);
          notifySuccess(next.status === 'confirmed' ? t('confirm.waitingApproval') : t('confirm.started'));
        }}
        onClose={() => setDialog(null)}
        testId="bulk"
      />
    </Page>
  );
}

function BatchCard(props: {
  batch: BulkBatchView;
  onConfirm: (action: 'confirm' | 'approve') => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation('bulkPayouts');
  const { money, dateTimeShort } = useFormatters();
  const { batch } = props;
  const percent = batch.total > 0 ? Math.round((batch.done / batch.total) * 100) : 0;
  const running = batch.status === 'processing';
  return (
    <Paper withBorder p="md" radius="md" data-testid="bulk-batch">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ wordBreak: 'break-all' }}>
              {batch.file_name}
            </Text>
            <Text size="xs" c="dimmed">
              {t(`format.${batch.format.replace(/\./g, '_')}`)} · {dateTimeShort(batch.created_at)}
            </Text>
          </Stack>
          <Badge
            color={STATUS_COLOR[batch.status]}
            variant="light"
            data-testid="bulk-status"
            data-status={batch.status}
          >
            {t(`status.${batch.status}`)}
          </Badge>
        </Group>

        {batch.duplicate_of ? (
          <Alert color="yellow" icon={<IconAlertTriangle size={16} />} data-testid="bulk-duplicate">
            {t('batch.duplicate', { date: dateTimeShort(batch.duplicate_of.created_at) })}
          </Alert>
        ) : null}

        <Group gap="xl" wrap="wrap" align="flex-start">
          <Stat label={t('batch.rows')} value={String(batch.row_count)} />
          <Stat
            label={t('batch.errors')}
            value={String(batch.error_rows)}
            color={batch.error_rows ? 'red' : undefined}
          />
          <Stat
            label={t('batch.warnings')}
            value={String(batch.warning_rows)}
            color={batch.warning_rows ? 'yellow' : undefined}
          />
        </Group>

        {batch.totals.length > 0 ? (
          <Group gap="lg" wrap="wrap" data-testid="bulk-totals">
            {batch.totals.map((total) => (
              <Stack key={total.currency} gap={0}>
                <Text size="xs" c="dimmed">
                  {t('batch.paymentsIn', { count: total.count, currency: total.currency })}
                </Text>
                <Text ff="monospace" fw={700}>
                  {money(total.amount, total.currency)}
                </Text>
              </Stack>
            ))}
          </Group>
        ) : null}

        {batch.status === 'invalid' ? <Alert color="red">{t('batch.fixAndUpload')}</Alert> : null}
        {batch.status === 'confirmed' ? <Alert color="yellow">{t('batch.awaitingApproval')}</Alert> : null}

        {running || batch.status === 'completed' ? (
          <Stack gap={4}>
            <Progress
              value={percent}
              animated={running}
              size="lg"
              data-testid="bulk-progress"
              aria-label={t('batch.progress')}
            />
            <Text size="sm" c="dimmed" data-testid="bulk-progress-text">
              {t('batch.progressText', { done: batch.done, total: batch.total })}
              {batch.failed > 0 ? ` · ${t('batch.notApproved', { count: batch.failed })}` : ''}
            </Text>
          </Stack>
        ) : null}

        <Group gap="sm" wrap="wrap">
          {batch.actions.includes('confirm') ? (
            <Button
              leftSection={<IconShieldCheck size={16} />}
              onClick={() => props.onConfirm('confirm')}
              data-testid="bulk-confirm"
            >
              {t('actions.confirm', { count: batch.total })}
            </Button>
          ) : null}
          {batch.actions.includes('approve') ? (
            <Button
              leftSection={<IconShieldCheck size={16} />}
              onClick={() => props.onConfirm('approve')}
              data-testid="bulk-approve"
            >
              {t('actions.approve')}
            </Button>
          ) : null}
          {batch.status === 'completed' || batch.status === 'invalid' ? (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => void downloadReport(batch).catch((e: unknown) => notifyError(e, t))}
              data-testid="bulk-report"
            >
              {t('actions.report')}
            </Button>
          ) : null}
          {batch.actions.includes('discard') ? (
            <Button variant="subtle" color="gray" onClick={props.onDiscard} data-testid="bulk-discard">
              {t('actions.discard')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

function Stat({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} c={color}>
        {value}
      </Text>
    </Stack>
  );
}
