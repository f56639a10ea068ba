import { errorCatalogue } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { TRANSLATED_LANGUAGES } from './languages.ts';
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

  it.each(
    NAMESPACES,
  )('%s: en-gb and ru have the same keys, non-empty, with the same placeholders', (namespace) => {
    const en = leaves(load('en-gb', namespace) ?? {});
    const ru = leaves(load('ru', namespace) ?? {});
    expect(
      [...ru.keys()].filter((key) => !en.has(key)),
      'keys only in ru',
    ).toEqual([]);
    expect(
      [...en.keys()].filter((key) => !ru.has(key)),
      'keys only in en-gb',
    ).toEqual([]);
    for (const [key, text] of en) {
      expect(text.trim(), `en-gb ${namespace}:${key}`).not.toBe('');
      expect(ru.get(key)?.trim(), `ru ${namespace}:${key}`).not.toBe('');
      expect(placeholders(ru.get(key) ?? ''), `placeholders of ${namespace}:${key}`).toEqual(
        placeholders(text),
      );
    }
  });

  it('has an errors entry for every code of the error catalogue, in both languages', () => {
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
