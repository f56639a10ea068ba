import { errorCatalogue, isErrorCode, LOGIN_BLOCK_MINUTES } from '@portal/domain';
import type { TFunction } from 'i18next';
import { supportEmail } from '../../shared/api/index.ts';

/**
 * Reasons the server records in the history that are not answers of a call, so the error catalogue
 * does not hold them; their labels live in `securityHistory:errors.<code>`.
 */
export const HISTORY_ONLY_CODES = ['WRONG_CODE', 'REPLAYED_CODE'] as const;
type HistoryOnlyCode = (typeof HISTORY_ONLY_CODES)[number];
const isHistoryOnly = (code: string): code is HistoryOnlyCode =>
  (HISTORY_ONLY_CODES as readonly string[]).includes(code);

const placeholders = (template: string): string[] =>
  [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');

/** The `errors` cell of a history record: catalogue codes as `errors:<CODE>` in the user's language. */
export function historyErrorTexts(errors: string, t: TFunction): { code: string; text: string }[] {
  const params: Record<string, string | number> = {
    supportEmail: supportEmail(),
    minutes: LOGIN_BLOCK_MINUTES,
  };
  return errors
    .split(/[,;\s]+/)
    .filter(Boolean)
    .map((code) => {
      if (isHistoryOnly(code)) return { code, text: t(`securityHistory:errors.${code}`) };
      if (isErrorCode(code) && placeholders(errorCatalogue[code].message).every((name) => name in params))
        return { code, text: t(`errors:${code}`, params) };
      return { code, text: t('securityHistory:errors.unknown', { code }) };
    });
}
