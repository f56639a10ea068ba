import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks for the reason of a recall or dispute (or a refund comment) before the action runs. */
export function ReasonModal({
  opened,
  title,
  description,
  label,
  confirmLabel,
  isRequired,
  isPending,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  description: string;
  label: string;
  confirmLabel: string;
  isRequired: boolean;
  isPending: boolean;
  onClose: () => void;
  onConfirm: (text: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const isMissing = isRequired && text.trim() === '';
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered zIndex={400}>
      <Stack>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        <Textarea
          label={label}
          autosize
          minRows={3}
          maxLength={isRequired ? 500 : 140}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          withAsterisk={isRequired}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button disabled={isMissing} loading={isPending} onClick={() => onConfirm(text.trim())}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
