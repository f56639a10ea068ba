import { Badge, Button, Group, Modal, Paper, Stack, Switch, Table, Text, Textarea } from '@mantine/core';
import { apiRoutes } from '@portal/domain';
import { IconCheck, IconDownload, IconMessage, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadAndSave, notifyError } from '../../../shared/api/index.ts';
import { useFormatters } from '../../../shared/i18n/index.ts';
import { EmptyState } from '../../../shared/ui/index.ts';
import { fileStatusColor } from '../../boarding/pages/app-files-page.tsx';
import { type OperatorRecord, useFileReview } from '../api.ts';

type Action = 'verify' | 'decline' | 'comment';

/** Files of a record: download, verify, decline, comment (optionally asking the applicant). */
export function RecordFiles({ record }: { record: OperatorRecord }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const review = useFileReview();
  const [dialog, setDialog] = useState<{ id: string; action: Action } | null>(null);
  const [comment, setComment] = useState('');
  const [ask, setAsk] = useState(false);
  const uuid = record.record.uuid;
  if (record.files.length === 0)
    return <EmptyState title={t('operator:files.emptyTitle')} description={t('operator:files.emptyText')} />;
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
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconDownload size={14} />}
                    onClick={() =>
                      downloadAndSave(apiRoutes.opFileDownload, {
                        params: { uuid, id: f.id },
                        fallbackName: f.file_name,
                      }).catch((e: unknown) => notifyError(e, t))
                    }
                  >
                    {t('files:actions.download')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="teal"
                    leftSection={<IconCheck size={14} />}
                    loading={review.isPending && review.variables?.params?.id === f.id}
                    onClick={() => act(f.id, 'verify')}
                    data-testid="file-verify"
                  >
                    {t('operator:files.verify')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    leftSection={<IconX size={14} />}
                    onClick={() => setDialog({ id: f.id, action: 'decline' })}
                  >
                    {t('operator:files.decline')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconMessage size={14} />}
                    onClick={() => setDialog({ id: f.id, action: 'comment' })}
                  >
                    {t('operator:files.comment')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog ? t(`operator:files.${dialog.action}`) : ''}
        centered
      >
        <Stack>
          <Textarea
            label={t('operator:files.commentLabel')}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            autosize
            minRows={3}
          />
          {dialog?.action === 'comment' ? (
            <Switch
              label={t('operator:files.ask')}
              checked={ask}
              onChange={(e) => setAsk(e.currentTarget.checked)}
            />
          ) : null}
          <Group justify="flex-end">
            <Button
              loading={review.isPending}
              onClick={() => dialog && act(dialog.id, dialog.action, comment)}
            >
              {t(`operator:files.${dialog?.action ?? 'comment'}`)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
