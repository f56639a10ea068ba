import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../shared/ui/index.ts';
import { useDirectoryList, useOwnDirectoryEntry } from '../api.ts';
import { DirectoryFilters } from '../components/directory-filters.tsx';
import { DirectoryResults } from '../components/directory-results.tsx';
import { LeaveDialog } from '../components/leave-dialog.tsx';
import { OwnEntryPanel } from '../components/own-entry-panel.tsx';
import { ProfileDialog } from '../components/profile-dialog.tsx';
import { type DirectoryDialog, useDirectoryParams } from '../hooks/use-directory-params.ts';

/** Route `mi_ecosystem` (/cjclique): the crypto-sector directory (spec §1, §2, §6). */
export function DirectoryPage() {
  const { t } = useTranslation();
  const params = useDirectoryParams();
  const { filter, page, dialog, update } = params;

  const list = useDirectoryList(page, filter);
  const own = useOwnDirectoryEntry();
  const ownEntry = own.data?.entry ?? null;
  const canManage = own.data?.can_manage ?? false;

  // Spec §6: only the Master User joins, changes or leaves; others are told so (the server refuses too).
  const open = (d: DirectoryDialog) => {
    if (!canManage) {
      notifications.show({ color: 'red', message: t('errors:DIRECTORY_MASTER_ONLY') });
      return;
    }
    update({ dialog: d });
  };
  const close = () => update({ dialog: undefined });
  const dialogAllowed = dialog && own.data && canManage;
  const rightsKnown = own.data !== undefined;
  useEffect(() => {
    // A menu link (?dialog=join) opened by a user who may not act: say so and close it.
    if (dialog && rightsKnown && !canManage) {
      notifications.show({ color: 'red', message: t('errors:DIRECTORY_MASTER_ONLY') });
      update({ dialog: undefined });
    }
  }, [dialog, rightsKnown, canManage, t, update]);

  return (
    <Page title={t('ecosystem:page.title')} description={t('ecosystem:page.description')}>
      <OwnEntryPanel
        entry={ownEntry}
        loading={own.isPending}
        onJoin={() => open('join')}
        onChange={() => open('change')}
        onLeave={() => open('leave')}
      />
      <DirectoryFilters params={params} />
      <DirectoryResults list={list} page={page} onPageChange={(p) => update({ page: String(p) })} />
      <ProfileDialog
        opened={Boolean(dialogAllowed) && (dialog === 'join' || dialog === 'change')}
        mode={ownEntry ? 'change' : 'join'}
        entry={ownEntry}
        onClose={close}
      />
      <LeaveDialog opened={Boolean(dialogAllowed) && dialog === 'leave'} entry={ownEntry} onClose={close} />
    </Page>
  );
}
