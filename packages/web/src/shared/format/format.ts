import {
  type DateInput,
  formatDate as formatDateIn,
  formatDateTime as formatDateTimeIn,
} from '@portal/domain';

/**
 * The one formatting module of the browser app (issue 19): money, dates, sort codes, account
 * numbers and IBANs look the same in forms, lists, details and dialogs. The functions live in the
 * domain package (`formats/display.ts`), where the server's mails and PDFs use the very same code;
 * here dates and times are bound to the browser's time zone (the user's).
 */
export {
  formatAccountNumber,
  formatAmount,
  formatBankCode,
  formatIban,
  formatMinorAmount,
  formatNumber,
  formatSortCode,
  isNegativeAmount,
  isZeroAmount,
  minorOf,
} from '@portal/domain';

let timeZone: string | undefined;

/**
 * The browser's IANA time zone (the user's), so lists and details show the same clock time. Read once
 * per page: asking built a whole date formatter for every date shown.
 */
export const userTimeZone = (): string => {
  timeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return timeZone;
};

/** Date and time, medium, in the user's time zone: `23 Nov 2026, 14:05`. */
export const formatDateTime = (value: DateInput | null | undefined, locale: string): string =>
  formatDateTimeIn(value, locale, userTimeZone());

/** A date: a plain calendar date as that day anywhere, an instant as its day in the user's time zone. */
export const formatDate = (value: DateInput | null | undefined, locale: string): string =>
  formatDateIn(value, locale, userTimeZone());

/** A size in bytes, kB or MB in the locale (`1.5 MB`): downloads in progress and done. */
export function formatBytes(bytes: number, locale: string): string {
  const [value, unit] =
    bytes >= 1_048_576
      ? [bytes / 1_048_576, 'megabyte']
      : bytes >= 1024
        ? [bytes / 1024, 'kilobyte']
        : [bytes, 'byte'];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 'byte' ? 0 : 1,
  }).format(value);
}
