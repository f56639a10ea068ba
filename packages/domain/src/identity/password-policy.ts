import { z } from 'zod';
import { MFA_CODE_LENGTH, PASSWORD_RESET_WINDOW_MS } from '../enums/constants.ts';
import type { PasswordPolicyField } from '../enums/users.ts';

/**
 * Minimum counts of a new password (spec §5 names the counts, not the values; docs/decisions.md).
 * The browser counts the plain password and sends the counts with the SHA-512 digest; the server,
 * which never sees the plain text, checks the counts again.
 */
export const PASSWORD_POLICY = {
  length: 10,
  alpha_capitals: 1,
  numbers: 1,
  special_chars: 1,
} as const satisfies Record<PasswordPolicyField, number>;

/** How long a password renewal link stays valid (spec §9: 15 minutes). */
export const RENEWAL_LINK_TTL_MS = PASSWORD_RESET_WINDOW_MS;

/** The browser sends passwords as the SHA-512 hex digest of the typed text (spec §7). */
export const passwordDigestSchema = z
  .string()
  .regex(/^[0-9a-fA-F]{128}$/, 'Password must be sent as a SHA-512 hex digest')
  .transform((s) => s.toLowerCase());

const count = z.number().int().min(0).max(4096);

/** The policy counts that travel with every new password (spec §7). */
export const passwordCountsShape = {
  length: count,
  alpha_capitals: count,
  numbers: count,
  special_chars: count,
};
export type PasswordCounts = Record<PasswordPolicyField, number>;

/** What the browser sends with a plain password: its counts per policy field. */
export function countPasswordChars(plain: string): PasswordCounts {
  const chars = [...plain];
  return {
    length: chars.length,
    alpha_capitals: chars.filter((c) => /\p{Lu}/u.test(c)).length,
    numbers: chars.filter((c) => /\p{Nd}/u.test(c)).length,
    special_chars: chars.filter((c) => !/[\p{L}\p{Nd}\s]/u.test(c)).length,
  };
}

/** Policy fields the counts fall short of (empty when the password is acceptable). */
export function passwordPolicyShortfalls(counts: PasswordCounts): PasswordPolicyField[] {
  return (Object.keys(PASSWORD_POLICY) as PasswordPolicyField[]).filter(
    (f) => counts[f] < PASSWORD_POLICY[f],
  );
}

/** A TOTP/OTP code: exactly six digits (spec §5, §9). */
export const mfaCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`), `The code must have ${MFA_CODE_LENGTH} digits`);
