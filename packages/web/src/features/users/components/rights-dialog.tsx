import { Modal, Stack, Switch, Text } from '@mantine/core';
import type { ClientUserRight } from '@portal/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/api/index.ts';
import { type CompanyUser, useSetUserRights } from '../api.ts';
import { RightsFields } from './rights-fields.tsx';
import { DialogActions } from '../../../shared/ui/dialog-actions.tsx';

/** User rights editor (spec §6: Master User, admin or account manager changes them). */
export function RightsDialog({ user, onClose }: { user: CompanyUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSetUserRights();
  const [rights, setRights] = useState<ClientUserRight[]>([]);
  const [master, setMaster] = useState(false);
  useEffect(() => {
    if (user) {
      setRights([...user.access_rights]);
      setMaster(user.master_user);
    }
  }, [user]);
  return (
    <Modal opened={user !== null} onClose={onClose} title={t('users:rightsDialog.title')} size="lg">
      {user ? (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('users:rightsDialog.description', {
              name: `${user.first_name} ${user.last_name}`,
              email: user.email,
            })}
          </Text>
          <Switch
            label={t('users:kind.master')}
            description={t('users:rightsDialog.masterHint')}
            checked={master}
            onChange={(event) => setMaster(event.currentTarget.checked)}
          />
          <RightsFields value={rights} onChange={setRights} />
          <DialogActions
            cancelLabel={t('common:actions.cancel')}
            onCancel={onClose}
            submitLabel={t('common:actions.save')}
            isSubmitting={save.isPending}
            onConfirm={() =>
              save.mutate(
                { params: { id: user.id }, body: { access_rights: rights, master_user: master } },
                {
                  onSuccess: () => {
                    notifySuccess(t('users:rightsDialog.saved'));
                    onClose();
                  },
                },
              )
            }
          />
        </Stack>
      ) : null}
    </Modal>
  );
}
