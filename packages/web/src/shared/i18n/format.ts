import { useTranslation } from 'react-i18next';
import { findLanguage } from './languages.ts';

/** Date and number formatting in the chosen language's locale (Intl), independent of text fallback. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const locale = findLanguage(i18n.language)?.intl ?? 'en-GB';
  return {
    locale,
    dateTime: (value: string | number | Date) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)),
    date: (value: string | number | Date) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(value)),
    number: (value: number, options?: Intl.NumberFormatOptions) =>
      new Intl.NumberFormat(locale, options).format(value),
  };
}
