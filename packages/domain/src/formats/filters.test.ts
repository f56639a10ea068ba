import { describe, expect, it } from 'vitest';
import { normalizeFilter } from './filters.ts';

describe('normalizeFilter (spec §5)', () => {
  it.each([
    ['payee', 'Acme*Ltd', 'Acme%Ltd', false],
    ['payee', '*smith*', '%smith%', false],
    ['iban_number', 'gb82 west 1234 5698 7654 32', 'GB82WEST12345698765432', true],
    ['iban_number', 'LT12 1000 0111 0100 1000', 'LT121000011101001000', true],
    ['iban_number', 'GB82 WEST*', 'GB82WEST%', false],
    ['iban_number', 'GB82WEST1234569876543', 'GB82WEST1234569876543', false],
    ['iban_number', 'DE89370400440532013000', 'DE89370400440532013000', false],
    ['iban_number', 'GB82WEST1234569876543*', 'GB82WEST1234569876543%', false],
    ['reference', 'GB82WEST12345698765432', 'GB82WEST12345698765432', true],
    ['payee', 'John Smith', 'John Smith', false],
  ])('%s %j → %j, page 1: %s', (param, value, normalized, forcePageOne) => {
    expect(normalizeFilter(param, value)).toEqual({ value: normalized, forcePageOne });
  });
});
