import { defineErrors } from '../errors/define.ts';

/** Login, security settings, users and invitations (spec §8 wording where it has one). */
export const identityErrors = defineErrors({
  // Same message for an unknown login, a wrong password and a wrong code: nothing is revealed.
  LOGIN_FAILED: { status: 401, message: 'Authentication data is invalid, the action was not performed.' },
  LOGIN_BLOCKED: {
    status: 403,
    message: 'Too many failed attempts. Your access is blocked for {minutes} minutes.',
  },
  // Spec §8 login: blocked for overdue password change (the block happened at that step).
  LOGIN_BLOCKED_PASSWORD_CHANGE: {
    status: 403,
    message:
      'Your access is blocked for {minutes} minutes: the overdue password change was not completed. Sign in again after the block to set a new password.',
  },
  // Spec §8 login: temporary error recovery in progress (the database is restarting or recovering).
  LOGIN_RECOVERY: {
    status: 503,
    message: 'A temporary error is being recovered. Please try to sign in again in a few minutes.',
  },
  LOGIN_USER_BLOCKED: { status: 403, message: 'Your user is blocked. Please contact support.' },
  LOGIN_USER_DEACTIVATED: {
    status: 403,
    message: 'Your user is deactivated. Please contact the Master User of your company.',
  },
  WRONG_PASSWORD: { status: 401, message: 'Wrong password' },
  PASSWORD_SAME_AS_OLD: { status: 417, message: 'The new password must differ from the old one.' },
  PASSWORD_POLICY: {
    status: 417,
    message:
      'The password must have at least {length} characters, {alpha_capitals} capital letter, {numbers} number and {special_chars} special character.',
  },
  PASSWORD_TOO_COMMON: { status: 417, message: 'This password is too common. Please choose another one.' },
  PASSWORD_NOT_CHANGED_BLOCKED: {
    status: 403,
    message: 'Password was not changed. User account is blocked.',
  },
  EMAIL_NOT_CONFIRMED: { status: 403, message: 'Email is not confirmed' },
  EMAIL_NO_CONFIRMATION_TOKEN: { status: 417, message: 'No email confirmation token!' },
  EMAIL_CONFIRM_WRONG_LINK: { status: 404, message: 'Wrong link to confirm email' },
  EMAIL_SAME_AS_CURRENT: { status: 417, message: 'The new email must differ from the current one.' },
  EMAIL_TAKEN: { status: 417, message: 'This email is already used by another user.' },
  MFA_REQUIRED: { status: 403, message: 'MFA is required' },
  MFA_SECRET_EXISTS: {
    status: 403,
    message: 'The MFA secret cannot be replaced once created. Ask your Master User to reset MFA.',
  },
  ONLY_MASTER_USER: { status: 403, message: 'Only Master User is able to perform this operation.' },
  LINK_INVALID: {
    status: 404,
    message: 'Link you are trying to visit is incorrect, please use the link from your email.',
  },
  LINK_EXPIRED: { status: 404, message: 'This link has expired. Please ask for a new one.' },
  INVITATION_ACTION_NOT_ALLOWED: {
    status: 417,
    message: 'This action is not available for an invitation in status {status}.',
  },
  USER_ALREADY_EXISTS: { status: 417, message: 'A user with this email already exists.' },
  RIGHTS_INCONSISTENT: {
    status: 417,
    message: 'Approve needs Create, and Approve own needs Approve.',
  },
  AUTO_APPROVE_NEEDS_APPROVE: {
    status: 417,
    message: 'Auto-approve of payouts is available only with approve rights.',
  },
  MERCHANT_NOT_AVAILABLE: {
    status: 404,
    message: 'Problem changing current merchant: company not available.',
  },
  IMPERSONATION_NOT_ALLOWED: { status: 403, message: 'This user cannot be impersonated.' },
});
