import { createHash } from 'node:crypto';
import { baseUrl } from './browser.ts';
import { demoLogin, freshTotp } from './login.ts';

const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');

/** Calls the API like the browser does (bearer token, Timezone header, JSON). */
export async function api<T = Record<string, unknown>>(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(new URL(`/api${path}`, baseUrl), {
    method,
    headers: {
      timezone: '0',
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** A full-session token of a demo login through the real two-step login (password, then TOTP). */
export async function apiLogin(login: string): Promise<string> {
  const user = demoLogin(login);
  if (!user.totpSecret) throw new Error(`${login} has no TOTP secret`);
  const password = sha512(user.password);
  const first = await api<{ login_prompt?: string; token?: string }>('POST', '/frusrs/tkn', {
    body: { login: user.login, password },
  });
  if (first.status !== 200) throw new Error(`login of ${login} failed: ${JSON.stringify(first.body)}`);
  const second = await api<{ token?: string; login_prompt?: string }>('POST', '/frusrs/tkn', {
    body: { login: user.login, password, secret_code: await freshTotp(user.totpSecret) },
  });
  if (second.status !== 200 || !second.body.token || second.body.login_prompt) {
    throw new Error(`second factor of ${login} failed: ${JSON.stringify(second.body)}`);
  }
  return second.body.token;
}
