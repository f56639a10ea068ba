import {
  type DateInput,
  formatAccountNumber,
  formatAmount,
  formatBankCode,
  formatDate,
  formatDateTime,
  formatIban,
  formatMinorAmount,
  formatSortCode,
} from '@portal/domain';

/**
 * The one formatting of figures in mails (issue 19). Every mail the server sends writes amounts,
 * dates, times, sort codes, account numbers and IBANs through {@link mailFormat}, which binds the
 * domain's display functions (the same code the browser uses) to the recipient's language and,
 * where the recipient has one, time zone. Without a time zone, times are in UTC and say so.
 */
export type MailLanguage = 'en-gb' | 'ru';

/** The mail language of a profile language: Russian for 'ru', British English otherwise. */
export const mailLanguage = (uiLanguage: string | null | undefined): MailLanguage =>
  uiLanguage === 'ru' ? 'ru' : 'en-gb';

export const MAIL_LOCALE: Record<MailLanguage, string> = { 'en-gb': 'en-GB', ru: 'ru-RU' };

export interface MailFormat {
  lang: MailLanguage;
  locale: string;
  /** Minor units (bigint or its decimal text) as money: '€1,234,567.89', '1 234 567,89 €'. */
  money(minor: bigint | string, currency: string): string;
  /** A decimal amount as the API writes it ('1234.5') as money, exact. */
  amount(decimal: string | null | undefined, currency: string): string;
  /** An instant with its zone named: '11 Mar 2026, 08:05 UTC', '11 мар. 2026 г., 11:05 (Europe/Moscow)'. */
  dateTime(at: DateInput): string;
  /** A calendar day ('2026-03-11' → '11 Mar 2026'), or an instant's day in the zone. */
  date(value: DateInput): string;
  /** A range of calendar days: '1 Oct 2026 – 31 Oct 2026'. */
  period(from: DateInput, to: DateInput): string;
  iban(value: string | null | undefined): string;
  sortCode(value: string | null | undefined): string;
  /** A 6-digit UK sort code as 20-20-15, other bank codes as given. */
  bankCode(value: string | null | undefined): string;
  accountNumber(value: string | null | undefined): string;
}

/** Valid IANA zone or undefined (a bad stored value falls back to UTC rather than failing a mail). */
function zoneOrUtc(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

export function mailFormat(lang: MailLanguage, timeZone?: string | null): MailFormat {
  const locale = MAIL_LOCALE[lang];
  const zone = zoneOrUtc(timeZone);
  const utc = !zone || zone === 'UTC' || zone === 'Etc/UTC';
  return {
    lang,
    locale,
    money: (minor, currency) =>
      formatMinorAmount(typeof minor === 'bigint' ? minor : BigInt(minor), currency, locale),
    amount: (decimal, currency) => formatAmount(decimal, currency, locale),
    dateTime: (at) => {
      const text = formatDateTime(at, locale, zone ?? 'UTC');
      if (text === '—') return text;
      return utc ? `${text} UTC` : `${text} (${zone})`;
    },
    date: (value) => formatDate(value, locale, zone ?? 'UTC'),
    period: (from, to) =>
      `${formatDate(from, locale, zone ?? 'UTC')} – ${formatDate(to, locale, zone ?? 'UTC')}`,
    iban: formatIban,
    sortCode: formatSortCode,
    bankCode: formatBankCode,
    accountNumber: formatAccountNumber,
  };
}
