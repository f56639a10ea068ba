import { z } from 'zod';
import { defineRoute, ok, pageParams } from '../api/route.ts';
import { UI_THEMES } from '../enums/users.ts';
import { mfaCodeSchema, passwordCountsShape, passwordDigestSchema } from './password-policy.ts';
import { SECURITY_ACTION_RESULTS, SECURITY_ACTION_TYPES } from './security-history.ts';

/** The step the browser must show next after `POST /frusrs/tkn` (docs/decisions.md). */
export const LOGIN_PROMPTS = ['mfa_setup', 'mfa_code', 'password_change'] as const;
export type LoginPrompt = (typeof LOGIN_PROMPTS)[number];

export const loginBodySchema = z.object({
  login: z.string().trim().min(1).max(254),
  password: passwordDigestSchema,
  /** Code from the authenticator app. */
  secret_code: mfaCodeSchema.optional(),
  /** Accepted as the same code under the spec's other name. */
  otp_code: mfaCodeSchema.optional(),
  /** Only with the `password_change` prompt: the new password and its policy counts. */
  new_password: passwordDigestSchema.optional(),
  length: passwordCountsShape.length.optional(),
  alpha_capitals: passwordCountsShape.alpha_capitals.optional(),
  numbers: passwordCountsShape.numbers.optional(),
  special_chars: passwordCountsShape.special_chars.optional(),
});

export const loginResponseSchema = ok({
  token: z.string(),
  login_prompt: z.enum(LOGIN_PROMPTS).optional(),
});

const newPasswordShape = { new_password: passwordDigestSchema, ...passwordCountsShape };

export const securityHistoryRecordSchema = z.object({
  id: z.string(),
  action_type: z.enum(SECURITY_ACTION_TYPES),
  action_result: z.enum(SECURITY_ACTION_RESULTS),
  created: z.string(),
  ip_address: z.string().nullable(),
  ip_country: z.string().nullable(),
  user_agent: z.string().nullable(),
  errors: z.string().nullable(),
  impersonator_id: z.string().nullable(),
});

const isoDate = z.iso.datetime({ offset: true }).or(z.iso.date());

