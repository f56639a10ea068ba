import { useTranslation } from 'react-i18next';
import { findLanguage } from '../i18n/languages.ts';
import {
  formatAccountNumber,
  formatAmount,
  formatBytes,
  formatDate,
  formatDateTime,
  formatIban,
  formatMinorAmount,
  formatNumber,
  formatSortCode,
} from './format.ts';

/** The formatting module bound to the chosen language's locale (Intl), for components. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = findLanguage(i18n.language)?.intl ?? 'en-GB';
  return {
    locale,
    money: (amount: string | null | undefined, currency: string) => formatAmount(amount, currency, locale),
    /** Exact minor units as money text (chart values). */
    minorMoney: (minor: bigint, currency: string) => formatMinorAmount(minor, currency, locale),
    dateTime: (value: string | number | Date | null | undefined) => formatDateTime(value, locale),
    date: (value: string | number | Date | null | undefined) => formatDate(value, locale),
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, locale, options),
    bytes: (bytes: number) => formatBytes(bytes, locale),
    iban: formatIban,
    sortCode: formatSortCode,
    accountNumber: formatAccountNumber,
  };
}
