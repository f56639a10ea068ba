import { formatPlainDate, parsePlainDate } from '../dates/plain-date.ts';

/**
 * Date fields of the boarding forms are typed in the user's locale format, day first
 * (dd/mm/yyyy for en-gb, dd.mm.yyyy for ru), not in the browser's native date field whose format
 * follows the operating system. The forms keep and send ISO dates (YYYY-MM-DD).
 */
export type DateFieldSeparator = '/' | '.' | '-';

const DOT_LANGUAGES = new Set(['ru', 'de', 'pl', 'cs', 'sk', 'ro', 'bg', 'fi', 'no', 'et', 'lv', 'uk', 'tr']);
const DASH_LANGUAGES = new Set(['nl', 'da']);

/** The separator of day, month and year in a language's short dates. */
export function dateFieldSeparator(language: string): DateFieldSeparator {
  const base = language.toLowerCase().split('-')[0] ?? '';
  return DOT_LANGUAGES.has(base) ? '.' : DASH_LANGUAGES.has(base) ? '-' : '/';
}

/** Masks typed text: keeps up to 8 digits and puts the separators in ("2108197" → "21/08/197"). */
export function maskDateField(text: string, separator: DateFieldSeparator): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean);
  // A separator typed right after a complete day or month stays, so typing "21/" shows "21/".
  const trailing = /[^\d]$/.test(text) && (digits.length === 2 || digits.length === 4) ? separator : '';
  return parts.join(separator) + trailing;
}

/** "21/08/1979" → "1979-08-21"; null unless the text is a complete real date. */
export function parseDateField(text: string): string | null {
  const match = /^(\d{2})\D(\d{2})\D(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return parsePlainDate(iso) ? iso : null;
}

/** "1979-08-21" → "21/08/1979"; other text is returned as it is. */
export function formatDateField(iso: string, separator: DateFieldSeparator): string {
  const date = parsePlainDate(iso);
  if (!date) return iso;
  const [y, m, d] = formatPlainDate(date).split('-');
  return [d, m, y].join(separator);
}
