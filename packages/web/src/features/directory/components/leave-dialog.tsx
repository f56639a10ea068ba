import { Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/api/index.ts';
import { DialogActions } from '../../../shared/ui/dialog-actions.tsx';
import { type DirectoryEntry, useLeaveDirectory } from '../api.ts';

interface LeaveDialogProps {
  opened: boolean;
  entry: DirectoryEntry | null;
  onClose: () => void;
}

/** Confirms taking the company's entry out of the directory. */
export function LeaveDialog(props: LeaveDialogProps) {
  const { t } = useTranslation();
  const leave = useLeaveDirectory();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('ecosystem:dialogs.leaveTitle')}>
      <Stack gap="md">
        <Text size="sm">
          {props.entry
            ? t('ecosystem:dialogs.leaveText', { name: props.entry.display_name })
            : t('ecosystem:own.notJoined')}
        </Text>
        <DialogActions
          cancelLabel={t('ecosystem:actions.cancel')}
          onCancel={props.onClose}
          submitLabel={t('ecosystem:actions.leave')}
          color="red"
          isSubmitDisabled={!props.entry}
          isSubmitting={leave.isPending}
          onConfirm={() =>
            leave.mutate(
              { body: {} },
              {
                onSuccess: () => {
                  notifySuccess(t('ecosystem:done.left'));
                  props.onClose();
                },
              },
            )
          }
        />
      </Stack>
    </Modal>
  );
}
