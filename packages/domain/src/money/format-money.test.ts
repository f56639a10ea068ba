import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money.ts';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('formatMoney', () => {
  it.each([
    [123456n, 'EUR', 'en-GB', '€1,234.56'],
    [123456n, 'EUR', 'de-DE', `1.234,56${NBSP}€`],
    [123456n, 'EUR', 'fr-FR', `1${NNBSP}234,56${NBSP}€`],
    [-5n, 'GBP', 'en-GB', '-£0.05'],
    [-123456n, 'USD', 'en-US', '-$1,234.56'],
    [12345678n, 'USD', 'en-IN', '$1,23,456.78'],
    [0n, 'EUR', 'en-GB', '€0.00'],
  ] as const)('%s %s in %s → %j', (minor, currency, locale, text) => {
    expect(formatMoney(minor, currency, locale)).toBe(text);
  });

  it('formats JPY without decimals', () => {
    expect(formatMoney(1000n, 'JPY', 'en-US')).toBe('¥1,000');
  });

  it('keeps every digit of amounts beyond float precision', () => {
    expect(formatMoney(123456789012345678901234567n, 'EUR', 'en-GB')).toBe(
      '€1,234,567,890,123,456,789,012,345.67',
    );
    expect(formatMoney(900719925474099399n, 'USD', 'en-US')).toBe('$9,007,199,254,740,993.99');
  });

  it('shows crypto as number and ticker, trimming trailing zeros to two', () => {
    expect(formatMoney(4000n, 'BTC', 'en-GB')).toBe('0.00004 BTC');
    expect(formatMoney(100_000_000n, 'BTC', 'en-GB')).toBe('1.00 BTC');
    expect(formatMoney(-123456789n, 'USDT', 'de-DE')).toBe('-123,456789 USDT');
    expect(formatMoney(1n, 'ETH', 'en-GB')).toBe('0.000000000000000001 ETH');
  });

  it('can drop trailing zeros of fiat on request', () => {
    expect(formatMoney(150n, 'EUR', 'en-GB', { minimumFractionDigits: 0 })).toBe('€1.5');
    expect(formatMoney(100n, 'EUR', 'en-GB', { minimumFractionDigits: 0 })).toBe('€1');
  });
});
