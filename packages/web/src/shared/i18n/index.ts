export {
  currentLanguage,
  i18n,
  i18nReady,
  intlLocale,
  LANGUAGE_STORAGE_KEY,
  loadAllTranslations,
  setLanguage,
} from './i18n.ts';
export {
  DEFAULT_LANGUAGE,
  dayjsLocaleName,
  directionOf,
  findLanguage,
  isTranslated,
  LANGUAGES,
  languageGroups,
  type LanguageDef,
  TRANSLATED_LANGUAGES,
} from './languages.ts';
export { isStartNamespace, type Namespace, NAMESPACES, START_NAMESPACES } from './namespaces.ts';