export const authRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/frusrs/tkn',
    summary:
      'Log in: password, then MFA setup or code (answers a token, or a login_prompt with a pre-MFA token)',
    tag: 'login',
    auth: 'public',
    errors: [
      'IP_NOT_WHITELISTED',
      'LOGIN_BLOCKED',
      'LOGIN_FAILED',
      'LOGIN_RECOVERY',
      'MAINTENANCE',
      'PASSWORD_POLICY',
      'PASSWORD_SAME_AS_OLD',
      'PASSWORD_TOO_COMMON',
    ],
    body: loginBodySchema,
    response: loginResponseSchema,
  }),
  refreshToken: defineRoute({
    method: 'GET',
    path: '/frusrs/tkn',
    summary: 'Refresh the session token (same session, new expiry)',
    tag: 'login',
    auth: 'public',
    errors: ['MAINTENANCE', 'UNAUTHENTICATED'],
    response: ok({ token: z.string() }),
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/frusrs/logout',
    summary: 'End the session server-side',
    tag: 'login',
    auth: 'user',
    body: z.object({}).optional(),
    response: ok({}),
  }),
  getSecret: defineRoute({
    method: 'POST',
    path: '/frusrs/get_secret',
    summary: 'Create the MFA secret (pre-MFA token): QR code data URL and the secret to copy',
    tag: 'login',
    auth: 'mfa',
    errors: ['LOGIN_FAILED', 'MFA_SECRET_EXISTS'],
    body: z.object({ password: passwordDigestSchema }),
    response: ok({ secret: z.string(), qr_code: z.string(), otpauth_url: z.string() }),
  }),
  requestPasswordReset: defineRoute({
    method: 'GET',
    path: '/user_invitations/renewprequest/:id',
    summary: 'Forgot password: asks the Master User (or an admin) to reset it; :id is the login',
    tag: 'login',
    auth: 'public',
    params: z.object({ id: z.string().trim().min(1).max(254) }),
    response: ok({}),
  }),
  requestMfaReset: defineRoute({
    method: 'GET',
    path: '/user_invitations/resetmfarequest/:id',
    summary: 'Lost authenticator: asks the Master User (or an admin) to reset MFA; :id is the login',
    tag: 'login',
    auth: 'public',
    params: z.object({ id: z.string().trim().min(1).max(254) }),
    response: ok({}),
  }),
  renewPasswordInfo: defineRoute({
    method: 'GET',
    path: '/frusrs/renewp/:token',
    summary: 'Checks a password renewal link (valid 15 minutes, single use)',
    tag: 'login',
    auth: 'public',
    errors: ['LINK_EXPIRED', 'LINK_INVALID', 'UNAUTHENTICATED'],
    params: z.object({ token: z.string().min(1).max(200) }),
    response: ok({ email: z.string(), expires_at: z.string() }),
  }),
  renewPassword: defineRoute({
    method: 'POST',
    path: '/frusrs/renewp/:token',
    summary: 'Sets a new password from a renewal link',
    tag: 'login',
    auth: 'public',
    errors: [
      'LINK_EXPIRED',
      'LINK_INVALID',
      'PASSWORD_NOT_CHANGED_BLOCKED',
      'PASSWORD_POLICY',
      'PASSWORD_SAME_AS_OLD',
      'PASSWORD_TOO_COMMON',
      'UNAUTHENTICATED',
    ],
    params: z.object({ token: z.string().min(1).max(200) }),
    body: z.object(newPasswordShape),
    response: ok({}),
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/frusrs/change_password',
    summary: 'Change password (ends every session of the user)',
    tag: 'security',
    auth: 'user',
    errors: ['FORBIDDEN', 'PASSWORD_POLICY', 'PASSWORD_SAME_AS_OLD', 'PASSWORD_TOO_COMMON'],
    body: z.object({ old_password: passwordDigestSchema, ...newPasswordShape }),
    response: ok({}),
  }),
  changeEmail: defineRoute({
    method: 'POST',
    path: '/frusrs/change_email',
    summary: 'Change email: sets email_confirmed false and mails a confirmation link',
    tag: 'security',
    auth: 'user',
    errors: ['EMAIL_SAME_AS_CURRENT', 'EMAIL_TAKEN', 'FORBIDDEN'],
    body: z.object({ password: passwordDigestSchema, email: z.email().max(254) }),
    response: ok({ email: z.string(), email_confirmed: z.boolean() }),
  }),
  resendEmailConfirmation: defineRoute({
    method: 'POST',
    path: '/frusrs/change_email/resend',
    summary: 'Mails a new confirmation link for the current, unconfirmed email',
    tag: 'security',
    auth: 'user',
    errors: ['EMAIL_NO_CONFIRMATION_TOKEN'],
    body: z.object({}).optional(),
    response: ok({}),
  }),
  confirmEmail: defineRoute({
    method: 'GET',
    path: '/frusrs/change_email/:token',
    summary: 'Confirms an email from the mailed link',
    tag: 'security',
    auth: 'public',
    errors: ['EMAIL_CONFIRM_WRONG_LINK'],
    params: z.object({ token: z.string().min(1).max(200) }),
    response: ok({ email: z.string() }),
  }),
  changeSettings: defineRoute({
    method: 'POST',
    path: '/frusrs/change_settings',
    summary: 'UI language, theme, notification parameters, MFA login prompt, auto-approve of payouts',
    tag: 'users',
    auth: 'user',
    errors: ['AUTO_APPROVE_NEEDS_APPROVE'],
    body: z
      .object({
        ui_language: z
          .string()
          .regex(/^[a-z]{2}(-[a-z]{2})?$/, 'Unknown language code')
          .optional(),
        ui_theme: z.enum(UI_THEMES).optional(),
        notification_params: z
          .record(z.string().max(64), z.union([z.boolean(), z.number(), z.string().max(200)]))
          .optional(),
        // MFA at sign-in is mandatory (spec §6, PSD2): the field stays for clients that send it.
        mfa_login_prompt: z
          .literal(true, {
            error: 'The MFA code is always asked at sign-in (PSD2) and cannot be switched off',
          })
          .optional(),
        auto_approve_payouts: z.boolean().optional(),
      })
      .strict(),
    response: ok({
      ui_language: z.string(),
      ui_theme: z.enum(UI_THEMES),
      notification_params: z.record(z.string(), z.unknown()),
      mfa_login_prompt: z.boolean(),
      auto_approve_payouts: z.boolean(),
    }),
  }),
  securityHistory: defineRoute({
    method: 'POST',
    path: '/frusrs/scrt_history/:page/:rows',
    summary: "The caller's security history, newest first, filtered",
    tag: 'security',
    auth: 'user',
    params: pageParams,
    body: z.object({
      action_type: z.enum(SECURITY_ACTION_TYPES).nullish(),
      action_result: z.enum(SECURITY_ACTION_RESULTS).nullish(),
      date_from: isoDate.nullish(),
      date_to: isoDate.nullish(),
    }),
    response: ok({ records: z.array(securityHistoryRecordSchema), total: z.number().int() }),
  }),
};
