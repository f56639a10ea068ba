import { BOARDING_FIELD_ERROR_CODES, fieldError } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { TRANSLATED_LANGUAGES } from '../i18n/languages.ts';
import { translateFieldError } from './field-message.ts';

type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<Tree>('../../locales/*/errors.json', { eager: true, import: 'default' });
const fieldTexts = (language: string) =>
  (files[`../../locales/${language}/errors.json`]?.field ?? {}) as Record<string, string>;

describe('boarding field errors (issue 16: codes, translated by the browser)', () => {
  it.each(TRANSLATED_LANGUAGES)('%s has a translation of every field error code', (language) => {
    const texts = fieldTexts(language);
    const missing = BOARDING_FIELD_ERROR_CODES.filter((code) => !texts[code]?.trim());
    expect(missing, `${language}/errors.json field.*`).toEqual([]);
    const stray = Object.keys(texts).filter(
      (code) => !(BOARDING_FIELD_ERROR_CODES as readonly string[]).includes(code),
    );
    expect(stray, `${language}/errors.json field.* without a code`).toEqual([]);
  });

  it('translates a code with its parameters and keeps anything else as it came', () => {
    const t = ((key: string, params?: Record<string, string>) =>
      `${key}|${JSON.stringify(params ?? {})}`) as never;
    expect(translateFieldError(t, fieldError('TOO_LONG', { max: 200 }))).toBe(
      'errors:field.TOO_LONG|{"max":"200"}',
    );
    expect(translateFieldError(t, 'REQUIRED')).toBe('errors:field.REQUIRED|{}');
    expect(translateFieldError(t, undefined)).toBeUndefined();
    expect(translateFieldError(t, 'Server said no')).toBe('Server said no');
  });
});
