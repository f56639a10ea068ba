import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';

/** A confirmation before an action on another user (labels from `users:confirm.<action>`). */
export function confirmAction(
  t: TFunction,
  action: string,
  name: string,
  onConfirm: () => void,
  danger = false,
): void {
  modals.openConfirmModal({
    title: t(`users:confirm.${action}.title`),
    children: t(`users:confirm.${action}.body`, { name }),
    labels: { confirm: t(`users:confirm.${action}.confirm`), cancel: t('common:actions.cancel') },
    confirmProps: { color: danger ? 'red' : undefined },
    onConfirm,
  });
}
