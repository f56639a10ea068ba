/**
 * The ~40 interface languages (spec §1), shown by their native names. Only TRANSLATED_LANGUAGES have
 * translation files; the others fall back to English text but format dates and numbers in their own locale.
 */
export interface LanguageDef {
  /** i18next language code and the value kept in local storage. */
  code: string;
  nativeName: string;
  /** BCP 47 tag for Intl (numbers, dates). */
  intl: string;
  /** dayjs locale file (Mantine dates, relative times). */
  loadDayjs: () => Promise<unknown>;
  rtl?: boolean;
}

export const LANGUAGES: readonly LanguageDef[] = [
  { code: 'en-gb', nativeName: 'English (UK)', intl: 'en-GB', loadDayjs: () => import('dayjs/locale/en-gb') },
  { code: 'ru', nativeName: 'Русский', intl: 'ru-RU', loadDayjs: () => import('dayjs/locale/ru') },
  { code: 'de', nativeName: 'Deutsch', intl: 'de-DE', loadDayjs: () => import('dayjs/locale/de') },
  { code: 'fr', nativeName: 'Français', intl: 'fr-FR', loadDayjs: () => import('dayjs/locale/fr') },
  { code: 'es', nativeName: 'Español', intl: 'es-ES', loadDayjs: () => import('dayjs/locale/es') },
  { code: 'it', nativeName: 'Italiano', intl: 'it-IT', loadDayjs: () => import('dayjs/locale/it') },
  { code: 'pt', nativeName: 'Português', intl: 'pt-PT', loadDayjs: () => import('dayjs/locale/pt') },
  { code: 'nl', nativeName: 'Nederlands', intl: 'nl-NL', loadDayjs: () => import('dayjs/locale/nl') },
  { code: 'pl', nativeName: 'Polski', intl: 'pl-PL', loadDayjs: () => import('dayjs/locale/pl') },
  { code: 'cs', nativeName: 'Čeština', intl: 'cs-CZ', loadDayjs: () => import('dayjs/locale/cs') },
  { code: 'sk', nativeName: 'Slovenčina', intl: 'sk-SK', loadDayjs: () => import('dayjs/locale/sk') },
  { code: 'hu', nativeName: 'Magyar', intl: 'hu-HU', loadDayjs: () => import('dayjs/locale/hu') },
  { code: 'ro', nativeName: 'Română', intl: 'ro-RO', loadDayjs: () => import('dayjs/locale/ro') },
  { code: 'bg', nativeName: 'Български', intl: 'bg-BG', loadDayjs: () => import('dayjs/locale/bg') },
  { code: 'el', nativeName: 'Ελληνικά', intl: 'el-GR', loadDayjs: () => import('dayjs/locale/el') },
  { code: 'sv', nativeName: 'Svenska', intl: 'sv-SE', loadDayjs: () => import('dayjs/locale/sv') },
  { code: 'da', nativeName: 'Dansk', intl: 'da-DK', loadDayjs: () => import('dayjs/locale/da') },
  { code: 'fi', nativeName: 'Suomi', intl: 'fi-FI', loadDayjs: () => import('dayjs/locale/fi') },
  { code: 'no', nativeName: 'Norsk', intl: 'nb-NO', loadDayjs: () => import('dayjs/locale/nb') },
  { code: 'et', nativeName: 'Eesti', intl: 'et-EE', loadDayjs: () => import('dayjs/locale/et') },
  { code: 'lv', nativeName: 'Latviešu', intl: 'lv-LV', loadDayjs: () => import('dayjs/locale/lv') },
  { code: 'lt', nativeName: 'Lietuvių', intl: 'lt-LT', loadDayjs: () => import('dayjs/locale/lt') },
  { code: 'uk', nativeName: 'Українська', intl: 'uk-UA', loadDayjs: () => import('dayjs/locale/uk') },
  { code: 'tr', nativeName: 'Türkçe', intl: 'tr-TR', loadDayjs: () => import('dayjs/locale/tr') },
  { code: 'ar', nativeName: 'العربية', intl: 'ar', loadDayjs: () => import('dayjs/locale/ar'), rtl: true },
  { code: 'he', nativeName: 'עברית', intl: 'he-IL', loadDayjs: () => import('dayjs/locale/he'), rtl: true },
  { code: 'zh', nativeName: '中文（简体）', intl: 'zh-CN', loadDayjs: () => import('dayjs/locale/zh-cn') },
  { code: 'ja', nativeName: '日本語', intl: 'ja-JP', loadDayjs: () => import('dayjs/locale/ja') },
  { code: 'ko', nativeName: '한국어', intl: 'ko-KR', loadDayjs: () => import('dayjs/locale/ko') },
  { code: 'hi', nativeName: 'हिन्दी', intl: 'hi-IN', loadDayjs: () => import('dayjs/locale/hi') },
  { code: 'th', nativeName: 'ไทย', intl: 'th-TH', loadDayjs: () => import('dayjs/locale/th') },
  { code: 'vi', nativeName: 'Tiếng Việt', intl: 'vi-VN', loadDayjs: () => import('dayjs/locale/vi') },
  { code: 'id', nativeName: 'Bahasa Indonesia', intl: 'id-ID', loadDayjs: () => import('dayjs/locale/id') },
  { code: 'ms', nativeName: 'Bahasa Melayu', intl: 'ms-MY', loadDayjs: () => import('dayjs/locale/ms') },
  { code: 'hr', nativeName: 'Hrvatski', intl: 'hr-HR', loadDayjs: () => import('dayjs/locale/hr') },
  { code: 'sl', nativeName: 'Slovenščina', intl: 'sl-SI', loadDayjs: () => import('dayjs/locale/sl') },
  { code: 'sr', nativeName: 'Српски', intl: 'sr-RS', loadDayjs: () => import('dayjs/locale/sr') },
  { code: 'sq', nativeName: 'Shqip', intl: 'sq-AL', loadDayjs: () => import('dayjs/locale/sq') },
  { code: 'mk', nativeName: 'Македонски', intl: 'mk-MK', loadDayjs: () => import('dayjs/locale/mk') },
  { code: 'ka', nativeName: 'ქართული', intl: 'ka-GE', loadDayjs: () => import('dayjs/locale/ka') },
];

