import { parseFieldError } from '@portal/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * A field error of the boarding forms in the user's language: the domain and the server answer
 * codes with parameters (`TOO_LONG?max=200`), shown as `errors:field.<CODE>`. Anything that is not
 * a known code is shown as it came.
 */
export function translateFieldError(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return message;
  const parsed = parseFieldError(message);
  return parsed ? t(`errors:field.${parsed.code}`, parsed.params) : message;
}

/** `translateFieldError` bound to the current language. */
export function useFieldError(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return (message) => translateFieldError(t, message);
}
