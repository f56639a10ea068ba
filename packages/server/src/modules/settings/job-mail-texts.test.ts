import { describe, expect, it } from 'vitest';
import { statementMail, unapprovedReminderMail } from './job-mail-texts.ts';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const payout = {
  reference: 'PO-1',
  amount: '1234567.89',
  currency: 'EUR',
  createdAt: '2026-03-11T08:05:00.000Z',
  counterparty: 'Bäckerei Müller GmbH',
  iban: 'DE89370400440532013000',
  account: null,
  bankCode: null,
};

describe('scheduled mail texts', () => {
  it('a reminder lists each pay-out with its money, grouped IBAN and a time in UTC, in the reader’s language', () => {
    const en = unapprovedReminderMail('en-gb', 'Ann', 2, [
      payout,
      {
        ...payout,
        reference: 'PO-2',
        amount: '50',
        currency: 'GBP',
        iban: null,
        account: '31926819',
        bankCode: '202015',
      },
    ]);
    expect(en.subject).toBe('2 payment(s) waiting for approval');
    expect(en.text).toContain(
      '- €1,234,567.89, Bäckerei Müller GmbH, DE89 3704 0044 0532 0130 00 (11 Mar 2026, 08:05 UTC) PO-1',
    );
    expect(en.text).toContain('£50.00, Bäckerei Müller GmbH, 20-20-15 31926819');
    const ru = unapprovedReminderMail('ru', 'Анна', 2, [payout]);
    expect(ru.text).toContain('Здравствуйте, Анна!');
    expect(plain(ru.text)).toContain('1 234 567,89 €');
    expect(ru.text).toMatch(/11 мар\.? 2026/);
  });

  it('a statement mail names the period as days, not raw ISO dates', () => {
    const en = statementMail('en-gb', 'Ann', { from: '2026-10-01', to: '2026-10-31' }, 2);
    expect(en.subject).toBe('Account statements 1 Oct 2026 – 31 Oct 2026');
    expect(en.text).not.toContain('2026-10-01');
    const ru = statementMail('ru', 'Анна', { from: '2026-10-01', to: '2026-10-31' }, 2);
    expect(ru.subject).toMatch(/^Выписки по счетам за 1 окт\.? 2026/);
  });
});
