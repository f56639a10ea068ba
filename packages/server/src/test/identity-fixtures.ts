import { createHash } from 'node:crypto';
import { type ClientUserRight, countPasswordChars } from '@portal/domain';
import { Secret, TOTP } from 'otpauth';
import { hashPassword, newTotpSecret, secretBox } from '../modules/auth/credentials.ts';
import { makeUser, type MakeUserOptions } from './fixtures.ts';
import type { TestApp } from './test-app.ts';

export const sha512hex = (plain: string): string => createHash('sha512').update(plain).digest('hex');

export const TEST_PASSWORD = 'Correct-Horse-7';

/** The body fields of a new password as the browser sends them: digest plus policy counts. */
export const newPasswordFields = (plain: string, field = 'new_password') => ({
  [field]: sha512hex(plain),
  ...countPasswordChars(plain),
});

/** The TOTP code of `secret` at the test clock's time (or `offsetSteps` steps away). */
export function totpCode(t: TestApp, secret: string, offsetSteps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: t.clock.now().getTime() + offsetSteps * 30_000,
  });
}

/**
 * A user who can log in for real: password TEST_PASSWORD and a confirmed MFA secret. Returns the
 * secret too, and the full-session token of `makeUser`.
 */
export async function makeLoginUser(
  t: TestApp,
  opts: MakeUserOptions & { rights?: ClientUserRight[]; withSecret?: boolean; password?: string } = {},
) {
  const secret = newTotpSecret();
  const box = secretBox(t.deps.config.jwtSecret);
  const made = await makeUser(t, {
    ...opts,
    user: {
      passwordHash: await hashPassword(sha512hex(opts.password ?? TEST_PASSWORD)),
      mfaSecret: opts.withSecret === false ? null : box.seal(secret),
      ...opts.user,
    },
  });
  return { ...made, secret, login: made.user.login };
}

/** POST /api/frusrs/tkn with a password (and a code). */
export function postLogin(t: TestApp, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.call({ method: 'POST', url: '/api/frusrs/tkn', payload: body, headers });
}

/** Full login with password and the current TOTP code; moves the clock one step so codes stay fresh. */
export async function loginWithTotp(t: TestApp, login: string, secret: string, password = TEST_PASSWORD) {
  t.clock.advance(30_000);
  const res = await postLogin(t, { login, password: sha512hex(password), secret_code: totpCode(t, secret) });
  if (res.statusCode !== 200 || res.json().login_prompt) throw new Error(`login failed: ${res.body}`);
  return res.json().token as string;
}
