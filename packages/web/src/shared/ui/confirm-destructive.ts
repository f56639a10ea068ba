import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

export interface DestructiveConfirmation {
  title: string;
  body: ReactNode;
  /** The button's label names the action ("Delete 3 messages"), never a bare "OK". */
  confirm: string;
  cancel: string;
  onConfirm: () => void;
}

/**
 * Every destructive action (delete, cancel, close, revoke, leave) asks first, in one dialog
 * shape: a title, what will happen, a red button naming the action and a way back.
 */
export function confirmDestructive({
  title,
  body,
  confirm,
  cancel,
  onConfirm,
}: DestructiveConfirmation): void {
  modals.openConfirmModal({
    title,
    children: body,
    labels: { confirm, cancel },
    confirmProps: { color: 'red', 'data-testid': 'confirm-destructive' } as Record<string, string>,
    onConfirm,
  });
}
