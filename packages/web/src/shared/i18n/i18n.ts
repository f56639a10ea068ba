import dayjs from 'dayjs';
import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, dayjsLocaleName, findLanguage, type LanguageDef } from './languages.ts';
import { NAMESPACES } from './namespaces.ts';

export const LANGUAGE_STORAGE_KEY = 'ui_language';

// Both translated locales are small; bundling them avoids a loading flash on every page.
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

function buildResources(): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match?.[1] || !match[2]) continue;
    const [, language, namespace] = match;
    resources[language] ??= {};
    (resources[language] as Record<string, unknown>)[namespace] = content;
  }
  return resources;
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
  try {
    await language.loadDayjs();
    dayjs.locale(dayjsLocaleName(language.code));
  } catch {
    dayjs.locale('en');
  }
  const translated = i18n.hasResourceBundle(language.code, 'common');
  document.documentElement.lang = language.intl;
  // Right-to-left only when the text itself is translated; English fallback text reads left to right.
  document.documentElement.dir = language.rtl && translated ? 'rtl' : 'ltr';
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
  await applyLocale(language.code);
  await i18n.changeLanguage(language.code);
}

export const i18nReady = i18n.use(initReactI18next).init({
  resources: buildResources(),
  lng: storedLanguage(),
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
});

void i18nReady.then(() => applyLocale(i18n.language));

export { i18n };
