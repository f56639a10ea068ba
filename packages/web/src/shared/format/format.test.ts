import { describe, expect, it } from 'vitest';
import {
  formatAccountNumber,
  formatAmount,
  formatBytes,
  formatDate,
  formatMinorAmount,
  formatIban,
  formatSortCode,
  isNegativeAmount,
  minorOf,
} from './format.ts';

// Intl puts narrow/no-break spaces in some locales; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('the one formatting module', () => {
  it('writes amounts with thousands separators and the currency exponent, exactly', () => {
    expect(formatAmount('1234567.5', 'GBP', 'en-GB')).toBe('£1,234,567.50');
    expect(plain(formatAmount('1234567.5', 'EUR', 'ru-RU'))).toBe('1 234 567,50 €');
    expect(formatAmount('-12.3', 'USD', 'en-GB')).toBe('-US$12.30');
    // JPY has no minor unit; a float would lose the last digits of this one.
    expect(formatAmount('90071992547409931', 'JPY', 'en-GB')).toBe('JP¥90,071,992,547,409,931');
  });

  it('shows unknown currencies and empty amounts without inventing figures', () => {
    expect(formatAmount('10.00', 'XYZ', 'en-GB')).toBe('10.00 XYZ');
    expect(formatAmount(null, 'GBP', 'en-GB')).toBe('—');
    expect(minorOf('1.005', 'GBP')).toBeNull();
  });

  it('tells negatives without floats', () => {
    expect(isNegativeAmount('-0.01', 'GBP')).toBe(true);
    expect(isNegativeAmount('-0.00', 'GBP')).toBe(false);
    expect(isNegativeAmount('5', 'GBP')).toBe(false);
  });

  it('groups IBANs by 4, sort codes as 20-20-15, UK account numbers whole', () => {
    expect(formatIban('GB82WEST12345698765432')).toBe('GB82 WEST 1234 5698 7654 32');
    expect(formatIban('gb82 west 1234 5698 7654 32')).toBe('GB82 WEST 1234 5698 7654 32');
    expect(formatSortCode('202015')).toBe('20-20-15');
    expect(formatSortCode('20 20 15')).toBe('20-20-15');
    expect(formatAccountNumber('31926819')).toBe('31926819');
    expect(formatAccountNumber('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('shows a calendar date as that day in any time zone', () => {
    expect(formatDate('2026-10-31', 'en-GB')).toBe('31 Oct 2026');
    expect(formatDate('2026-10-31', 'ru-RU')).toMatch(/^31 окт\.? 2026/);
  });

  it('writes minor units (chart values) and byte sizes in the locale', () => {
    expect(formatMinorAmount(123456n, 'GBP', 'en-GB')).toBe('£1,234.56');
    expect(formatMinorAmount(5n, 'XYZ', 'en-GB')).toBe('5 XYZ');
    expect(formatBytes(512, 'en-GB')).toBe('512 byte');
    expect(formatBytes(1536, 'en-GB')).toBe('1.5 kB');
    expect(plain(formatBytes(3 * 1_048_576, 'ru-RU'))).toBe('3 МБ');
  });
});
