import { describe, expect, it } from 'vitest';
import { mailFormat, mailLanguage } from './format.ts';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('the one formatting of figures in mails', () => {
  it('picks Russian for a Russian profile and British English otherwise', () => {
    expect(mailLanguage('ru')).toBe('ru');
    expect(mailLanguage('en-gb')).toBe('en-gb');
    expect(mailLanguage(undefined)).toBe('en-gb');
  });

  it('writes money from minor units: 1234567.89 EUR, JPY without decimals, BTC with 8', () => {
    const en = mailFormat('en-gb');
    const ru = mailFormat('ru');
    expect(en.money(123456789n, 'EUR')).toBe('€1,234,567.89');
    expect(plain(ru.money('123456789', 'EUR'))).toBe('1 234 567,89 €');
    expect(en.money(1234567n, 'JPY')).toBe('JP¥1,234,567');
    expect(plain(ru.money(1234567n, 'JPY'))).toBe('1 234 567 ¥');
    expect(en.money(12345678n, 'BTC')).toBe('0.12345678 BTC');
    expect(plain(ru.money(12345678n, 'BTC'))).toBe('0,12345678 BTC');
    expect(en.amount('1234567.89', 'EUR')).toBe('€1,234,567.89');
  });

  it('writes times in the reader’s time zone, naming it, or in UTC saying so', () => {
    const at = new Date('2026-03-11T22:05:00Z');
    expect(mailFormat('en-gb').dateTime(at)).toBe('11 Mar 2026, 22:05 UTC');
    expect(mailFormat('en-gb', 'Europe/Moscow').dateTime(at)).toBe('12 Mar 2026, 01:05 (Europe/Moscow)');
    expect(plain(mailFormat('ru').dateTime(at))).toMatch(/^11 мар\.? 2026( г\.)?,? 22:05 UTC$/);
    // A zone the runtime does not know falls back to UTC instead of failing the mail.
    expect(mailFormat('en-gb', 'Mars/Olympus').dateTime(at)).toBe('11 Mar 2026, 22:05 UTC');
    expect(mailFormat('en-gb').period('2026-10-01', '2026-10-31')).toBe('1 Oct 2026 – 31 Oct 2026');
  });

  it('groups IBANs by 4 and writes sort codes 20-20-15', () => {
    const f = mailFormat('en-gb');
    expect(f.iban('GB82WEST12345698765432')).toBe('GB82 WEST 1234 5698 7654 32');
    expect(f.sortCode('202015')).toBe('20-20-15');
    expect(f.bankCode('202015')).toBe('20-20-15');
    expect(f.accountNumber('31926819')).toBe('31926819');
  });
});
