import { Table, Text } from '@mantine/core';
import type { FileView } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/index.ts';
import { ListTable } from '../../../shared/ui/index.ts';
import { AppFileActions, type AppFileActionHandlers } from './app-file-actions.tsx';
import { AppFileStatusBadge } from './app-file-status.tsx';

/** App files on a wide screen: name with the last comment, type, version, date, status and actions. */
export function FilesTable({ files, ...actions }: { files: FileView[] } & AppFileActionHandlers) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  return (
    <ListTable minWidth={760} data-testid="files-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('files:columns.name')}</Table.Th>
          <Table.Th>{t('files:columns.type')}</Table.Th>
          <Table.Th>{t('files:columns.version')}</Table.Th>
          <Table.Th>{t('files:columns.created')}</Table.Th>
          <Table.Th>{t('files:columns.status')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {files.map((file) => (
          <Table.Tr key={file.id} data-file={file.file_name}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {file.file_name}
              </Text>
              {file.comments.at(-1) ? (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {`${file.comments.at(-1)?.author}: ${file.comments.at(-1)?.text}`}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>{t(`files:types.${file.file_type}`)}</Table.Td>
            <Table.Td>{file.version}</Table.Td>
            <Table.Td>{dateTime(file.created)}</Table.Td>
            <Table.Td>
              <AppFileStatusBadge status={file.status} />
            </Table.Td>
            <Table.Td>
              <AppFileActions file={file} {...actions} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ListTable>
  );
}
