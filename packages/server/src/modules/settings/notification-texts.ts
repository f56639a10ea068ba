import { type MailLanguage, mailFormat } from '../../adapters/mail/format.ts';
import type { PaymentNotificationEvent, SecurityNotificationEvent } from './notification-outbox.ts';

/**
 * Plain texts of the new-payment and security notifications in the portal's two languages
 * (en-gb, ru), for mail and chat. Amounts (minor units) and times go through the one mail format
 * (adapters/mail/format.ts): exact money in the language's conventions, times in the reader's
 * time zone where known, otherwise in UTC and saying so.
 */
export { type MailLanguage, mailLanguage } from '../../adapters/mail/format.ts';

/** Minor units as money text: '£1,234.50', '1 234,50 €'; an unknown code as 'minor CODE'. */
export const moneyText = (amountMinor: string, currency: string, lang: MailLanguage): string =>
  mailFormat(lang).money(amountMinor, currency);

/** '11 Mar 2026, 08:05 UTC' / '11 мар. 2026 г., 08:05 UTC', or in the reader's zone when known. */
export const timeText = (at: Date, lang: MailLanguage, timeZone?: string | null): string =>
  mailFormat(lang, timeZone).dateTime(at);

export interface PaymentFacts {
  event: PaymentNotificationEvent;
  company: string;
  amount: string;
  counterparty: string;
  paymentId: string;
  at: Date;
  /** Who created a pay-out ('' when unknown). */
  actor: string;
  /** The reader's IANA time zone, when known; times are in UTC otherwise. */
  timeZone?: string | null;
}

export interface SecurityFacts {
  event: SecurityNotificationEvent;
  /** The user the event is about (for the company chat). */
  user: string;
  ip: string;
  country: string | null;
  at: Date;
  /** The reader's IANA time zone, when known; times are in UTC otherwise. */
  timeZone?: string | null;
}

export interface MailText {
  subject: string;
  text: string;
}

