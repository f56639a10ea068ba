import { Alert, Button, CopyButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import type { DownloadState } from '../lib/use-download.ts';

/** Progress of a file download (bytes received), its result, or its error with the request id (spec §8). */
export function DownloadStatus({ state, onCancel }: { state: DownloadState; onCancel: () => void }) {
  const { t } = useTranslation('wallets');
  const format = useFormat();
  switch (state.phase) {
    case 'idle':
      return null;
    case 'running': {
      const { received, total } = state.progress;
      const percent = total ? Math.min(100, Math.round((received / total) * 100)) : 100;
      return (
        <Stack gap={6} data-testid="download-progress">
          <Progress value={percent} animated striped={total === null} size="lg" radius="sm" />
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {total
                ? t('download.progressOf', { received: format.bytes(received), total: format.bytes(total) })
                : received === 0
                  ? t('download.preparing')
                  : t('download.progress', { received: format.bytes(received) })}
            </Text>
            <Button variant="subtle" size="xs" color="gray" onClick={onCancel}>
              {t('common:actions.cancel')}
            </Button>
          </Group>
        </Stack>
      );
    }
    case 'done':
      return (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="download-done">
          {t('download.done', { file: state.fileName, size: format.bytes(state.size) })}
        </Alert>
      );
    case 'failed': {
      const requestId = state.error instanceof ApiError ? state.error.requestId : undefined;
      return (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title={t('download.failedTitle')}
          data-testid="download-failed"
        >
          <Stack gap={6}>
            <Text size="sm">{errorMessage(state.error, t)}</Text>
            {requestId ? (
              <Group gap="xs">
                <Text size="sm">{t('download.requestId', { requestId })}</Text>
                <CopyButton value={requestId}>
                  {({ copied, copy }) => (
                    <Button size="compact-xs" variant="light" color={copied ? 'teal' : 'gray'} onClick={copy}>
                      {t(copied ? 'download.copied' : 'download.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            ) : null}
            <Text size="xs" c="dimmed">
              {t('download.protocolHint')}
            </Text>
          </Stack>
        </Alert>
      );
    }
    default:
      return assertNever(state);
  }
}

function assertNever(value: never): never {
  throw new Error(`unexpected download state ${JSON.stringify(value)}`);
}
