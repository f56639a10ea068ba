import { Paper, Stack, Textarea } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { AttachmentPicker } from './attachment-picker.tsx';

/**
 * What is being typed under a thread: the text, its files and the idempotency key of the send.
 * `reset` empties it after a successful send and draws a new key for the next one.
 */
export function useReplyDraft() {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const reset = () => {
    setText('');
    setFiles([]);
    setKey(crypto.randomUUID());
  };
  return { text, setText, files, setFiles, key, reset, isEmpty: !text.trim() };
}
export type ReplyDraft = ReturnType<typeof useReplyDraft>;

/** The answer box under a thread: the text, the attachments, then the caller's send row. */
export function ReplyBox({
  draft,
  label,
  placeholder,
  minRows,
  testId,
  children,
}: {
  draft: ReplyDraft;
  label: string;
  placeholder: string;
  minRows: number;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Textarea
          aria-label={label}
          placeholder={placeholder}
          autosize
          minRows={minRows}
          maxLength={10_000}
          value={draft.text}
          onChange={(e) => draft.setText(e.currentTarget.value)}
          data-testid={testId}
        />
        <AttachmentPicker value={draft.files} onChange={draft.setFiles} />
        {children}
      </Stack>
    </Paper>
  );
}
