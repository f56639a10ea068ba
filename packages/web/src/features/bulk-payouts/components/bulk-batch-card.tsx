import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { BulkBatchView } from '@portal/domain';
import { IconAlertTriangle, IconDownload, IconFileCode, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { downloadReport, downloadStatusReport } from '../api.ts';

const STATUS_COLOR: Record<BulkBatchView['status'], string> = {
  invalid: 'red',
  validated: 'blue',
  confirmed: 'yellow',
  processing: 'cyan',
  completed: 'teal',
  discarded: 'gray',
};

/** One uploaded batch: its file, status, row counts and totals, progress, and what can be done next. */
export function BulkBatchCard(props: {
  batch: BulkBatchView;
  onConfirm: (action: 'confirm' | 'approve') => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation('bulkPayouts');
  const { money, dateTime } = useFormat();
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
              {t(`format.${batch.format.replace(/\./g, '_')}`)} · {dateTime(batch.created_at)}
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
            {t('batch.duplicate', { date: dateTime(batch.duplicate_of.created_at) })}
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
          {batch.actions.includes('statusReport') ? (
            <Button
              variant="default"
              leftSection={<IconFileCode size={16} />}
              onClick={() => void downloadStatusReport(batch).catch((e: unknown) => notifyError(e, t))}
              data-testid="bulk-status-report"
            >
              {t('actions.statusReport')}
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
