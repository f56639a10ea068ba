import type { MailLanguage } from './format.ts';

/**
 * Texts of the mails about a portal user's own account (password renewal, email confirmation,
 * authenticator reset, support answers) in the user's profile language (en-gb or ru).
 */
export interface MailText {
  subject: string;
  text: string;
}

export function passwordRenewalMail(lang: MailLanguage, login: string, url: string): MailText {
  if (lang === 'ru')
    return {
      subject: 'Задайте новый пароль',
      text: `Для вашего пользователя портала Clearline ${login} запрошен новый пароль.\n\nЗадайте его в течение 15 минут по ссылке:\n\n${url}\n\nЕсли вы этого не запрашивали, сообщите мастер-пользователю вашей компании.`,
    };
  return {
    subject: 'Set a new password',
    text: `A new password was requested for your Clearline portal user ${login}.\n\nSet it within 15 minutes here:\n\n${url}\n\nIf you did not ask for this, contact your Master User.`,
  };
}

export function emailConfirmationMail(lang: MailLanguage, url: string): MailText {
  if (lang === 'ru')
    return {
      subject: 'Подтвердите адрес электронной почты',
      text: `Подтвердите новый адрес электронной почты для портала Clearline, открыв ссылку:\n\n${url}\n\nСсылка действует 24 часа. Если вы не меняли адрес, обратитесь в поддержку.`,
    };
  return {
    subject: 'Confirm your email address',
    text: `Please confirm your new email address for the Clearline portal by opening this link:\n\n${url}\n\nThe link is valid for 24 hours. If you did not change your email, contact support.`,
  };
}

export function mfaResetMail(lang: MailLanguage): MailText {
  if (lang === 'ru')
    return {
      subject: 'Двухфакторная аутентификация сброшена',
      text: 'Секрет аутентификатора для портала Clearline сброшен. При следующем входе вы настроите новый в приложении-аутентификаторе.',
    };
  return {
    subject: 'Your two-factor authentication was reset',
    text: 'Your authenticator secret for the Clearline portal was reset. At your next login you will set up a new one with your authenticator app.',
  };
}

export function supportAnswerMail(
  lang: MailLanguage,
  name: string,
  caseNumber: string,
  subject: string,
): MailText {
  if (lang === 'ru')
    return {
      subject: `Поддержка ответила на обращение ${caseNumber}`,
      text: `Здравствуйте, ${name}!\n\nПоддержка ответила на ваше обращение ${caseNumber} «${subject}».\nВойдите в портал и откройте раздел «Сообщения», чтобы прочитать ответ.\n`,
    };
  return {
    subject: `Support answered your case ${caseNumber}`,
    text: `Hello ${name},\n\nSupport has answered your case ${caseNumber} "${subject}".\nPlease log in to the portal and open Messages to read the answer.\n`,
  };
}

/** A user asked for a reset of the password or of the authenticator; the mail goes to the Master Users. */
export function resetRequestMail(
  lang: MailLanguage,
  who: { name: string; email: string },
  kind: 'passwordResetRequest' | 'mfaResetRequest',
): MailText {
  if (lang === 'ru') {
    const what = kind === 'passwordResetRequest' ? 'сброс пароля' : 'сброс двухфакторной аутентификации';
    return {
      subject: `${who.name} запрашивает ${what}`,
      text: `${who.name} (${who.email}) запрашивает ${what}. Откройте раздел «Управление пользователями» портала, чтобы выполнить запрос.`,
    };
  }
  const what = kind === 'passwordResetRequest' ? 'a password reset' : 'a reset of two-factor authentication';
  return {
    subject: `${who.name} asks for ${what}`,
    text: `${who.name} (${who.email}) asked for ${what}. Open Users in the portal to act on it.`,
  };
}
