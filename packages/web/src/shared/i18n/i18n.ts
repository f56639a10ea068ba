import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  dayjsLocaleName,
  directionOf,
  findLanguage,
  type LanguageDef,
} from './languages.ts';
import { isStartNamespace, NAMESPACES } from './namespaces.ts';

export const LANGUAGE_STORAGE_KEY = 'ui_language';

// Translations load per language on demand, in two chunks per language (vite.config.ts manualChunks):
// the namespaces the first screen needs (login, header, menu, errors: START_NAMESPACES), fetched before
// the first render, and the rest, fetched when a screen beyond the login loads (`loadAllTranslations`,
// awaited by the router's lazy pages) or when the user switches language.
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { import: 'default' });

function filesOf(
  language: string,
  part: 'start' | 'all',
): [namespace: string, load: () => Promise<Record<string, unknown>>][] {
  const out: [string, () => Promise<Record<string, unknown>>][] = [];
  for (const [path, load] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match?.[1] !== language || !match[2]) continue;
    if (part === 'start' && !isStartNamespace(match[2])) continue;
    out.push([match[2], load]);
  }
  return out;
}

const loading = new Map<string, Promise<void>>();

/** Loads (once) the translation files of a language into i18next; languages without files resolve at once. */
function loadLanguage(language: string, part: 'start' | 'all' = 'all'): Promise<void> {
  const key = `${language}:${part}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = Promise.all(
      filesOf(language, part).map(async ([namespace, load]) => {
        i18n.addResourceBundle(language, namespace, await load(), true, true);
      }),
    ).then(() => undefined);
    loading.set(key, pending);
  }
  return pending;
}

/** The language whose files are used: the chosen one when translated, English otherwise. */
const filesLanguage = (code: string): string => (filesOf(code, 'all').length > 0 ? code : DEFAULT_LANGUAGE);

/**
 * Loads every namespace of the current language (the first render has only START_NAMESPACES).
 * The router's lazy pages await it with their code, so no screen shows a missing key.
 */
export function loadAllTranslations(): Promise<void> {
  return i18nReady.then(() => loadLanguage(filesLanguage(i18n.language)));
}

function storedLanguage(): string {
  try {
    return findLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY))?.code ?? DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export const currentLanguage = (): LanguageDef =>
  findLanguage(i18n.resolvedLanguage ?? i18n.language) ??
  findLanguage(i18n.language) ??
  (findLanguage(DEFAULT_LANGUAGE) as LanguageDef);

/** Intl tag of the chosen language (numbers and dates follow it even when the text falls back to English). */
export const intlLocale = (): string => findLanguage(i18n.language)?.intl ?? 'en-GB';

async function applyLocale(code: string): Promise<void> {
  const language = findLanguage(code);
  if (!language) return;
  // dayjs serves the date pickers and relative times of later screens: it loads beside its locale file
  // (which imports it anyway) instead of travelling in the first chunk.
  const [{ default: dayjs }, hasLocale] = await Promise.all([
    import('dayjs'),
    language.loadDayjs().then(
      () => true,
      () => false,
    ),
  ]);
  dayjs.locale(hasLocale ? dayjsLocaleName(language.code) : 'en');
  document.documentElement.lang = language.intl;
  // Arabic and Hebrew: right to left (the app providers mirror it into Mantine's DirectionProvider).
  document.documentElement.dir = directionOf(language.code);
}

/** Changes the interface language and remembers it (spec §9: local storage). */
export async function setLanguage(code: string): Promise<void> {
  const language = findLanguage(code);
  if (!language) return;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language.code);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
  await loadLanguage(filesLanguage(language.code));
  await applyLocale(language.code);
  await i18n.changeLanguage(language.code);
}

const initialLanguage = storedLanguage();

export const i18nReady = i18n
  .use(initReactI18next)
  .init({
    resources: {},
    // Bundles arrive through loadLanguage; without this i18next would think the language is complete.
    partialBundledLanguages: true,
    lng: initialLanguage,
    fallbackLng: DEFAULT_LANGUAGE,
    lowerCaseLng: true,
    load: 'currentOnly',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    fallbackNS: 'common',
    returnNull: false,
    // Single braces, as in the error catalogue of the domain package (`{supportEmail}`).
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    react: { useSuspense: false },
    // i18next 25 otherwise prints an advertisement to every visitor's browser console on each load.
    showSupportNotice: false,
  })
  // A translated language is complete (the locales test keeps its keys equal to English), so the
  // English fallback is fetched only for the languages without files of their own. The dayjs locale
  // loads at the same time (a round trip less before the first render).
  .then(() => Promise.all([loadLanguage(filesLanguage(i18n.language), 'start'), applyLocale(i18n.language)]))
  .then(() => undefined);

export { i18n };
