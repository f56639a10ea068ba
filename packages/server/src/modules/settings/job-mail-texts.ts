import { type MailLanguage, mailFormat } from '../../adapters/mail/format.ts';
import type { MailText } from './notification-texts.ts';

/**
 * Texts of the scheduled mails (reminder of pay-outs awaiting approval, statement PDFs) in the
 * reader's language; amounts, times and periods through the one mail format.
 */
export interface WaitingPayout {
  reference: string;
  /** Decimal amount as the API writes it ('1234.5'). */
  amount: string | null;
  currency: string;
  createdAt: string;
  counterparty: string;
  /** The counterparty's IBAN, or account number and bank code (sort code), as stored. */
  iban: string | null;
  account: string | null;
  bankCode: string | null;
}

export function unapprovedReminderMail(
  lang: MailLanguage,
  name: string,
  hours: number,
  payouts: WaitingPayout[],
  timeZone?: string | null,
): MailText {
  const f = mailFormat(lang, timeZone);
  const account = (p: WaitingPayout) =>
    p.iban
      ? f.iban(p.iban)
      : [p.bankCode ? f.bankCode(p.bankCode) : '', f.accountNumber(p.account)].filter(Boolean).join(' ');
  const line = (p: WaitingPayout) =>
    `- ${[f.amount(p.amount, p.currency), p.counterparty, account(p)].filter(Boolean).join(', ')} (${f.dateTime(p.createdAt)}) ${p.reference}`;
  if (lang === 'ru')
    return {
      subject: `Платежей ждут подтверждения: ${payouts.length}`,
      text: [
        `Здравствуйте, ${name}!`,
        '',
        `Эти выплаты ждут подтверждения дольше ${hours} ч:`,
        ...payouts.map(line),
        '',
        'Подтвердите или отмените их в разделе «Платежи» портала.',
      ].join('\n'),
    };
  return {
    subject: `${payouts.length} payment(s) waiting for approval`,
    text: [
      `Hello ${name},`,
      '',
      `These pay-outs have waited for approval for more than ${hours} hour(s):`,
      ...payouts.map(line),
      '',
      'Open Payments in the portal to approve or cancel them.',
    ].join('\n'),
  };
}

export function statementMail(
  lang: MailLanguage,
  name: string,
  period: { from: string; to: string },
  accounts: number,
): MailText {
  const f = mailFormat(lang);
  const range = f.period(period.from, period.to);
  if (lang === 'ru')
    return {
      subject: `Выписки по счетам за ${range}`,
      text: `Здравствуйте, ${name}!\n\nВо вложении выписки по счетам за ${range} (счетов: ${accounts}).`,
    };
  return {
    subject: `Account statements ${range}`,
    text: `Hello ${name},\n\nYour account statements for ${range} are attached (${accounts} account(s)).`,
  };
}
