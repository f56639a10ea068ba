/**
 * What a call confirmed by password digest and TOTP code against a challenge can be refused with,
 * whatever it moves (pay-outs, approvals, own-account transfers): one list for their OpenAPI entries.
 */
export const CONFIRMATION_REFUSALS = [
  'CONFIRMATION_NOT_FOUND',
  'CONFIRMATION_MISMATCH',
  'SCA_WRONG_CREDENTIALS',
  'SCA_CODE_USED',
  'SCA_BLOCKED',
  'MFA_NOT_SET_UP',
] as const;
