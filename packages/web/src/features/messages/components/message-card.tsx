import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { downloadAttachment, type MessageItem } from '../api.ts';

/**
 * One message of a thread. Subject and text are rendered as text nodes (React escapes them), never
 * as HTML: a `<script>` someone typed shows as those characters.
 */
export function MessageCard({
  message,
  isOwn,
  authorLabel,
}: {
  message: MessageItem;
  isOwn: boolean;
  authorLabel: string;
}) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const kb = (size: number) => `${Math.max(1, Math.round(size / 1024))} KB`;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      ml={isOwn ? { base: 0, sm: 48 } : 0}
      mr={isOwn ? 0 : { base: 0, sm: 48 }}
      bg={isOwn ? 'var(--mantine-color-default-hover)' : undefined}
      data-testid="thread-message"
      data-folder={message.folder}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text fw={600} size="sm">
              {authorLabel}
            </Text>
            {message.read_status === 0 ? (
              <Badge size="xs" color="red">
                {t('messages:unread')}
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {dateTime(message.created)}
          </Text>
        </Group>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid="message-subject">
          {message.subject}
        </Text>
        <Text
          size="sm"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="message-text"
        >
          {message.text}
        </Text>
        {message.attachments.length > 0 ? (
          <Group gap="xs" wrap="wrap">
            {message.attachments.map((a) => (
              <Button
                key={a.file_link}
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} />}
                onClick={() =>
                  downloadAttachment(message.id, a.file_link, a.file_name).catch((e: unknown) =>
                    notifyError(e, t),
                  )
                }
                aria-label={t('messages:actions.download', { name: a.file_name })}
                data-testid="attachment"
              >
                {`${a.file_name} · ${kb(a.size)}`}
              </Button>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** A thread's messages, oldest first; `ownFolder` is the folder of the side reading it. */
export function MessageCards({
  messages,
  ownFolder,
  authorLabel,
}: {
  messages: MessageItem[];
  ownFolder: MessageItem['folder'];
  authorLabel: (message: MessageItem, isOwn: boolean) => string;
}) {
  return messages.map((m) => (
    <MessageCard
      key={m.id}
      message={m}
      isOwn={m.folder === ownFolder}
      authorLabel={authorLabel(m, m.folder === ownFolder)}
    />
  ));
}
