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
