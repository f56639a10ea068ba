import { Button, type ButtonProps, Group, Modal, Stack, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';

export interface CommentModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The label of the comment box. */
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** What the dialog shows above the comment box (an explanation, earlier comments). */
  before?: ReactNode;
  /** What it shows under it (an option of the action). */
  after?: ReactNode;
  /** The one action, right-aligned; there is no Cancel, closing the dialog is that. */
  actionLabel: string;
  onAction: () => void;
  isPending: boolean;
  actionProps?: ButtonProps;
  gap?: 'sm' | 'md';
}

/** A dialog that asks for a free-text comment and sends it with one action (decline, comment, answer). */
export function CommentModal(props: CommentModalProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Stack gap={props.gap}>
        {props.before}
        <Textarea
          label={props.label}
          value={props.value}
          onChange={(e) => props.onChange(e.currentTarget.value)}
          autosize
          minRows={3}
        />
        {props.after}
        <Group justify="flex-end">
          <Button loading={props.isPending} onClick={props.onAction} {...props.actionProps}>
            {props.actionLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
