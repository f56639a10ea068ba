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
 * (`POST /frusrs/logout`), so the token is worthless even if it was copied; `keepalive` lets the
 * call finish while the page navigates. Boarding sessions have no such call and simply end.
 */
export function logout(reason: LogoutReason = 'user'): void {
  const token = readStoredToken();
  const purpose = decodeToken(token)?.pur;
  if (reason === 'user' && token && (purpose === undefined || purpose === 'session')) {
    void fetch('/api/frusrs/logout', {
      method: 'POST',
      keepalive: true,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{}',
    }).catch(() => {
      // Offline: the session still expires on its own.
    });
  }
  clearSession();
  for (const listener of listeners) listener(reason);
}
