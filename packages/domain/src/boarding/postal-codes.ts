import { fieldError } from './field-errors.ts';

/**
 * Postal code patterns per country (spec §5; the spec names only the default of five digits,
 * "00000"). Upper-cased input is matched; countries not listed fall back to the default.
 */
export const POSTAL_CODE_PATTERNS: Readonly<Record<string, RegExp>> = {
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/,
  IE: /^[A-Z]\d[\dW] ?[A-Z\d]{4}$/,
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/,
  PL: /^\d{2}-\d{3}$/,
  LT: /^(LT-)?\d{5}$/,
  LV: /^(LV-)?\d{4}$/,
  NL: /^\d{4} ?[A-Z]{2}$/,
  PT: /^\d{4}-\d{3}$/,
  SE: /^\d{3} ?\d{2}$/,
  CZ: /^\d{3} ?\d{2}$/,
  SK: /^\d{3} ?\d{2}$/,
  GR: /^\d{3} ?\d{2}$/,
  MT: /^[A-Z]{3} ?\d{4}$/,
  JP: /^\d{3}-\d{4}$/,
  BR: /^\d{5}-?\d{3}$/,
  AT: /^\d{4}$/,
  AU: /^\d{4}$/,
  BE: /^\d{4}$/,
  BG: /^\d{4}$/,
  CH: /^\d{4}$/,
  CY: /^\d{4}$/,
  DK: /^\d{4}$/,
  HU: /^\d{4}$/,
  LU: /^(L-)?\d{4}$/,
  NO: /^\d{4}$/,
  SI: /^\d{4}$/,
  NZ: /^\d{4}$/,
  ZA: /^\d{4}$/,
  EE: /^\d{5}$/,
  FI: /^\d{5}$/,
  FR: /^\d{5}$/,
  DE: /^\d{5}$/,
  ES: /^\d{5}$/,
  IT: /^\d{5}$/,
  HR: /^\d{5}$/,
  RO: /^\d{6}$/,
  SG: /^\d{6}$/,
  IN: /^\d{6}$/,
  AE: /^\d{0,6}$/,
  HK: /^\d{0,6}$/,
};

/** Default pattern: five digits (spec §5 "default five zeros"). */
export const DEFAULT_POSTAL_CODE = /^\d{5}$/;

/** Whether `zip` is a valid postal code of `country` (ISO alpha-2). */
export function isValidPostalCode(country: string, zip: string): boolean {
  const pattern = POSTAL_CODE_PATTERNS[country.toUpperCase()] ?? DEFAULT_POSTAL_CODE;
  return pattern.test(zip.trim().toUpperCase());
}

/** Field error of a postal code that does not fit its country. */
export const POSTAL_CODE_MESSAGE = fieldError('POSTAL_CODE_INVALID');
