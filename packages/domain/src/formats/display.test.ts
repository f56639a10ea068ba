import { describe, expect, it } from 'vitest';
import { toMinor } from '../money/amount.ts';
import {
  formatAccountNumber,
  formatAmount,
  formatBankCode,
  formatDate,
  formatDateTime,
  formatIban,
  formatMinorAmount,
  formatSortCode,
} from './display.ts';

// Intl writes no-break and narrow no-break spaces in some locales; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('the one display format of figures (browser and server alike)', () => {
  it('writes 1234567.89 EUR with thousands separators and two decimals in en-GB and ru', () => {
    expect(formatAmount('1234567.89', 'EUR', 'en-GB')).toBe('€1,234,567.89');
    expect(plain(formatAmount('1234567.89', 'EUR', 'ru-RU'))).toBe('1 234 567,89 €');
    expect(formatMinorAmount(123456789n, 'EUR', 'en-GB')).toBe('€1,234,567.89');
    expect(plain(formatMinorAmount(-123456789n, 'EUR', 'ru-RU'))).toBe('-1 234 567,89 €');
  });

  it('writes JPY without decimals and a huge amount exactly (no float on the way)', () => {
    expect(formatMinorAmount(1234567n, 'JPY', 'en-GB')).toBe('JP¥1,234,567');
    expect(plain(formatMinorAmount(1234567n, 'JPY', 'ru-RU'))).toBe('1 234 567 ¥');
    expect(formatMinorAmount(9007199254740993n, 'JPY', 'en-GB')).toBe('JP¥9,007,199,254,740,993');
  });

  it('writes a crypto amount with all 8 decimals of BTC and the ticker', () => {
    const minor = toMinor('1234.56789012', 'BTC');
    expect(minor).toBe(123456789012n);
    expect(formatMinorAmount(minor, 'BTC', 'en-GB')).toBe('1,234.56789012 BTC');
    expect(plain(formatMinorAmount(minor, 'BTC', 'ru-RU'))).toBe('1 234,56789012 BTC');
    expect(formatAmount('0.00000001', 'BTC', 'en-GB')).toBe('0.00000001 BTC');
  });

  it('keeps an unknown currency as given instead of inventing figures', () => {
    expect(formatMinorAmount(1050n, 'XYZ', 'en-GB')).toBe('1050 XYZ');
    expect(formatAmount('10.5', 'XYZ', 'ru-RU')).toBe('10.5 XYZ');
    expect(formatAmount(null, 'EUR', 'en-GB')).toBe('—');
  });

  it('shows an instant in the given time zone, and a calendar day as that day anywhere', () => {
    const at = new Date('2026-03-11T22:05:00Z');
    expect(formatDateTime(at, 'en-GB', 'UTC')).toBe('11 Mar 2026, 22:05');
    // Moscow is UTC+3: the same instant is already the next morning there.
    expect(formatDateTime(at, 'en-GB', 'Europe/Moscow')).toBe('12 Mar 2026, 01:05');
    expect(plain(formatDateTime(at, 'ru-RU', 'Europe/Moscow'))).toMatch(/^12 мар\.? 2026( г\.)?,? 01:05$/);
    expect(formatDate(at, 'en-GB', 'America/New_York')).toBe('11 Mar 2026');
    expect(formatDate('2026-10-31', 'en-GB', 'Pacific/Kiritimati')).toBe('31 Oct 2026');
    expect(formatDateTime('not a date', 'en-GB')).toBe('—');
  });

  it('has one date and one date-time style per locale (issue 36: "28/11/2026, 09:11" beside "28 Nov 2026")', async () => {
    const display = await import('./display.ts');
    expect(
      Object.keys(display)
        .filter((name) => name.startsWith('formatDate'))
        .sort(),
    ).toEqual(['formatDate', 'formatDateTime']);
    const at = new Date('2026-11-28T09:11:00Z');
    expect(formatDateTime(at, 'en-GB', 'UTC').startsWith(formatDate(at, 'en-GB', 'UTC'))).toBe(true);
  });

  it('groups IBANs by 4, writes sort codes 20-20-15 and keeps UK account numbers whole', () => {
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(formatSortCode('202015')).toBe('20-20-15');
    expect(formatBankCode('202015')).toBe('20-20-15');
    expect(formatBankCode('021000021')).toBe('021000021');
    expect(formatAccountNumber('31926819')).toBe('31926819');
    expect(formatAccountNumber('gb82west12345698765432')).toBe('GB82 WEST 1234 5698 7654 32');
  });
});
