import { z } from 'zod';
import { fieldError } from './field-errors.ts';

/**
 * Spec §5: all boarding information is in English. We accept Latin script (Basic Latin,
 * Latin-1 and Latin Extended-A/B, so names such as Müller or Łukasz stay writable) and refuse
 * other scripts (Cyrillic, Greek, CJK …), which is what a reviewer reading English needs.
 */

export const NOT_ENGLISH_MESSAGE = fieldError('NOT_ENGLISH');

export function isEnglishText(value: string): boolean {
  for (const ch of value) if ((ch.codePointAt(0) ?? 0) > 0x24f && /\p{L}/u.test(ch)) return false;
  return true;
}

/** A trimmed free-text field in English with a maximum length. */
export const englishText = (max: number) =>
  z.string().trim().max(max, fieldError('TOO_LONG', { max })).refine(isEnglishText, NOT_ENGLISH_MESSAGE);

/** A required English text field. */
export const requiredEnglish = (max: number) =>
  englishText(max).pipe(z.string().min(1, fieldError('REQUIRED')));

/** ISO 3166-1 alpha-2 country code. */
export const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, fieldError('COUNTRY_INVALID'));

/** Calendar date as YYYY-MM-DD (checked further by the date rules of the domain). */
export const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, fieldError('DATE_FORMAT'));

/** URL format of spec §5: http(s)://example.com. */
export const webUrl = z
  .string()
  .trim()
  .max(300, fieldError('TOO_LONG', { max: 300 }))
  .regex(/^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{2,5})?(\/\S*)?$/i, fieldError('URL_INVALID'));

/**
 * A percentage with at most two decimals as text ("25", "12.5"); parsed to hundredths of a
 * percent so sums never go through floating point.
 */
export const percentText = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, fieldError('PERCENT_INVALID'));

/** "12.5" → 1250 (hundredths of a percent). */
export function percentToHundredths(value: string): number {
  const [whole = '0', frac = ''] = value.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** 1250 → "12.5". */
export function hundredthsToPercent(value: number): string {
  const whole = Math.trunc(value / 100);
  const frac = String(value % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}