export const DEFAULT_LANGUAGE = 'en-gb';
/** Languages with complete translation files (the locales test keeps their keys equal to en-gb). */
export const TRANSLATED_LANGUAGES = ['en-gb', 'ru', 'pl', 'de'] as const;

/** Whether a language has its own texts; the others show English texts with their own dates and numbers. */
export const isTranslated = (code: string): boolean =>
  (TRANSLATED_LANGUAGES as readonly string[]).includes(code);

/**
 * The language pickers' two groups (issue 36: an honest picker): the fully translated languages first,
 * then those that only format dates and numbers, so nobody chooses a translation that is not there.
 */
export function languageGroups(): { translated: LanguageDef[]; formatOnly: LanguageDef[] } {
  return {
    translated: LANGUAGES.filter((language) => isTranslated(language.code)),
    formatOnly: LANGUAGES.filter((language) => !isTranslated(language.code)),
  };
}

export const findLanguage = (code: string | null | undefined): LanguageDef | undefined =>
  LANGUAGES.find((language) => language.code === code?.toLowerCase());

export type TextDirection = 'ltr' | 'rtl';

/**
 * Writing direction of a language: Arabic and Hebrew lay the interface out right to left, keyed by
 * the chosen language even while their text falls back to English (layout follows the reader).
 */
export const directionOf = (code: string | null | undefined): TextDirection =>
  findLanguage(code)?.rtl ? 'rtl' : 'ltr';

/** dayjs names some locales differently from our codes. */
export const dayjsLocaleName = (code: string): string => ({ no: 'nb', zh: 'zh-cn' })[code] ?? code;
