import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { canDeleteInCase, type CaseStatus, isFinalCaseStatus } from '@portal/domain';
import { IconArrowLeft, IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { href } from '../../../app/router/route-names.ts';
import { notifySuccess } from '../../../shared/api/index.ts';
import { Page } from '../../../shared/ui/index.ts';
import { useDeleteThreads, useMarkRead, useSendMessage, useThread } from '../api.ts';
import { AttachmentPicker } from '../components/attachment-picker.tsx';
import { CaseStatusBadge, PriorityBadge } from '../components/labels.tsx';
import { MessageCard } from '../components/message-card.tsx';

/** One conversation, oldest first; opening it marks support's answers read. */
export function ThreadPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useParams().id ?? '';
  const thread = useThread(id);
  const markRead = useMarkRead();
  const send = useSendMessage();
  const remove = useDeleteThreads();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [isConfirming, setConfirming] = useState(false);

  const unreadIds = (thread.data?.messages ?? []).filter((m) => m.read_status === 0).map((m) => m.id);
  const unreadKey = unreadIds.join(',');
  const marking = useRef(markRead.mutate);
  marking.current = markRead.mutate;
  useEffect(() => {
    if (unreadKey) marking.current({ body: { messages: unreadKey.split(',') } });
  }, [unreadKey]);

  if (thread.isLoading || !thread.data)
    return (
      <Page title={t('messages:title')}>
        <Skeleton h={300} radius="md" />
      </Page>
    );
  const kase = thread.data.case;
  const status = kase.crm_status as CaseStatus;
  const canDelete = canDeleteInCase(status);
  const isClosed = isFinalCaseStatus(status);
  const reply = () => {
    if (!text.trim()) return;
    send.mutate(
      { root_uuid: kase.id, text, files, key },
      {
        onSuccess: () => {
          notifySuccess(t('messages:compose.replySent'));
          setText('');
          setFiles([]);
          setKey(crypto.randomUUID());
        },
      },
    );
  };
  return (
    <Page
      title={t('messages:thread.title', { caseNumber: kase.case_number })}
      description={kase.subject}
      actions={
        <Anchor component={Link} to={href('messages', { folder: 'inbox' })} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            {t('messages:actions.back')}
          </Group>
        </Anchor>
      }
    >
      <Group gap="sm" data-testid="case-status">
        <CaseStatusBadge status={status} />
        <PriorityBadge priority={kase.priority} />
        <Text size="sm" c="dimmed">
          {t(`messages:types.${kase.type}`)}
        </Text>
      </Group>
      <Stack gap="sm" data-testid="thread">
        {thread.data.messages.map((m) => (
          <MessageCard
            key={m.id}
            message={m}
            isOwn={m.folder === 'outbox'}
            authorLabel={
              m.folder === 'outbox'
                ? `${m.author_name} (${t('messages:thread.you')})`
                : `${t('messages:thread.support')} · ${m.author_name}`
            }
          />
        ))}
      </Stack>
      {isClosed ? (
        <Alert icon={<IconInfoCircle size={16} />} color="gray" data-testid="closed-note">
          {t('messages:thread.closed')}
        </Alert>
      ) : (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Textarea
              aria-label={t('messages:actions.reply')}
              placeholder={t('messages:thread.replyPlaceholder')}
              autosize
              minRows={3}
              maxLength={10_000}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              data-testid="reply-text"
            />
            <AttachmentPicker value={files} onChange={setFiles} />
            <Group justify="flex-end">
              <Button
                onClick={reply}
                loading={send.isPending}
                disabled={!text.trim()}
                data-testid="reply-send"
              >
                {t('messages:actions.reply')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      <Group gap="sm" wrap="wrap">
        {isConfirming ? (
          <>
            <Text size="sm">{t('messages:thread.confirmDelete')}</Text>
            <Button
              color="red"
              size="xs"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(
                  { body: { root_uuids: [kase.id] } },
                  {
                    onSuccess: () => {
                      notifySuccess(t('messages:thread.deleted'));
                      navigate(href('messages', { folder: 'outbox' }));
                    },
                    onSettled: () => setConfirming(false),
                  },
                )
              }
              data-testid="confirm-delete"
            >
              {t('messages:actions.delete')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
              {t('messages:actions.cancel')}
            </Button>
          </>
        ) : (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} />}
            disabled={!canDelete}
            onClick={() => setConfirming(true)}
            data-testid="delete-thread"
          >
            {t('messages:actions.deleteThread')}
          </Button>
        )}
        {canDelete ? null : (
          <Text size="xs" c="dimmed" data-testid="delete-rule">
            {t('messages:thread.deleteRule')}
          </Text>
        )}
      </Group>
    </Page>
  );
}
