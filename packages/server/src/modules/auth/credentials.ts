import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  MFA_CODE_LENGTH,
  type PasswordCounts,
  passwordPolicyShortfalls,
  PASSWORD_POLICY,
} from '@portal/domain';
import { Secret, TOTP } from 'otpauth';
import { DomainError } from '../../http/errors.ts';

/** Argon2id (the library's default algorithm) of the SHA-512 hex digest the browser sends. */
export const hashPassword = (digest: string): Promise<string> => hash(digest);

// A real hash of a random digest: unknown logins are verified against it so they take as long
// as known ones and the timing tells nothing.
const DUMMY_HASH = hash(randomBytes(64).toString('hex'));

export async function verifyPassword(stored: string | null | undefined, digest: string): Promise<boolean> {
  if (!stored) {
    await verify(await DUMMY_HASH, digest).catch(() => false);
    return false;
  }
  return verify(stored, digest).catch(() => false);
}

const sha512 = (s: string) => createHash('sha512').update(s, 'utf8').digest('hex');

/**
 * Passwords that pass the counts yet top every breach list. The server never sees plain text, so it
 * compares the browser's digest with the digests of these.
 */
const COMMON_PASSWORDS = [
  'Password1!',
  'Password12!',
  'Password123!',
  'Password1234!',
  'P@ssw0rd123',
  'P@ssword123',
  'Passw0rd!!',
  'Qwerty123!',
  'Qwerty1234!',
  'Welcome123!',
  'Welcome1234!',
  'Admin12345!',
  'Administrator1!',
  'Letmein123!',
  'Iloveyou123!',
  'Summer2024!',
  'Summer2025!',
  'Winter2024!',
  'Winter2025!',
  'Spring2025!',
  'Autumn2025!',
  'Changeme123!',
  'Abcdef123!',
  'Abc123456!',
  'Football123!',
  'Monkey12345!',
  'Dragon12345!',
  'Sunshine123!',
  'Password!1',
  'Qwertyuiop1!',
  '1qaz2wsx3edC!',
  'Zaq12wsx!!',
  'Demo-Passw0rd',
  'Company123!',
];
const COMMON_DIGESTS = new Set(COMMON_PASSWORDS.map(sha512));

/** Refuses a new password whose counts miss the policy or whose digest is a common password. */
export function assertNewPasswordAcceptable(digest: string, counts: PasswordCounts): void {
  const short = passwordPolicyShortfalls(counts);
  if (short.length) {
    const fields = Object.fromEntries(short.map((f) => [f, `at least ${PASSWORD_POLICY[f]}`]));
    throw new DomainError('PASSWORD_POLICY', { ...PASSWORD_POLICY }, { fields });
  }
  if (COMMON_DIGESTS.has(digest)) throw new DomainError('PASSWORD_TOO_COMMON');
}

/** A random single-use link token and the SHA-256 the database keeps instead. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}
export const hashLinkToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const TOTP_PERIOD_S = 30;
const ISSUER = 'Clearline Portal';

/** TOTP (RFC 6238: SHA-1, 6 digits, 30 s) accepting the previous and next step for clock drift. */
export function totpFor(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: MFA_CODE_LENGTH,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });
}

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The time step a code matches (within ±1 step of `now`), or null. */
export function matchTotpStep(secretBase32: string, code: string, now: Date): number | null {
  const delta = totpFor(secretBase32, 'x').validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S) + delta;
}

/**
 * MFA secrets are encrypted at rest (AES-256-GCM) with a key derived from the server secret, so a
 * database dump alone does not give away every user's second factor.
 */
export function secretBox(serverSecret: string) {
  const key = createHash('sha256').update(`mfa-secret:${serverSecret}`).digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        body.toString('base64url'),
        c.getAuthTag().toString('base64url'),
      ].join('.');
    },
    open(sealed: string): string {
      const [v, iv, body, tag] = sealed.split('.');
      if (v !== 'v1' || !iv || !body || !tag) throw new Error('unknown MFA secret format');
      const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      d.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof secretBox>;

/**
 * The per-session knowledge-factor verifier (docs/decisions.md, Confirmations): HMAC-SHA256 under
 * a key derived from the server secret, of the password digest bound to one session id. A
 * confirmation compares it in constant time instead of running argon2id again; the row dies with
 * the session, and without the server key a stolen row is no oracle for the password.
 */
export function sessionVerifier(serverSecret: string) {
  const key = createHmac('sha256', serverSecret).update('confirmation-verifier/v1').digest();
  const of = (sessionId: string, digest: string): string =>
    createHmac('sha256', key).update(`${sessionId}:${digest}`).digest('hex');
  return {
    of,
    matches(stored: string, sessionId: string, digest: string): boolean {
      const a = Buffer.from(stored, 'hex');
      const b = Buffer.from(of(sessionId, digest), 'hex');
      return a.length === b.length && timingSafeEqual(a, b);
    },
  };
}
