/** Security history (spec §3): what is recorded, and how it ended. */
export const SECURITY_ACTION_TYPES = [
  'login',
  'logout',
  'token_refresh',
  'password_change',
  'password_renewal',
  'email_change',
  'email_confirmation',
  'mfa_setup',
  'mfa_reset',
  'impersonation',
  'block',
  'deactivation',
  /** A call refused by the company's IP white list (settings area). */
  'ip_refused',
] as const;
export type SecurityActionType = (typeof SECURITY_ACTION_TYPES)[number];

export const SECURITY_ACTION_RESULTS = ['success', 'failure'] as const;
export type SecurityActionResult = (typeof SECURITY_ACTION_RESULTS)[number];

/** Consecutive wrong passwords or codes before a temporary block (design §7; docs/decisions.md). */
export const LOGIN_MAX_FAILURES = 5;
/** Minutes a login stays blocked after too many failures (docs/decisions.md). */
export const LOGIN_BLOCK_MINUTES = 15;
