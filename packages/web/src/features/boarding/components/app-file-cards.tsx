import { Text } from '@mantine/core';
import type { FileView } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/index.ts';
import { CardList, ListCard } from '../../../shared/ui/index.ts';
import { AppFileActions, type AppFileActionHandlers } from './app-file-actions.tsx';
import { AppFileStatusBadge } from './app-file-status.tsx';

/** App files on a phone: name and status, then type, version and date, with the same actions. */
export function FileCards({ files, ...actions }: { files: FileView[] } & AppFileActionHandlers) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  return (
    <CardList testId="file-cards">
      {files.map((file) => {
        const last = file.comments.at(-1);
        return (
          <ListCard
            key={file.id}
            data={{ 'data-file': file.file_name, 'data-status': file.status }}
            title={
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {file.file_name}
              </Text>
            }
            aside={<AppFileStatusBadge status={file.status} />}
            meta={
              <Text size="xs" c="dimmed">
                {t('files:card.meta', {
                  type: t(`files:types.${file.file_type}`),
                  version: file.version,
                  date: dateTime(file.created),
                })}
              </Text>
            }
            actions={<AppFileActions file={file} {...actions} />}
          >
            {last ? (
              <Text size="xs" c="dimmed" lineClamp={2}>
                {`${last.author}: ${last.text}`}
              </Text>
            ) : null}
          </ListCard>
        );
      })}
    </CardList>
  );
}
