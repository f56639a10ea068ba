import { Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { MESSAGE_PRIORITIES, MESSAGE_TYPES } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/api/index.ts';
import { useMessageTypes, useSendMessage } from '../api.ts';
import { AttachmentPicker } from './attachment-picker.tsx';
import { DialogActions } from '../../../shared/ui/dialog-actions.tsx';

/** New message to support: type (from message_types), subject, priority, text and attachments. */
export function ComposeModal({
  opened,
  onClose,
  onSent,
}: {
  opened: boolean;
  onClose: () => void;
  onSent: (rootUuid: string) => void;
}) {
  const { t } = useTranslation();
  const types = useMessageTypes().data?.message_types.map((m) => m.code) ?? [...MESSAGE_TYPES];
  const send = useSendMessage();
  const [type, setType] = useState<string | null>(null);
  const [subject, setSubject] = useState('');
  const [priority, setPriority] = useState<string>('medium');
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [tried, setTried] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());

  const reset = () => {
    setType(null);
    setSubject('');
    setPriority('medium');
    setText('');
    setFiles([]);
    setTried(false);
    setKey(crypto.randomUUID());
  };
  const required = (v: string | null) => (tried && !v?.trim() ? t('messages:compose.required') : null);
  const submit = () => {
    setTried(true);
    if (!type || !subject.trim() || !text.trim()) return;
    send.mutate(
      { type, subject, priority, text, files, key },
      {
        onSuccess: (answer) => {
          notifySuccess(t('messages:compose.sent', { caseNumber: answer.message.case_number }));
          reset();
          onSent(answer.message.root_uuid);
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('messages:compose.title')} size="lg">
      <Stack gap="sm" data-testid="compose">
        <Group grow align="flex-start">
          <Select
            label={t('messages:compose.type')}
            data={types.map((code) => ({ value: code, label: t(`messages:types.${code}`) }))}
            value={type}
            onChange={setType}
            error={required(type)}
            withAsterisk
            data-testid="compose-type"
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('messages:compose.priority')}
            data={MESSAGE_PRIORITIES.map((p) => ({ value: p, label: t(`messages:priorities.${p}`) }))}
            value={priority}
            onChange={(v) => setPriority(v ?? 'medium')}
            allowDeselect={false}
            data-testid="compose-priority"
          />
        </Group>
        <TextInput
          label={t('messages:compose.subject')}
          value={subject}
          maxLength={200}
          onChange={(e) => setSubject(e.currentTarget.value)}
          error={required(subject)}
          withAsterisk
          data-testid="compose-subject"
        />
        <Textarea
          label={t('messages:compose.text')}
          value={text}
          autosize
          minRows={5}
          maxLength={10_000}
          onChange={(e) => setText(e.currentTarget.value)}
          error={required(text)}
          withAsterisk
          data-testid="compose-text"
        />
        <AttachmentPicker value={files} onChange={setFiles} />
        <DialogActions
          cancelLabel={t('messages:actions.cancel')}
          onCancel={onClose}
          submitLabel={t('messages:actions.send')}
          onConfirm={submit}
          isSubmitting={send.isPending}
          submitTestId="compose-send"
        />
      </Stack>
    </Modal>
  );
}
