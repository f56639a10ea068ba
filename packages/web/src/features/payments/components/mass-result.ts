import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';

/** The answer of a mass action: the ids done and, per failed payment, why (spec §8). */
export interface MassAnswer {
  done: string[];
  failed: { id: string; message: string }[];
}

/** One notification for a mass approve or cancel: green when all went through, red listing each failure. */
export function notifyMassResult(t: TFunction, action: 'approve' | 'cancel', answer: MassAnswer): void {
  if (answer.failed.length > 0) {
    notifications.show({
      color: 'red',
      autoClose: false,
      title: t('payments:mass.partialTitle', { done: answer.done.length, failed: answer.failed.length }),
      message: t('payments:mass.errors', {
        error: answer.failed.map((f) => `${f.id.slice(0, 8)}: ${f.message}`).join('; '),
      }),
    });
    return;
  }
  notifications.show({
    color: 'teal',
    message: t(`payments:mass.${action}Done`, { count: answer.done.length }),
  });
}
