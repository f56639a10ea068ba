import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { canDeleteInCase, type CaseStatus, isFinalCaseStatus } from '@portal/domain';
import { IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { notifySuccess } from '../../../shared/api/index.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { Page } from '../../../shared/ui/index.ts';
import { useDeleteThreads, useMarkRead, useSendMessage, useThread } from '../api.ts';
import { CaseStatusBadge, PriorityBadge } from '../components/labels.tsx';
import { MessageCards } from '../components/message-card.tsx';
import { ReplyBox, useReplyDraft } from '../components/reply-box.tsx';

/** One conversation, oldest first; opening it marks support's answers read. */
export function ThreadPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useParams().id ?? '';
  const thread = useThread(id);
  const markRead = useMarkRead();
  const send = useSendMessage();
  const remove = useDeleteThreads();
  const draft = useReplyDraft();
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
    if (draft.isEmpty) return;
    send.mutate(
      { root_uuid: kase.id, text: draft.text, files: draft.files, key: draft.key },
      {
        onSuccess: () => {
          notifySuccess(t('messages:compose.replySent'));
          draft.reset();
        },
      },
    );
  };
  return (
    <Page
      title={t('messages:thread.title', { caseNumber: kase.case_number })}
      description={kase.subject}
      actions={<BackLink to={href('messages', { folder: 'inbox' })}>{t('messages:actions.back')}</BackLink>}
    >
      <Group gap="sm" data-testid="case-status">
        <CaseStatusBadge status={status} />
        <PriorityBadge priority={kase.priority} />
        <Text size="sm" c="dimmed">
          {t(`messages:types.${kase.type}`)}
        </Text>
      </Group>
      <Stack gap="sm" data-testid="thread">
        <MessageCards
          messages={thread.data.messages}
          ownFolder="outbox"
          authorLabel={(m, isOwn) =>
            isOwn
              ? `${m.author_name} (${t('messages:thread.you')})`
              : `${t('messages:thread.support')} · ${m.author_name}`
          }
        />
      </Stack>
      {isClosed ? (
        <Alert icon={<IconInfoCircle size={16} />} color="gray" data-testid="closed-note">
          {t('messages:thread.closed')}
        </Alert>
      ) : (
        <ReplyBox
          draft={draft}
          label={t('messages:actions.reply')}
          placeholder={t('messages:thread.replyPlaceholder')}
          minRows={3}
          testId="reply-text"
        >
          <Group justify="flex-end">
            <Button
              onClick={reply}
              loading={send.isPending}
              disabled={draft.isEmpty}
              data-testid="reply-send"
            >
              {t('messages:actions.reply')}
            </Button>
          </Group>
        </ReplyBox>
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
