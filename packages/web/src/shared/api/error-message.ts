import { PROVIDER_ENTITIES, platformFromHost } from '@portal/domain';
import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from './api-error.ts';
import { errorPlaceholders, isCatalogueCode } from './error-codes.ts';

let supportEmailSource: () => string | undefined = () => undefined;

/** The platform query registers itself here so error texts name the right provider's support address. */
export function setSupportEmailSource(source: () => string | undefined): void {
  supportEmailSource = source;
}

export const supportEmail = (): string =>
  supportEmailSource() ?? PROVIDER_ENTITIES[platformFromHost(globalThis.location?.host)].support.email;

/**
 * The one display rule of spec §8:
 * - no answer at all → the NetworkError text;
 * - status ≥ 500, or no message → the server-error text with the platform's support email;
 * - one message whose code the catalogue knows (and whose params are all present) → `errors.<CODE>`
 *   in the user's language, so a Russian user does not read the server's English;
 * - otherwise the server's messages joined by ', '.
 */
export function errorMessage(error: unknown, t: TFunction): string {
  const email = supportEmail();
  const serverError = () => t('errors:INTERNAL', { supportEmail: email });
  if (error instanceof NetworkError) return t('errors:NetworkError');
  if (!(error instanceof ApiError)) return serverError();
  if (error.status >= 500 || error.messages.length === 0) return serverError();
  if (error.messages.length === 1 && isCatalogueCode(error.code)) {
    const params: Record<string, string | number> = { supportEmail: email, ...error.params };
    const complete = (errorPlaceholders[error.code] ?? []).every((name) => name in params);
    if (complete) return t(`errors:${error.code}`, params);
  }
  return error.messages.join(', ');
}
