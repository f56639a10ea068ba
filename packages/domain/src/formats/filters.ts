import { PROVIDER_IBAN_LENGTHS } from '../enums/constants.ts';

/** Result of normalizing a list filter value. */
export interface NormalizedFilter {
  value: string;
  /** The value is a full provider IBAN, an exact search: the list must go back to page 1. */
  forcePageOne: boolean;
}

/** Filter parameters whose values are IBANs, where spaces are only grouping. */
const IBAN_FILTER_PARAMS = new Set(['iban_number']);

/**
 * Filter input rules of spec §5: '*' wildcards become SQL '%'; spaces are removed from
 * iban_number (and it is uppercased, as stored IBANs are); a GB value of 22 characters or an
 * LT value of 20 without wildcards is a full IBAN and forces page 1.
 */
export function normalizeFilter(param: string, value: string): NormalizedFilter {
  let normalized = value.trim().replace(/\*/g, '%');
  if (IBAN_FILTER_PARAMS.has(param)) normalized = normalized.replace(/\s/g, '').toUpperCase();
  return { value: normalized, forcePageOne: isFullProviderIban(normalized) };
}

function isFullProviderIban(value: string): boolean {
  if (!/^[A-Za-z]{2}[A-Za-z0-9]+$/.test(value)) return false;
  const country = value.slice(0, 2).toUpperCase();
  return (
    (country === 'GB' && value.length === PROVIDER_IBAN_LENGTHS.GB) ||
    (country === 'LT' && value.length === PROVIDER_IBAN_LENGTHS.LT)
  );
}
