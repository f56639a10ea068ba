import { ActionIcon, Menu } from '@mantine/core';
import { apiRoutes, type FileView } from '@portal/domain';
import {
  IconDotsVertical,
  IconDownload,
  IconMessage,
  IconRefresh,
  IconShieldCheck,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadAndSave, notifyError } from '../../../shared/api/index.ts';

/** What the list of app files can do with a file, shared by the table and the phone cards. */
export interface AppFileActionHandlers {
  canWrite: boolean;
  onVerify: (id: string) => void;
  onResult: (id: string) => void;
  onComment: (file: FileView) => void;
}

/** The actions on one file (the table's last column, the card's menu). */
export function AppFileActions({
  file,
  canWrite,
  onVerify,
  onResult,
  onComment,
}: AppFileActionHandlers & { file: FileView }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('files:actions.menu')}>
          <IconDotsVertical size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconDownload size={14} />}
          onClick={() =>
            downloadAndSave(apiRoutes.fileDownload, {
              params: { id: file.id },
              fallbackName: file.file_name,
            }).catch((e: unknown) => notifyError(e, t))
          }
        >
          {t('files:actions.download')}
        </Menu.Item>
        {canWrite ? (
          <Menu.Item
            leftSection={<IconShieldCheck size={14} />}
            disabled={!['active', 'verificationError', 'pendingComment'].includes(file.status)}
            onClick={() => onVerify(file.id)}
          >
            {t('files:actions.runVerification')}
          </Menu.Item>
        ) : null}
        <Menu.Item leftSection={<IconRefresh size={14} />} onClick={() => onResult(file.id)}>
          {t('files:actions.getResult')}
        </Menu.Item>
        {canWrite ? (
          <Menu.Item leftSection={<IconMessage size={14} />} onClick={() => onComment(file)}>
            {t('files:actions.submitComments')}
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
