import { errorCatalogue } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { findLanguage, TRANSLATED_LANGUAGES } from './languages.ts';
import { NAMESPACES } from './namespaces.ts';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('../../locales/*/*.json', { eager: true, import: 'default' });

const load = (language: string, namespace: string): Tree | undefined =>
  files[`../../locales/${language}/${namespace}.json`];

/** Dot paths of all leaves; i18next plural suffixes are dropped since languages have different plural forms. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path.replace(/_(zero|one|two|few|many|other)$/, ''), value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Dot paths of all leaves, plural suffixes kept. */
function rawKeys(tree: Tree, prefix = ''): Set<string> {
  const out = new Set<string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.add(path);
    else for (const k of rawKeys(value, path)) out.add(k);
  }
  return out;
}

describe('locale files', () => {
  it('has a file for every namespace in every translated language, and no stray files', () => {
    for (const language of TRANSLATED_LANGUAGES)
      for (const namespace of NAMESPACES)
        expect(load(language, namespace), `${language}/${namespace}`).toBeDefined();
    for (const path of Object.keys(files)) {
      const [, language, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
      expect(TRANSLATED_LANGUAGES as readonly string[], path).toContain(language);
      expect(NAMESPACES as readonly string[], path).toContain(namespace);
    }
  });

  const others = TRANSLATED_LANGUAGES.filter((language) => language !== 'en-gb');
  const cases = others.flatMap((language) => NAMESPACES.map((namespace) => [language, namespace] as const));

  it.each(
    cases,
  )('%s/%s has the keys of en-gb, non-empty, with the same placeholders', (language, namespace) => {
    const en = leaves(load('en-gb', namespace) ?? {});
    const other = leaves(load(language, namespace) ?? {});
    expect(
      [...other.keys()].filter((key) => !en.has(key)),
      `keys only in ${language}`,
    ).toEqual([]);
    expect(
      [...en.keys()].filter((key) => !other.has(key)),
      `keys missing in ${language}`,
    ).toEqual([]);
    for (const [key, text] of en) {
      expect(text.trim(), `en-gb ${namespace}:${key}`).not.toBe('');
      expect(other.get(key)?.trim(), `${language} ${namespace}:${key}`).not.toBe('');
      expect(placeholders(other.get(key) ?? ''), `placeholders of ${language} ${namespace}:${key}`).toEqual(
        placeholders(text),
      );
    }
  });

  // i18next picks the plural form by Intl.PluralRules of the language: a missing form (Polish "few",
  // "many") would silently show the English fallback for 2-4 or 5+ items.
  it.each(
    TRANSLATED_LANGUAGES,
  )('%s has every plural form its language needs, for every plural text', (language) => {
    const intl = findLanguage(language)?.intl ?? language;
    const needed = new Intl.PluralRules(intl).resolvedOptions().pluralCategories.filter((c) => c !== 'zero');
    const missing: string[] = [];
    for (const namespace of NAMESPACES) {
      const raw = rawKeys(load(language, namespace) ?? {});
      const bases = new Set(
        [...rawKeys(load('en-gb', namespace) ?? {})]
          .filter((key) => PLURAL.test(key))
          .map((key) => key.replace(PLURAL, '')),
      );
      for (const base of bases)
        for (const form of needed)
          if (!raw.has(`${base}_${form}`)) missing.push(`${namespace}:${base}_${form}`);
    }
    expect(missing).toEqual([]);
  });

  it('has an errors entry for every code of the error catalogue, in every translated language', () => {
    for (const language of TRANSLATED_LANGUAGES) {
      const errors = leaves(load(language, 'errors') ?? {});
      const missing = Object.keys(errorCatalogue).filter((code) => !errors.has(code));
      expect(missing, `${language}/errors.json`).toEqual([]);
    }
  });

  it('keeps the catalogue placeholders in every error translation', () => {
    for (const language of TRANSLATED_LANGUAGES) {
      const errors = leaves(load(language, 'errors') ?? {});
      for (const [code, def] of Object.entries(errorCatalogue))
        expect(placeholders(errors.get(code) ?? ''), `${language} errors:${code}`).toEqual(
          placeholders(def.message),
        );
    }
  });

  it('uses the catalogue text as the English error message', () => {
    const errors = leaves(load('en-gb', 'errors') ?? {});
    for (const [code, def] of Object.entries(errorCatalogue))
      expect(errors.get(code), code).toBe(def.message);
  });
});
