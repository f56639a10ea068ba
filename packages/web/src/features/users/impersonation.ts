import { apiRoutes } from '@portal/domain';
import { ApiError, callApi } from '../../shared/api/index.ts';
import { logout, onLogout, TOKEN_KEY } from '../../shared/session/index.ts';

/**
 * Impersonation (spec §6, `GET /frusrs/hsh/:id`): the server answers a session token of the client user
 * that carries the admin as impersonator; the admin's own session stays valid. The browser keeps the
 * admin's token beside it in session storage (same tab, same trust as `id_token`), keeps it alive while
 * acting, and switches back to it on Stop. Both switches reload the page so no data of one identity
 * stays cached or rendered under the other.
 */
const STASH_KEY = 'impersonator_session';

interface Stash {
  /** The admin's session token. */
  token: string;
  /** Where the admin returns to on Stop. */
  returnTo: string;
}

function readStash(): Stash | null {
  try {
    const raw = sessionStorage.getItem(STASH_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { token, returnTo } = value as Record<string, unknown>;
    return typeof token === 'string' && typeof returnTo === 'string' ? { token, returnTo } : null;
  } catch {
    return null;
  }
}

function writeStash(stash: Stash | null): void {
  try {
    if (stash) sessionStorage.setItem(STASH_KEY, JSON.stringify(stash));
    else sessionStorage.removeItem(STASH_KEY);
  } catch {
    // Storage disabled: Stop then ends at the login page.
  }
}

// Any other way out of the impersonated session (menu Logout, maintenance, refused refresh) ends both.
onLogout(() => writeStash(null));

/**
 * Refreshes a token that is not the current one (the admin's, kept aside) through the same refresh
 * route as the session's: the new token, null when the server refuses it, 'offline' without an answer.
 */
async function refreshAside(token: string): Promise<string | null | 'offline'> {
  try {
    const answer = await callApi(apiRoutes.refreshToken, { token });
    return typeof answer?.token === 'string' ? answer.token : null;
  } catch (error) {
    return error instanceof ApiError ? null : 'offline';
  }
}

/** Switches this tab to the impersonated session; `adminToken` is the session being left. */
export function beginImpersonation(adminToken: string, userToken: string, returnTo: string): void {
  writeStash({ token: adminToken, returnTo });
  // Written straight to storage, then a full load: the current screen never renders with the new identity.
  sessionStorage.setItem(TOKEN_KEY, userToken);
  window.location.assign('/');
}

/** Keeps the admin's token alive while acting (it expires after the token TTL otherwise). */
export async function keepImpersonatorAlive(): Promise<void> {
  const stash = readStash();
  if (!stash) return;
  const next = await refreshAside(stash.token);
  if (next === 'offline') return;
  writeStash(next ? { ...stash, token: next } : null);
}

/**
 * Stop: ends the impersonated session on the server, then returns to the admin's session when it is
 * still valid, else to the login page.
 */
export async function endImpersonation(): Promise<void> {
  const stash = readStash();
  writeStash(null);
  // The admin's token first: the gap between ending this session and leaving the page stays tiny.
  const adminToken = stash ? await refreshAside(stash.token) : null;
  try {
    await callApi(apiRoutes.logout, { body: {} });
  } catch {
    // Already expired or revoked: nothing to end.
  }
  if (stash && typeof adminToken === 'string') {
    sessionStorage.setItem(TOKEN_KEY, adminToken);
    window.location.assign(stash.returnTo);
    return;
  }
  logout('user');
}
