import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { errorMessage } from './error-message.ts';
import { ApiError } from './api-error.ts';

export interface NotifyErrorOptions {
  /** Stays until closed (spec §8: "optionally persistent"). */
  persistent?: boolean;
  /** i18n key of a title; defaults to `common:notifications.errorTitle`. */
  titleKey?: string;
}

/** Shows a failed call as a red notification, text by `errorMessage`; the request id is appended for support. */
export function notifyError(error: unknown, t: TFunction, options: NotifyErrorOptions = {}): void {
  const requestId = error instanceof ApiError ? error.requestId : undefined;
  const text = errorMessage(error, t);
  notifications.show({
    color: 'red',
    title: t(options.titleKey ?? 'common:notifications.errorTitle'),
    message: requestId ? `${text} (${t('common:notifications.requestId', { requestId })})` : text,
    autoClose: options.persistent ? false : 8000,
    withCloseButton: true,
  });
}

export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'teal', title, message, autoClose: 4000 });
}