const T = {
  'en-gb': {
    hello: (name: string) => `Hello ${name},`,
    paySubject: {
      payin_credited: (f: PaymentFacts) => `Payment received: ${f.amount}`,
      payout_created: (f: PaymentFacts) => `New pay-out: ${f.amount}`,
    },
    payLine: {
      payin_credited: (f: PaymentFacts) =>
        `A payment of ${f.amount}${f.counterparty ? ` from ${f.counterparty}` : ''} was credited to ${f.company} on ${timeText(f.at, 'en-gb', f.timeZone)}.`,
      payout_created: (f: PaymentFacts) =>
        `A pay-out of ${f.amount}${f.counterparty ? ` to ${f.counterparty}` : ''} was created for ${f.company}${f.actor ? ` by ${f.actor}` : ''} on ${timeText(f.at, 'en-gb', f.timeZone)}.`,
    },
    payRef: (id: string) => `Payment reference: ${id}`,
    payOpen: 'Open Payments in the portal for the details.',
    payWhy: 'You receive this mail because "New payments" is on in your notification settings.',
    secSubject: {
      login_new_address: 'New sign-in from an unfamiliar address',
      password_changed: 'Your password was changed',
      email_changed: 'Your email address was changed',
      mfa_set_up: 'Two-factor authentication was set up',
      mfa_reset: 'Two-factor authentication was reset',
      login_blocked: 'Sign-in blocked after failed attempts',
      ip_refused: 'A call from an address outside the IP white list was refused',
    } satisfies Record<SecurityNotificationEvent, string>,
    secLine: {
      login_new_address: (f: SecurityFacts) =>
        `Your user signed in to the Clearline portal from ${where(f)}, an address not used for a sign-in before, on ${timeText(f.at, 'en-gb', f.timeZone)}.`,
      password_changed: (f: SecurityFacts) =>
        `The password of your user was changed on ${timeText(f.at, 'en-gb', f.timeZone)}.`,
      email_changed: (f: SecurityFacts) =>
        `The email address of your user was changed on ${timeText(f.at, 'en-gb', f.timeZone)}; this mail goes to the new address.`,
      mfa_set_up: (f: SecurityFacts) =>
        `An authenticator app was set up for the two-factor authentication of your user on ${timeText(f.at, 'en-gb', f.timeZone)}.`,
      mfa_reset: (f: SecurityFacts) =>
        `The two-factor authentication of your user was reset on ${timeText(f.at, 'en-gb', f.timeZone)}; you will set it up again at your next sign-in.`,
      login_blocked: (f: SecurityFacts) =>
        `Sign-in to your user was blocked for a while after too many wrong passwords or codes (last from ${where(f)}) on ${timeText(f.at, 'en-gb', f.timeZone)}.`,
      ip_refused: (f: SecurityFacts) =>
        `A call with your user from ${where(f)} was refused on ${timeText(f.at, 'en-gb', f.timeZone)}: the address is not in your company's IP white list.`,
    } satisfies Record<SecurityNotificationEvent, (f: SecurityFacts) => string>,
    secAdvice: 'If this was not you, change your password at once and tell your Master User.',
    secWhy: 'You receive this mail because "Security events" is on in your notification settings.',
    chatSecurity: (f: SecurityFacts, subject: string) => `Security, ${f.user}: ${subject} (${where(f)})`,
    teamWhy: "You receive this mail as the team mailbox in your company's settings (messengers).",
  },
  ru: {
    hello: (name: string) => `Здравствуйте, ${name}!`,
    paySubject: {
      payin_credited: (f: PaymentFacts) => `Зачислен платёж: ${f.amount}`,
      payout_created: (f: PaymentFacts) => `Новая выплата: ${f.amount}`,
    },
    payLine: {
      payin_credited: (f: PaymentFacts) =>
        `На счёт компании ${f.company} зачислен платёж ${f.amount}${f.counterparty ? ` от ${f.counterparty}` : ''} (${timeText(f.at, 'ru', f.timeZone)}).`,
      payout_created: (f: PaymentFacts) =>
        `${f.actor ? `Пользователь ${f.actor} создал` : 'Создана'} выплату ${f.amount}${f.counterparty ? ` получателю ${f.counterparty}` : ''} от имени компании ${f.company} (${timeText(f.at, 'ru', f.timeZone)}).`,
    },
    payRef: (id: string) => `Идентификатор платежа: ${id}`,
    payOpen: 'Подробности — в разделе «Платежи» портала.',
    payWhy: 'Вы получили это письмо, потому что в настройках уведомлений включено «Новые платежи».',
    secSubject: {
      login_new_address: 'Вход с незнакомого адреса',
      password_changed: 'Пароль изменён',
      email_changed: 'Адрес электронной почты изменён',
      mfa_set_up: 'Двухфакторная аутентификация настроена',
      mfa_reset: 'Двухфакторная аутентификация сброшена',
      login_blocked: 'Вход заблокирован после неудачных попыток',
      ip_refused: 'Отклонён запрос с адреса вне белого списка IP',
    } satisfies Record<SecurityNotificationEvent, string>,
    secLine: {
      login_new_address: (f: SecurityFacts) =>
        `Выполнен вход в портал Clearline под вашим пользователем с адреса ${where(f)}, с которого раньше входов не было (${timeText(f.at, 'ru', f.timeZone)}).`,
      password_changed: (f: SecurityFacts) =>
        `Пароль вашего пользователя изменён (${timeText(f.at, 'ru', f.timeZone)}).`,
      email_changed: (f: SecurityFacts) =>
        `Адрес электронной почты вашего пользователя изменён (${timeText(f.at, 'ru', f.timeZone)}); это письмо отправлено на новый адрес.`,
      mfa_set_up: (f: SecurityFacts) =>
        `Для двухфакторной аутентификации вашего пользователя настроено приложение-аутентификатор (${timeText(f.at, 'ru', f.timeZone)}).`,
      mfa_reset: (f: SecurityFacts) =>
        `Двухфакторная аутентификация вашего пользователя сброшена (${timeText(f.at, 'ru', f.timeZone)}); при следующем входе её нужно настроить заново.`,
      login_blocked: (f: SecurityFacts) =>
        `Вход под вашим пользователем временно заблокирован после слишком многих неверных паролей или кодов (последняя попытка с адреса ${where(f)}, ${timeText(f.at, 'ru', f.timeZone)}).`,
      ip_refused: (f: SecurityFacts) =>
        `Запрос под вашим пользователем с адреса ${where(f)} отклонён (${timeText(f.at, 'ru', f.timeZone)}): адреса нет в белом списке IP вашей компании.`,
    } satisfies Record<SecurityNotificationEvent, (f: SecurityFacts) => string>,
    secAdvice:
      'Если это были не вы, немедленно смените пароль и сообщите мастер-пользователю вашей компании.',
    secWhy: 'Вы получили это письмо, потому что в настройках уведомлений включено «События безопасности».',
    chatSecurity: (f: SecurityFacts, subject: string) => `Безопасность, ${f.user}: ${subject} (${where(f)})`,
    teamWhy: 'Вы получили это письмо как почта команды, указанная в настройках компании (мессенджеры).',
  },
} as const;

function where(f: SecurityFacts): string {
  if (!f.ip) return '—';
  return f.country ? `${f.ip} (${f.country})` : f.ip;
}

export function paymentMail(lang: MailLanguage, name: string, f: PaymentFacts): MailText {
  const t = T[lang];
  return {
    subject: t.paySubject[f.event](f),
    text: [t.hello(name), '', t.payLine[f.event](f), t.payRef(f.paymentId), '', t.payOpen, '', t.payWhy].join(
      '\n',
    ),
  };
}

export function securityMail(lang: MailLanguage, name: string, f: SecurityFacts): MailText {
  const t = T[lang];
  return {
    subject: t.secSubject[f.event],
    text: [t.hello(name), '', t.secLine[f.event](f), '', t.secAdvice, '', t.secWhy].join('\n'),
  };
}

/** One line for the company's chat (and the subject line of the team mailbox). */
export function paymentChatText(lang: MailLanguage, f: PaymentFacts): string {
  return `${f.company}: ${T[lang].payLine[f.event](f)} (${f.paymentId})`;
}

export function securityChatText(lang: MailLanguage, f: SecurityFacts): string {
  return T[lang].chatSecurity(f, T[lang].secSubject[f.event]);
}

/** The company's team mailbox: the chat line as the body, under the subject a user's mail has. */
export function paymentTeamMail(lang: MailLanguage, f: PaymentFacts): MailText {
  const t = T[lang];
  return {
    subject: `${f.company}: ${t.paySubject[f.event](f)}`,
    text: [t.payLine[f.event](f), t.payRef(f.paymentId), '', t.payOpen, '', t.teamWhy].join('\n'),
  };
}

export function securityTeamMail(lang: MailLanguage, f: SecurityFacts): MailText {
  const t = T[lang];
  return { subject: securityChatText(lang, f), text: [securityChatText(lang, f), '', t.teamWhy].join('\n') };
}
