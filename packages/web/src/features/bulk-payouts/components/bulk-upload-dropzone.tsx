import { Group, Paper, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { BULK_MAX_BYTES, BULK_MAX_ROWS } from '@portal/domain';
import { IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError, notifyError } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';

const ACCEPT = { 'text/csv': ['.csv'], 'application/xml': ['.xml'], 'text/xml': ['.xml'] };

/** Where a pay-out file (CSV of the template or pain.001) is dropped; `fixing` after an invalid batch. */
export function BulkUploadDropzone({
  onDrop,
  loading,
  fixing,
}: {
  onDrop: (files: File[]) => void;
  loading: boolean;
  fixing: boolean;
}) {
  const { t } = useTranslation('bulkPayouts');
  const { number } = useFormat();
  return (
    <Paper withBorder p="md" radius="md">
      <Dropzone
        onDrop={onDrop}
        onReject={() => notifyError(new ApiError({ status: 417, code: 'BULK_FILE_TYPE' }), t)}
        accept={ACCEPT}
        maxSize={BULK_MAX_BYTES}
        multiple={false}
        loading={loading}
        data-testid="bulk-dropzone"
      >
        <Group justify="center" gap="md" mih={100} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <IconFileUpload size={40} stroke={1.4} />
          <Stack gap={2}>
            <Text fw={500}>{fixing ? t('upload.dropFixed') : t('upload.drop')}</Text>
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
  );
}
