import { Badge, Group, Paper, Switch, Table, Text } from '@mantine/core';
import { apiRoutes } from '@portal/domain';
import { IconCheck, IconDownload, IconMessage, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadAndSave, notifyError } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { EmptyState } from '../../../shared/ui/index.ts';
import { fileStatusColor } from '../../boarding/index.ts';
import { type OperatorRecord, useFileReview } from '../api.ts';
import { RowAction } from './row-action.tsx';
import { CommentModal } from '../../../shared/ui/comment-modal.tsx';

type Action = 'verify' | 'decline' | 'comment';

/** Files of a record: download, verify, decline, comment (optionally asking the applicant). */
export function RecordFiles({ record }: { record: OperatorRecord }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const review = useFileReview();
  const [dialog, setDialog] = useState<{ id: string; action: Action } | null>(null);
  const [comment, setComment] = useState('');
  const [ask, setAsk] = useState(false);
  const uuid = record.record.uuid;
  if (record.files.length === 0)
    return <EmptyState title={t('operator:files.emptyTitle')} description={t('operator:files.emptyText')} />;
  const openDialog = (id: string, action: Action) => setDialog({ id, action });
  const act = (id: string, action: Action, text?: string) =>
    review.mutate(
      {
        params: { uuid, id },
        body: { action, comment: text || undefined, ask: action === 'comment' ? ask : undefined },
      },
      { onSuccess: () => setDialog(null) },
    );
  return (
    <Paper withBorder radius="md">
      <Table verticalSpacing="sm" data-testid="op-files">
        <Table.Tbody>
          {record.files.map((f) => (
            <Table.Tr key={f.id} data-file={f.file_name}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {f.file_name}
                </Text>
                <Text
                  size="xs"
                  c="dimmed"
                >{`${t(`files:types.${f.file_type}`)} · ${dateTime(f.created)}`}</Text>
              </Table.Td>
              <Table.Td>
                <Badge color={fileStatusColor(f.status)} variant="light" miw="max-content">
                  {t(`files:status.${f.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <RowAction
                    icon={IconDownload}
                    onClick={() =>
                      downloadAndSave(apiRoutes.opFileDownload, {
                        params: { uuid, id: f.id },
                        fallbackName: f.file_name,
                      }).catch((e: unknown) => notifyError(e, t))
                    }
                  >
                    {t('files:actions.download')}
                  </RowAction>
                  <RowAction
                    variant="light"
                    color="teal"
                    icon={IconCheck}
                    loading={review.isPending && review.variables?.params?.id === f.id}
                    onClick={() => act(f.id, 'verify')}
                    data-testid="file-verify"
                  >
                    {t('operator:files.verify')}
                  </RowAction>
                  <RowAction
                    variant="light"
                    color="red"
                    icon={IconX}
                    onClick={() => openDialog(f.id, 'decline')}
                  >
                    {t('operator:files.decline')}
                  </RowAction>
                  <RowAction icon={IconMessage} onClick={() => openDialog(f.id, 'comment')}>
                    {t('operator:files.comment')}
                  </RowAction>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <CommentModal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog ? t(`operator:files.${dialog.action}`) : ''}
        label={t('operator:files.commentLabel')}
        value={comment}
        onChange={setComment}
        after={
          dialog?.action === 'comment' ? (
            <Switch
              label={t('operator:files.ask')}
              checked={ask}
              onChange={(e) => setAsk(e.currentTarget.checked)}
            />
          ) : null
        }
        actionLabel={t(`operator:files.${dialog?.action ?? 'comment'}`)}
        onAction={() => dialog && act(dialog.id, dialog.action, comment)}
        isPending={review.isPending}
      />
    </Paper>
  );
}
