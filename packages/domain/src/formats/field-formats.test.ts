import { describe, expect, it } from 'vitest';
import {
  cleanPastedValue,
  formatField,
  groupChars,
  PASTE_FIXED_NOTICE,
  stripSeparators,
} from './field-formats.ts';

describe('display formats (spec §5)', () => {
  it.each([
    ['iban', 'GB82WEST12345698765432', 'GB82 WEST 1234 5698 7654 32'],
    ['iban', 'fr1420041010050500013m02606', 'FR14 2004 1010 0505 0001 3M02 606'],
    ['uaIban', 'UA213223130000026007233566001', 'UA 21 322313 0000026007233566001'],
    ['mdAccount', 'MD24AG000225100013104168', 'MD 24 AG 000225100013104168'],
    ['sortCode', '200000', '20-00-00'],
    ['sortCode', '40-47-84', '40-47-84'],
    ['bsb', '062000', '062-000'],
    ['becsBankCode', '802985', '802-985'],
    ['abaRouting', '021000021', '021 000 021'],
    ['swift', 'nwbkgb2lxxx', 'NWBKGB2LXXX'],
    ['cardNumber', '4111 1111 1111 1111', '4111111111111111'],
    ['inn', '7707083893', '7707083893'],
  ] as const)('%s %j → %j', (kind, value, shown) => {
    expect(formatField(kind, value)).toBe(shown);
  });

  it('groups with a repeating last size', () => {
    expect(groupChars('ABCDEFGHIJ', [4], ' ')).toBe('ABCD EFGH IJ');
    expect(groupChars('ABCDEFGHIJ', [1, 2], '-')).toBe('A-BC-DE-FG-HI-J');
    expect(groupChars('ABC', [], ' ')).toBe('ABC');
  });

  it('strips separators before sending', () => {
    expect(stripSeparators('GB82 WEST 1234 5698 7654 32')).toBe('GB82WEST12345698765432');
    expect(stripSeparators('20-00-00')).toBe('200000');
    expect(stripSeparators('021\u00a0000\u2013021')).toBe('021000021');
  });
});

describe('paste cleaning (spec §5)', () => {
  it('exports the notice template', () => {
    expect(PASTE_FIXED_NOTICE).toBe('{field} value fixed after the paste operation');
  });

  it.each([
    ['iban', 'GB82 WEST 1234 5698 7654 32', 'GB82 WEST 1234 5698 7654 32', false],
    ['iban', '  GB82WEST12345698765432 ', 'GB82 WEST 1234 5698 7654 32', false],
    ['iban', 'gb82west12345698765432', 'GB82 WEST 1234 5698 7654 32', true],
    ['iban', 'IBAN: DE89-3704-0044-0532-0130-00.', 'IBAN DE89 3704 0044 0532 0130 00', true],
    ['sortCode', '20-00-00', '20-00-00', false],
    ['sortCode', '20 00 00', '20-00-00', false],
    ['sortCode', '20.00.00', '20-00-00', true],
    ['sortCode', '4047841', '40-47-84', true],
    ['swift', 'deutdeff', 'DEUTDEFF', true],
    ['swift', 'BUKB GB22', 'BUKBGB22', false],
    ['abaRouting', '021-000-021', '021 000 021', true],
    ['cardNumber', '4111-1111-1111-1111', '4111111111111111', true],
    ['bsb', '062-000', '062-000', false],
  ] as const)('%s %j → %j (changed: %s)', (kind, pasted, value, changed) => {
    expect(cleanPastedValue(kind, pasted)).toEqual({ value, changed });
  });

  it('cuts to the maximum length', () => {
    expect(cleanPastedValue('uaIban', 'UA213223130000026007233566001999')).toEqual({
      value: 'UA 21 322313 0000026007233566001',
      changed: true,
    });
  });
});
