import { defineErrors, errorDef } from '../errors/define.ts';

/** Login, security settings, users and invitations (spec §8 wording where it has one). */
export const identityErrors = defineErrors({
  // Same message for an unknown login, a wrong password and a wrong code: nothing is revealed.
  LOGIN_FAILED: errorDef(401, 'Authentication data is invalid, the action was not performed.'),
  LOGIN_BLOCKED: errorDef(403, 'Too many failed attempts. Your access is blocked for {minutes} minutes.'),
  // Spec §8 login: blocked for overdue password change (the block happened at that step).
  LOGIN_BLOCKED_PASSWORD_CHANGE: errorDef(
    403,
    'Your access is blocked for {minutes} minutes: the overdue password change was not completed. Sign in again after the block to set a new password.',
  ),
  // Spec §8 login: temporary error recovery in progress (the database is restarting or recovering).
  LOGIN_RECOVERY: errorDef(
    503,
    'A temporary error is being recovered. Please try to sign in again in a few minutes.',
  ),
  LOGIN_USER_BLOCKED: errorDef(403, 'Your user is blocked. Please contact support.'),
  LOGIN_USER_DEACTIVATED: errorDef(
    403,
    'Your user is deactivated. Please contact the Master User of your company.',
  ),
  WRONG_PASSWORD: errorDef(401, 'Wrong password'),
  PASSWORD_SAME_AS_OLD: errorDef(417, 'The new password must differ from the old one.'),
  PASSWORD_POLICY: errorDef(
    417,
    'The password must have at least {length} characters, {alpha_capitals} capital letter, {numbers} number and {special_chars} special character.',
  ),
  PASSWORD_TOO_COMMON: errorDef(417, 'This password is too common. Please choose another one.'),
  PASSWORD_NOT_CHANGED_BLOCKED: errorDef(403, 'Password was not changed. User account is blocked.'),
  EMAIL_NOT_CONFIRMED: errorDef(403, 'Email is not confirmed'),
  EMAIL_NO_CONFIRMATION_TOKEN: errorDef(417, 'No email confirmation token!'),
  EMAIL_CONFIRM_WRONG_LINK: errorDef(404, 'Wrong link to confirm email'),
  EMAIL_SAME_AS_CURRENT: errorDef(417, 'The new email must differ from the current one.'),
  EMAIL_TAKEN: errorDef(417, 'This email is already used by another user.'),
  MFA_REQUIRED: errorDef(403, 'MFA is required'),
  MFA_SECRET_EXISTS: errorDef(
    403,
    'The MFA secret cannot be replaced once created. Ask your Master User to reset MFA.',
  ),
  ONLY_MASTER_USER: errorDef(403, 'Only Master User is able to perform this operation.'),
  LINK_INVALID: errorDef(
    404,
    'Link you are trying to visit is incorrect, please use the link from your email.',
  ),
  LINK_EXPIRED: errorDef(404, 'This link has expired. Please ask for a new one.'),
  INVITATION_ACTION_NOT_ALLOWED: errorDef(
    417,
    'This action is not available for an invitation in status {status}.',
  ),
  USER_ALREADY_EXISTS: errorDef(417, 'A user with this email already exists.'),
  RIGHTS_INCONSISTENT: errorDef(417, 'Approve needs Create, and Approve own needs Approve.'),
  AUTO_APPROVE_NEEDS_APPROVE: errorDef(417, 'Auto-approve of payouts is available only with approve rights.'),
  MERCHANT_NOT_AVAILABLE: errorDef(404, 'Problem changing current merchant: company not available.'),
  IMPERSONATION_NOT_ALLOWED: errorDef(403, 'This user cannot be impersonated.'),
});
