import { apiFetch } from '../../shared/api/index.ts';
import { sha512Hex } from './password-hash.ts';

/** Answer of POST /api/frusrs/tkn (spec §7): a token, or a `login_prompt` asking for the next step (MFA). */
export interface LoginAnswer {
  success: boolean;
  token?: string;
  login_prompt?: string;
}

export interface LoginInput {
  login: string;
  password: string;
}

/**
 * POST /api/frusrs/tkn with the password hashed. Uses `apiFetch` because the identity area has not
 * added this route to `apiRoutes` yet; switch to `callApi(apiRoutes.<login route>, { body })` when it does.
 */
export async function requestToken({ login, password }: LoginInput): Promise<LoginAnswer> {
  return apiFetch<LoginAnswer>('POST', '/frusrs/tkn', {
    body: { login: login.trim(), password: await sha512Hex(password) },
  });
}
