import { apiRoutes, type LoginPrompt, type RouteResponse } from '@portal/domain';
import { countPasswordChars } from '@portal/domain';
import { callApi } from '../../shared/api/index.ts';
import { sha512Hex } from '../../shared/security/password-digest.ts';

export type LoginAnswer = RouteResponse<typeof apiRoutes.login>;
export type SecretAnswer = RouteResponse<typeof apiRoutes.getSecret>;

/** What the login flow remembers between its steps: never the plain password, only its digest. */
export interface LoginCredentials {
  login: string;
  passwordDigest: string;
}

export interface NewPasswordInput {
  /** Plain text: counted here, hashed here, never sent. */
  password: string;
}

/** The new-password part of a body: SHA-512 digest plus the policy counts the server checks again (spec §7). */
export async function newPasswordBody({ password }: NewPasswordInput) {
  return { new_password: await sha512Hex(password), ...countPasswordChars(password) };
}

/** POST /frusrs/tkn: password, then optionally the code and an overdue password change. */
export function requestToken(
  credentials: LoginCredentials,
  extra: { code?: string; newPassword?: Awaited<ReturnType<typeof newPasswordBody>> } = {},
): Promise<LoginAnswer> {
  return callApi(apiRoutes.login, {
    body: {
      login: credentials.login.trim(),
      password: credentials.passwordDigest,
      secret_code: extra.code,
      ...extra.newPassword,
    },
  });
}

/**
 * POST /frusrs/get_secret with the pre-MFA token of the login answer. That token opens nothing but
 * this step, so it is sent for this call only and never stored as the session.
 */
export function requestSecret(mfaToken: string, passwordDigest: string): Promise<SecretAnswer> {
  return callApi(apiRoutes.getSecret, { body: { password: passwordDigest }, token: mfaToken });
}

export const requestPasswordReset = (login: string) =>
  callApi(apiRoutes.requestPasswordReset, { params: { id: login.trim() } });

export const requestMfaReset = (login: string) =>
  callApi(apiRoutes.requestMfaReset, { params: { id: login.trim() } });

export const authKeys = {
  invitation: (code: string) => ['auth', 'invitation', code] as const,
  renewal: (token: string) => ['auth', 'renewal', token] as const,
  emailConfirmation: (token: string) => ['auth', 'emailConfirmation', token] as const,
};

export type { LoginPrompt };
