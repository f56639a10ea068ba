import { CURRENCY_CODES, formatMoney } from '@portal/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { statementAmount } from './amounts.ts';

describe('statementAmount (the PDF statement amounts)', () => {
  it('is the text of formatMoney(…, en-GB) for every currency, any size and sign', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCY_CODES),
        fc.oneof(
          fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
          fc.bigInt({ min: -100_000n, max: 100_000n }),
        ),
        (currency, minor) => {
          expect(statementAmount(minor, currency)).toBe(formatMoney(minor, currency, 'en-GB'));
        },
      ),
      { seed: 15, numRuns: 3000 },
    );
  });

  it('edges: zero, one minor unit, group boundaries', () => {
    for (const currency of CURRENCY_CODES)
      for (const minor of [0n, 1n, -1n, 99n, 100n, 999_999n, 1_000_000n, -123_456_789n, 10n ** 20n])
        expect(statementAmount(minor, currency)).toBe(formatMoney(minor, currency, 'en-GB'));
  });

  it('a currency the domain does not know is refused', () => {
    expect(() => statementAmount(123n, 'XYZ')).toThrow(/unknown currency/);
  });
});
