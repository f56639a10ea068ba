import { describe, expect, it } from 'vitest';
import {
  emailConfirmationMail,
  mfaResetMail,
  passwordRenewalMail,
  resetRequestMail,
  supportAnswerMail,
} from './account-texts.ts';

describe('account mail texts', () => {
  it('each mail has its English and Russian text, with the link and case number kept', () => {
    const url = 'https://portal.example/x/token';
    for (const lang of ['en-gb', 'ru'] as const) {
      expect(passwordRenewalMail(lang, 'ann@x.example', url).text).toContain(url);
      expect(emailConfirmationMail(lang, url).text).toContain(url);
      expect(supportAnswerMail(lang, 'Ann', 'C-000042', 'Card limit').subject).toContain('C-000042');
      expect(mfaResetMail(lang).subject.length).toBeGreaterThan(0);
    }
    expect(passwordRenewalMail('ru', 'ann', url).subject).toBe('Задайте новый пароль');
    expect(emailConfirmationMail('ru', url).text).toContain('24 часа');
    expect(mfaResetMail('ru').subject).toBe('Двухфакторная аутентификация сброшена');
    expect(supportAnswerMail('en-gb', 'Ann', 'C-1', 'Card limit').text).toContain('"Card limit"');
    const who = { name: 'Ann Lee', email: 'ann@x.example' };
    expect(resetRequestMail('en-gb', who, 'mfaResetRequest').subject).toBe(
      'Ann Lee asks for a reset of two-factor authentication',
    );
    expect(resetRequestMail('ru', who, 'passwordResetRequest')).toEqual({
      subject: 'Ann Lee запрашивает сброс пароля',
      text: 'Ann Lee (ann@x.example) запрашивает сброс пароля. Откройте раздел «Управление пользователями» портала, чтобы выполнить запрос.',
    });
  });
});
