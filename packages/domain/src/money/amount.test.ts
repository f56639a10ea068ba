import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AmountFormatError,
  checkAmountLimits,
  fromMinor,
  parseAmountInput,
  toMinor,
  tryToMinor,
} from './amount.ts';
import { CURRENCY_CODES } from './currencies.ts';

describe('toMinor', () => {
  it.each([
    ['1234.56', 'EUR', 123456n],
    ['0.01', 'GBP', 1n],
    ['-0.01', 'USD', -1n],
    ['10', 'EUR', 1000n],
    ['10.5', 'EUR', 1050n],
    ['1000', 'JPY', 1000n],
    ['0.00004', 'BTC', 4000n],
    ['0.00004', 'ETH', 40_000_000_000_000n],
    ['1.000001', 'USDT', 1_000_001n],
    ['90071992547409.93', 'EUR', 9007199254740993n],
    ['123456789012345678901234567.89', 'USD', 12345678901234567890123456789n],
  ] as const)('%s %s → %s', (text, currency, minor) => {
    expect(toMinor(text, currency)).toBe(minor);
  });

  it.each([
    ['1.234', 'EUR', 'AMOUNT_TOO_MANY_DECIMALS'],
    ['1.230', 'EUR', 'AMOUNT_TOO_MANY_DECIMALS'],
    ['1.5', 'JPY', 'AMOUNT_TOO_MANY_DECIMALS'],
    ['0.000000001', 'BTC', 'AMOUNT_TOO_MANY_DECIMALS'],
    ['', 'EUR', 'AMOUNT_REQUIRED'],
    ['abc', 'EUR', 'AMOUNT_INVALID'],
    ['1,000.00', 'EUR', 'AMOUNT_INVALID'],
    ['1e3', 'EUR', 'AMOUNT_INVALID'],
    ['+1', 'EUR', 'AMOUNT_INVALID'],
    ['.5', 'EUR', 'AMOUNT_INVALID'],
    ['1.', 'EUR', 'AMOUNT_INVALID'],
    [' 1', 'EUR', 'AMOUNT_INVALID'],
    ['NaN', 'EUR', 'AMOUNT_INVALID'],
  ] as const)('rejects %j %s with %s', (text, currency, error) => {
    expect(tryToMinor(text, currency)).toEqual({ ok: false, error });
    expect(() => toMinor(text, currency)).toThrow(AmountFormatError);
  });
});

describe('fromMinor', () => {
  it.each([
    [123456n, 'EUR', '1234.56'],
    [5n, 'GBP', '0.05'],
    [-5n, 'GBP', '-0.05'],
    [0n, 'EUR', '0.00'],
    [1000n, 'JPY', '1000'],
    [-7n, 'JPY', '-7'],
    [1n, 'KWD', '0.001'],
    [4000n, 'BTC', '0.00004000'],
    [1n, 'ETH', '0.000000000000000001'],
  ] as const)('%s %s → %s', (minor, currency, text) => {
    expect(fromMinor(minor, currency)).toBe(text);
  });

  it('round-trips any bigint through text for every currency', () => {
    fc.assert(
      fc.property(fc.bigInt(), fc.constantFrom(...CURRENCY_CODES), (minor, currency) => {
        expect(toMinor(fromMinor(minor, currency), currency)).toBe(minor);
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips canonical decimal text', () => {
    const decimal = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.stringMatching(/^\d{2}$/))
      .map(
        ([negative, whole, fraction]) =>
          `${negative && (whole > 0n || fraction !== '00') ? '-' : ''}${whole}.${fraction}`,
      );
    fc.assert(
      fc.property(decimal, (text) => {
        expect(fromMinor(toMinor(text, 'EUR'), 'EUR')).toBe(text);
      }),
    );
  });
});

describe('parseAmountInput (spec §5)', () => {
  it.each([
    ['1234.56', '1234.56'],
    ['1,234.56', '1234.56'],
    ['1 234 567.8', '1234567.8'],
    ['1\u00a0234', '1234'],
    ["1'234'567.00", '1234567.00'],
    ['1\u2019000', '1000'],
    ['-1,000.5', '-1000.5'],
    ['  42  ', '42'],
    ['007.10', '7.10'],
    ['.5', '0.5'],
    ['12.', '12'],
    ['-0', '0'],
    ['-0.00', '0.00'],
    ['0', '0'],
  ])('%j → %j', (text, value) => {
    expect(parseAmountInput(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'AMOUNT_REQUIRED'],
    ['   ', 'AMOUNT_REQUIRED'],
    ['1.234', 'AMOUNT_TOO_MANY_DECIMALS'],
    ['abc', 'AMOUNT_INVALID'],
    ['-', 'AMOUNT_INVALID'],
    ['.', 'AMOUNT_INVALID'],
    ['1.2.3', 'AMOUNT_INVALID'],
    ['1.2 5', 'AMOUNT_INVALID'],
    ['--1', 'AMOUNT_INVALID'],
    ['1-', 'AMOUNT_INVALID'],
    ['+1', 'AMOUNT_INVALID'],
    ['1e5', 'AMOUNT_INVALID'],
    ['€10', 'AMOUNT_INVALID'],
  ])('%j → %s', (text, error) => {
    expect(parseAmountInput(text)).toEqual({ ok: false, error });
  });

  it('accepts more decimals when asked (escrow 0.00004)', () => {
    expect(parseAmountInput('0.00004', { maxDecimals: 8 })).toEqual({ ok: true, value: '0.00004' });
    expect(parseAmountInput('0.00004')).toEqual({ ok: false, error: 'AMOUNT_TOO_MANY_DECIMALS' });
  });

  it('gives text that toMinor accepts', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (minor) => {
        const grouped = new Intl.NumberFormat('en-US').format(minor / 100n);
        const sign = minor < 0n && minor > -100n ? '-' : '';
        const text = `${sign}${grouped}.${(minor < 0n ? -minor : minor) % 100n}`;
        const parsed = parseAmountInput(text);
        expect(parsed.ok).toBe(true);
        if (parsed.ok) expect(tryToMinor(parsed.value, 'EUR').ok).toBe(true);
      }),
    );
  });
});

describe('checkAmountLimits (spec §5)', () => {
  it.each([
    ['zero', 0n, {}, 'AMOUNT_ZERO'],
    ['negative', -1n, {}, 'AMOUNT_NEGATIVE'],
    ['negative allowed', -1n, { allowNegative: true }, null],
    ['below min', 99n, { min: 100n }, 'AMOUNT_BELOW_MIN'],
    ['at min and max', 100n, { min: 100n, max: 100n }, null],
    ['above max', 101n, { max: 100n }, 'AMOUNT_ABOVE_MAX'],
  ] as const)('%s', (_case, minor, limits, error) => {
    expect(checkAmountLimits(minor, limits)).toBe(error);
  });
});
