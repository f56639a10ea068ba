import { describe, expect, it } from 'vitest';
import { isOneOf, keysOf, nameOfCode } from './enum-helpers.ts';
import { WALLET_STATUS } from './wallets.ts';

describe('enum helpers', () => {
  it('lists keys in declaration order', () => {
    expect(keysOf(WALLET_STATUS)).toEqual(['closed', 'active', 'disabled']);
  });
  it('finds the name of a code and nothing for unknown codes', () => {
    expect(nameOfCode(WALLET_STATUS, 2)).toBe('disabled');
    expect(nameOfCode(WALLET_STATUS, 7)).toBeUndefined();
  });
  it('narrows to list members, case-sensitively', () => {
    const list = ['PENDING', 'ACCEPTED'] as const;
    expect(isOneOf(list, 'PENDING')).toBe(true);
    expect(isOneOf(list, 'pending')).toBe(false);
    expect(isOneOf(list, 1)).toBe(false);
  });
});
