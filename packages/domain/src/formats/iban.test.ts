import { describe, expect, it } from 'vitest';
import {
  ibanCountry,
  isInternalIban,
  isSepaIban,
  normalizeIban,
  validateIban,
  validateIbanForMethod,
} from './iban.ts';

const VALID = [
  'GB82WEST12345698765432',
  'DE89370400440532013000',
  'FR1420041010050500013M02606',
  'LT121000011101001000',
  'NL91ABNA0417164300',
  'UA213223130000026007233566001',
  'MD24AG000225100013104168',
];

describe('validateIban', () => {
  it.each(VALID)('accepts %s', (iban) => {
    expect(validateIban(iban)).toBeNull();
  });

  it('accepts grouped and lowercase input', () => {
    expect(validateIban('gb82 west 1234 5698 7654 32')).toBeNull();
    expect(normalizeIban(' de89 3704-0044 0532 0130 00 ')).toBe('DE89370400440532013000');
  });

  it.each([
    ['', 'IBAN_REQUIRED'],
    ['GB82WEST12345698765431', 'IBAN_BAD_CHECKSUM'],
    ['DE89370400440532013001', 'IBAN_BAD_CHECKSUM'],
    ['NL91ABNA0417164301', 'IBAN_BAD_CHECKSUM'],
    ['GB82WEST1234569876543', 'IBAN_WRONG_LENGTH'],
    ['LT1210000111010010001', 'IBAN_WRONG_LENGTH'],
    ['XX82WEST12345698765432', 'IBAN_BAD_COUNTRY'],
    ['US12345678901234567890', 'IBAN_BAD_COUNTRY'],
    ['GB82WEST1234569876543X', 'IBAN_BAD_FORMAT'],
    ['GB82/WEST12345698765432', 'IBAN_BAD_CHARACTERS'],
  ])('%j → %s', (iban, error) => {
    expect(validateIban(iban)).toBe(error);
  });
});

describe('internal IBANs (spec §9)', () => {
  it.each([
    ['GB94CLRB00997112345678', true],
    ['GB82MODR04130700000001', true],
    ['GB29MODR04130800000001', true],
    ['GB82WEST12345698765432', false],
    ['LT643950000000000001', true],
    ['LT963950100000000002', true],
    ['LT121000011101001000', false],
    ['DE89370400440532013000', false],
  ])('%s internal: %s', (iban, internal) => {
    expect(isInternalIban(iban)).toBe(internal);
    // The vectors are real-shaped IBANs with correct check digits, not just prefixes.
    expect(validateIban(iban)).toBeNull();
  });
});

describe('validateIbanForMethod', () => {
  it.each([
    ['DE89370400440532013000', 'SEPA', null],
    ['FR1420041010050500013M02606', 'SEPA_INSTANT', null],
    ['GB82WEST12345698765432', 'SEPA', null],
    ['UA213223130000026007233566001', 'SEPA', 'IBAN_NOT_SEPA'],
    ['GB82WEST12345698765432', 'FPS', null],
    ['DE89370400440532013000', 'CHAPS', 'IBAN_COUNTRY_NOT_ALLOWED'],
    ['UA213223130000026007233566001', 'SWIFT', null],
    ['UA213223130000026007233566001', 'UA_SYSTEM', null],
    ['MD24AG000225100013104168', 'MD_SYSTEM', null],
    ['MD24AG000225100013104168', 'UA_SYSTEM', 'IBAN_COUNTRY_NOT_ALLOWED'],
    ['GB82WEST12345698765431', 'SWIFT', 'IBAN_BAD_CHECKSUM'],
    ['GB82WEST12345698765432', 'INTERNAL', 'IBAN_NOT_INTERNAL'],
    ['LT643950000000000001', 'INTERNAL', null],
    ['GB82WEST12345698765432', 'ACH', 'IBAN_NOT_USED_BY_METHOD'],
  ] as const)('%s by %s → %s', (iban, method, error) => {
    expect(validateIbanForMethod(iban, method)).toBe(error);
  });

  it('knows SEPA countries and reads the country', () => {
    expect(isSepaIban('NL91ABNA0417164300')).toBe(true);
    expect(isSepaIban('MD24AG000225100013104168')).toBe(false);
    expect(ibanCountry('lt12 1000 0111 0100 1000')).toBe('LT');
  });
});
