import { Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../shared/ui/dialog-actions.tsx';
import { DownloadStatus } from '../components/download-status.tsx';
import type { useDownload } from '../lib/use-download.ts';

/**
 * A dialog that downloads one document of an account (statement, fee statement, verification
 * letter): a note on what it holds, its fields, the download's progress, Close and Download.
 * Closing cancels a download still running.
 */
export function DownloadDialog({
  opened,
  onClose,
  title,
  size,
  note,
  download,
  onSubmit,
  testId,
  submitLabel,
  submitTestId,
  isSubmitDisabled,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: string;
  note: string;
  download: ReturnType<typeof useDownload>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  testId?: string;
  submitLabel: string;
  submitTestId?: string;
  isSubmitDisabled?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const close = () => {
    download.cancel();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} size={size} centered>
      <form onSubmit={onSubmit} noValidate data-testid={testId}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {note}
          </Text>
          {children}
          <DownloadStatus state={download.state} onCancel={download.cancel} />
          <DialogActions
            cancelLabel={t('common:actions.close')}
            onCancel={close}
            submitLabel={submitLabel}
            submitIcon={<IconDownload size={16} />}
            isSubmitDisabled={isSubmitDisabled}
            isSubmitting={download.isRunning}
            submitTestId={submitTestId}
          />
        </Stack>
      </form>
    </Modal>
  );
}
