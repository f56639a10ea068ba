import {
  ActionIcon,
  Alert,
  Badge,
  Group,
  Menu,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import {
  APP_FILE_LIMITS,
  APP_FILE_TYPE_NAMES,
  APP_FILE_TYPES,
  apiRoutes,
  checkFileName,
  errorCatalogue,
  type FileView,
} from '@portal/domain';
import {
  IconDotsVertical,
  IconDownload,
  IconFileUpload,
  IconMessage,
  IconRefresh,
  IconShieldCheck,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  ApiError,
  downloadAndSave,
  notifyError,
  notifySuccess,
  uploadForm,
} from '../../../shared/api/index.ts';
import { useFormatters } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../shared/session/index.ts';
import {
  CardList,
  EmptyState,
  ListCard,
  ListPager,
  ListTable,
  Page,
  usePhone,
} from '../../../shared/ui/index.ts';
import { boardingKeys, useCommentFile, useFileResult, useFiles, useRunFileVerification } from '../api.ts';
import { CommentModal } from '../../../shared/ui/comment-modal.tsx';

const ROWS = 10;

/** A rule the browser checks before uploading, shown like the server's answer would be. */
const localError = (code: 'FILE_NAME_INVALID' | 'FILE_EXTENSION_INVALID' | 'FILE_TOO_LARGE') =>
  new ApiError({
    status: 417,
    code,
    messages: [errorCatalogue[code].message],
    params: { maxMb: APP_FILE_LIMITS.maxFileBytes / 1024 / 1024 },
  });
const ACCEPT = { 'application/pdf': ['.pdf'], 'text/csv': ['.csv'] };

export const fileStatusColor = (status: FileView['status']): string =>
  ({
    active: 'blue',
    pendingVerification: 'cyan',
    pendingComment: 'orange',
    verified: 'teal',
    verifiedComment: 'teal',
    declined: 'red',
    expired: 'gray',
    verificationError: 'red',
    manuallyVerified: 'teal',
    manuallyDeclined: 'red',
  })[status] ?? 'gray';

/** `appfiles`: upload by type (only .pdf and .csv), uploaded files with statuses, verification actions. */
export function AppFilesPage() {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const session = useSession();
  const client = useQueryClient();
  const canWrite = session.hasScope('appfiles/write');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filterType = params.get('type') ?? undefined;
  const [fileType, setFileType] = useState<string | null>(null);
  const [commenting, setCommenting] = useState<FileView | null>(null);
  const [comment, setComment] = useState('');
  const files = useFiles(page, ROWS, filterType);
  const runVerification = useRunFileVerification();
  const getResult = useFileResult();
  const addComment = useCommentFile();
  const isPhone = usePhone();

  const upload = useMutation({
    mutationFn: async (list: File[]) => {
      for (const file of list)
        await uploadForm(apiRoutes.fileUpload, {
          fields: { file_type: fileType ?? undefined },
          files: { file },
        });
      return list.length;
    },
    onSuccess: (count) => {
      notifySuccess(t('files:upload.done', { count }));
      void client.invalidateQueries({ queryKey: boardingKeys.filesAll() });
      void client.invalidateQueries({ queryKey: ['boarding', 'consolidated'] });
    },
    onError: (error) => notifyError(error, t),
  });

  const onDrop = (list: File[]) => {
    const bad = list.map((f) => ({ f, check: checkFileName(f.name) })).find(({ check }) => 'error' in check);
    if (bad && 'error' in bad.check) return notifyError(localError(bad.check.error), t);
    upload.mutate(list);
  };
  const setQuery = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) v ? merged.set(k, v) : merged.delete(k);
    setParams(merged, { replace: true });
  };
  const typeOptions = APP_FILE_TYPE_NAMES.map((value) => ({
    value,
    label: `${t(`files:types.${value}`)}${APP_FILE_TYPES[value].required ? ' *' : ''}`,
  }));
  const data = files.data;
  const total = data?.total ?? 0;

  return (
    <Page title={t('files:page.title')} description={t('files:page.description')}>
      {data && data.missing_types.length > 0 ? (
        <Alert color="orange" variant="light" data-testid="missing-types">
          {t('files:missing', { types: data.missing_types.map((x) => t(`files:types.${x}`)).join(', ') })}
        </Alert>
      ) : null}
      {canWrite ? (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Select
              label={t('files:upload.type')}
              placeholder={t('files:upload.typePlaceholder')}
              data={typeOptions}
              value={fileType}
              onChange={setFileType}
              searchable
              maw={420}
              data-testid="file-type"
            />
            <Dropzone
              onDrop={onDrop}
              onReject={(rejections) =>
                notifyError(
                  localError(
                    rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'))
                      ? 'FILE_TOO_LARGE'
                      : 'FILE_EXTENSION_INVALID',
                  ),
                  t,
                )
              }
              accept={ACCEPT}
              maxSize={APP_FILE_LIMITS.maxFileBytes}
              disabled={!fileType}
              loading={upload.isPending}
              data-testid="file-dropzone"
              style={{ opacity: fileType ? 1 : 0.55 }}
            >
              <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }}>
                <IconFileUpload size={40} stroke={1.4} />
                <Stack gap={2}>
                  <Text fw={500}>
                    {fileType ? t('files:upload.drop') : t('files:upload.chooseTypeFirst')}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('files:upload.limits', { mb: APP_FILE_LIMITS.maxFileBytes / 1024 / 1024 })}
                  </Text>
                </Stack>
              </Group>
            </Dropzone>
          </Stack>
        </Paper>
      ) : null}
      <Group justify="space-between">
        <Select
          placeholder={t('files:filterAll')}
          data={typeOptions}
          value={filterType ?? null}
          onChange={(value) => setQuery({ type: value ?? undefined, page: undefined })}
          clearable
          w={isPhone ? undefined : 280}
          style={isPhone ? { flex: 1 } : undefined}
          aria-label={t('files:filter')}
        />
        <ActionIcon variant="subtle" aria-label={t('files:refresh')} onClick={() => void files.refetch()}>
          <IconRefresh size={18} />
        </ActionIcon>
      </Group>
      {files.isLoading ? (
        <Skeleton h={240} radius="md" />
      ) : !data || data.files.length === 0 ? (
        <EmptyState title={t('files:empty.title')} description={t('files:empty.description')} />
      ) : isPhone ? (
        <FileCards
          files={data.files}
          canWrite={canWrite}
          onVerify={(id) => runVerification.mutate({ params: { id } })}
          onResult={(id) => getResult.mutate({ params: { id } })}
          onComment={setCommenting}
        />
      ) : (
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
            {data.files.map((file) => (
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
                  <Badge color={fileStatusColor(file.status)} variant="light" miw="max-content">
                    {t(`files:status.${file.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <FileActions
                    file={file}
                    canWrite={canWrite}
                    onVerify={(id) => runVerification.mutate({ params: { id } })}
                    onResult={(id) => getResult.mutate({ params: { id } })}
                    onComment={setCommenting}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      <ListPager total={total} pageSize={ROWS} page={page} onPage={(p) => setQuery({ page: String(p) })} />
      <CommentModal
        opened={commenting !== null}
        onClose={() => setCommenting(null)}
        title={t('files:actions.submitComments')}
        gap="sm"
        before={commenting?.comments.map((c) => (
          <Text key={`${c.created}-${c.author}`} size="sm">
            {`${c.author}: ${c.text}`}
          </Text>
        ))}
        label={t('files:comment')}
        value={comment}
        onChange={setComment}
        actionLabel={t('files:send')}
        onAction={() =>
          commenting &&
          addComment.mutate(
            { params: { id: commenting.id }, body: { text: comment } },
            {
              onSuccess: () => {
                setComment('');
                setCommenting(null);
              },
            },
          )
        }
        isPending={addComment.isPending}
        actionProps={{ disabled: !comment.trim() }}
      />
    </Page>
  );
}

interface FileActionProps {
  file: FileView;
  canWrite: boolean;
  onVerify: (id: string) => void;
  onResult: (id: string) => void;
  onComment: (file: FileView) => void;
}

/** The actions on one file (the table's last column, the card's menu). */
function FileActions({ file, canWrite, onVerify, onResult, onComment }: FileActionProps) {
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

/** App files on a phone: name and status, then type, version and date, with the same actions. */
export function FileCards({ files, ...actions }: { files: FileView[] } & Omit<FileActionProps, 'file'>) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
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
            aside={
              <Badge color={fileStatusColor(file.status)} variant="light" miw="max-content">
                {t(`files:status.${file.status}`)}
              </Badge>
            }
            meta={
              <Text size="xs" c="dimmed">
                {t('files:card.meta', {
                  type: t(`files:types.${file.file_type}`),
                  version: file.version,
                  date: dateTime(file.created),
                })}
              </Text>
            }
            actions={<FileActions file={file} {...actions} />}
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
