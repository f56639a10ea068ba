import { describe, expect, it } from 'vitest';
import { postingsBalance } from './ledger.ts';

describe('postingsBalance', () => {
  it('accepts postings that sum to zero per currency', () => {
    expect(
      postingsBalance([
        { currency: 'EUR', amount: -100n },
        { currency: 'EUR', amount: 100n },
        { currency: 'GBP', amount: 85n },
        { currency: 'GBP', amount: -85n },
      ]),
    ).toBe(true);
  });

  it('refuses a currency that does not net to zero even when the grand total does', () => {
    expect(
      postingsBalance([
        { currency: 'EUR', amount: -100n },
        { currency: 'GBP', amount: 100n },
      ]),
    ).toBe(false);
  });

  it('refuses a single posting', () => {
    expect(postingsBalance([{ currency: 'EUR', amount: 0n }])).toBe(false);
  });
});
