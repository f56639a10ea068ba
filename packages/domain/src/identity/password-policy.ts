import { z } from 'zod';
import { MFA_CODE_LENGTH, PASSWORD_RESET_WINDOW_MS } from '../enums/constants.ts';

// The policy and its counting have no zod, so the login screen's chunk can carry them alone.
export {
  countPasswordChars,
  PASSWORD_POLICY,
  type PasswordCounts,
  passwordPolicyShortfalls,
} from './password-counts.ts';

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
/** A TOTP/OTP code: exactly six digits (spec §5, §9). */
export const mfaCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`), `The code must have ${MFA_CODE_LENGTH} digits`);
