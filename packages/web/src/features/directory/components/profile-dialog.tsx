import { Alert, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/api/index.ts';
import { type DirectoryEntry, useChangeDirectoryProfile, useJoinDirectory } from '../api.ts';
import { ProfileForm } from './profile-form.tsx';

interface ProfileDialogProps {
  opened: boolean;
  mode: 'join' | 'change';
  entry: DirectoryEntry | null;
  onClose: () => void;
}

/** Join the directory, or change the published profile: the same form, a different request. */
export function ProfileDialog(props: ProfileDialogProps) {
  const { t } = useTranslation();
  const join = useJoinDirectory();
  const change = useChangeDirectoryProfile();
  const mutation = props.mode === 'join' ? join : change;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t(props.mode === 'join' ? 'ecosystem:dialogs.joinTitle' : 'ecosystem:dialogs.changeTitle')}
      size="lg"
    >
      <Stack gap="sm">
        <Alert variant="light" color="blue">
          {t('ecosystem:dialogs.publicNote')}
        </Alert>
        {props.opened ? (
          <ProfileForm
            entry={props.entry}
            submitLabel={t(props.mode === 'join' ? 'ecosystem:actions.join' : 'ecosystem:actions.save')}
            isPending={mutation.isPending}
            onCancel={props.onClose}
            onSubmit={(body) =>
              mutation.mutate(
                { body },
                {
                  onSuccess: () => {
                    notifySuccess(
                      t(props.mode === 'join' ? 'ecosystem:done.joined' : 'ecosystem:done.changed'),
                    );
                    props.onClose();
                  },
                },
              )
            }
          />
        ) : null}
      </Stack>
    </Modal>
  );
}
