import { Group, Paper, Select, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { APP_FILE_LIMITS, apiRoutes, checkFileName, errorCatalogue } from '@portal/domain';
import { IconFileUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, notifyError, notifySuccess, uploadForm } from '../../../shared/api/index.ts';
import { boardingKeys } from '../api.ts';

/** A rule the browser checks before uploading, shown like the server's answer would be. */
const localError = (code: 'FILE_NAME_INVALID' | 'FILE_EXTENSION_INVALID' | 'FILE_TOO_LARGE') =>
  new ApiError({
    status: 417,
    code,
    messages: [errorCatalogue[code].message],
    params: { maxMb: APP_FILE_LIMITS.maxFileBytes / 1024 / 1024 },
  });
const ACCEPT = { 'application/pdf': ['.pdf'], 'text/csv': ['.csv'] };

/** Upload of app files: choose the type first, then drop .pdf or .csv files (checked before sending). */
export function AppFileUpload({ typeOptions }: { typeOptions: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [fileType, setFileType] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: async (list: File[]) => {
      for (const file of list)
        await uploadForm(apiRoutes.fileUpload, {
          fields: { file_type: fileType ?? undefined },
          files: { file },
        });
      return list.length;
    },
    onSuccess: (count) => {
      notifySuccess(t('files:upload.done', { count }));
      void client.invalidateQueries({ queryKey: boardingKeys.filesAll() });
      void client.invalidateQueries({ queryKey: ['boarding', 'consolidated'] });
    },
    onError: (error) => notifyError(error, t),
  });

  const onDrop = (list: File[]) => {
    const bad = list.map((f) => ({ f, check: checkFileName(f.name) })).find(({ check }) => 'error' in check);
    if (bad && 'error' in bad.check) return notifyError(localError(bad.check.error), t);
    upload.mutate(list);
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Select
          label={t('files:upload.type')}
          placeholder={t('files:upload.typePlaceholder')}
          data={typeOptions}
          value={fileType}
          onChange={setFileType}
          searchable
          maw={420}
          data-testid="file-type"
        />
        <Dropzone
          onDrop={onDrop}
          onReject={(rejections) =>
            notifyError(
              localError(
                rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'))
                  ? 'FILE_TOO_LARGE'
                  : 'FILE_EXTENSION_INVALID',
              ),
              t,
            )
          }
          accept={ACCEPT}
          maxSize={APP_FILE_LIMITS.maxFileBytes}
          disabled={!fileType}
          loading={upload.isPending}
          data-testid="file-dropzone"
          style={{ opacity: fileType ? 1 : 0.55 }}
        >
          <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }}>
            <IconFileUpload size={40} stroke={1.4} />
            <Stack gap={2}>
              <Text fw={500}>{fileType ? t('files:upload.drop') : t('files:upload.chooseTypeFirst')}</Text>
              <Text size="sm" c="dimmed">
                {t('files:upload.limits', { mb: APP_FILE_LIMITS.maxFileBytes / 1024 / 1024 })}
              </Text>
            </Stack>
          </Group>
        </Dropzone>
      </Stack>
    </Paper>
  );
}
