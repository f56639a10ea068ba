export { useFormatters } from './format.ts';
export { currentLanguage, i18n, i18nReady, intlLocale, LANGUAGE_STORAGE_KEY, setLanguage } from './i18n.ts';
export {
  DEFAULT_LANGUAGE,
  dayjsLocaleName,
  findLanguage,
  LANGUAGES,
  type LanguageDef,
  TRANSLATED_LANGUAGES,
} from './languages.ts';
export { type Namespace, NAMESPACES } from './namespaces.ts';
