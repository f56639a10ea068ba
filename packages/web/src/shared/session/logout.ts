import { apiRoutes } from '@portal/domain';
import { callApi } from '../api/client.ts';
import { clearSession } from './session-store.ts';
import { decodeToken, readStoredToken } from './token.ts';

export type LogoutReason = 'user' | 'maintenance' | 'refused';
type LogoutListener = (reason: LogoutReason) => void;
const listeners = new Set<LogoutListener>();

/** The app shell registers here: clear cached data and go to the right login page. */
export function onLogout(listener: LogoutListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Drops the token and tells the shell. A user's own logout also ends the session on the server
 * (`apiRoutes.logout`), so the token is worthless even if it was copied; `keepalive` lets the
 * call finish while the page navigates. Boarding sessions have no such call and simply end.
 */
export function logout(reason: LogoutReason = 'user'): void {
  const token = readStoredToken();
  const purpose = decodeToken(token)?.pur;
  if (reason === 'user' && token && (purpose === undefined || purpose === 'session')) {
    // The stored token, given explicitly: the session is cleared right below while the call is on its way.
    callApi(apiRoutes.logout, { body: {}, token, keepalive: true }).catch(() => {
      // Offline, or already ended: the session still expires on its own.
    });
  }
  clearSession();
  for (const listener of listeners) listener(reason);
}
