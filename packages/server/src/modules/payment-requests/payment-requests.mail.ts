import type { MailFormat } from '../../adapters/mail/format.ts';
import type { MailText } from '../../adapters/mail/account-texts.ts';

export interface PaymentLinkMail {
  merchantName: string;
  customerName: string;
  /** Minor units, or null for an open amount. */
  amountMinor: bigint | null;
  currency: string;
  reference: string;
  description: string;
  expiresAt: Date;
  url: string;
}

/** The mail with the hosted payment link, in the customer's language (en-gb or ru). */
export function paymentLinkMail(f: MailFormat, m: PaymentLinkMail): MailText {
  const expires = f.dateTime(m.expiresAt);
  if (f.lang === 'ru') {
    const amount = m.amountMinor === null ? 'сумму на ваш выбор' : f.money(m.amountMinor, m.currency);
    return {
      subject: `${m.merchantName}: запрос на оплату ${m.reference}`,
      text: `Здравствуйте, ${m.customerName}!\n\n${m.merchantName} просит оплатить ${amount} по запросу ${m.reference}.${m.description ? `\n${m.description}` : ''}\n\nРеквизиты для банковского перевода и QR-код — на странице оплаты:\n\n${m.url}\n\nСсылка действует до ${expires}. Если вы не ждали этого письма, просто не отвечайте на него.`,
    };
  }
  const amount = m.amountMinor === null ? 'an amount of your choice' : f.money(m.amountMinor, m.currency);
  return {
    subject: `${m.merchantName}: payment request ${m.reference}`,
    text: `Hello ${m.customerName},\n\n${m.merchantName} asks you to pay ${amount} for ${m.reference}.${m.description ? `\n${m.description}` : ''}\n\nThe bank details and a QR code are on the payment page:\n\n${m.url}\n\nThe link is valid until ${expires}. If you did not expect this mail, please ignore it.`,
  };
}
