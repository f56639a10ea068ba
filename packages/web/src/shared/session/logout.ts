import { clearSession } from './session-store.ts';

export type LogoutReason = 'user' | 'maintenance' | 'refused';
type LogoutListener = (reason: LogoutReason) => void;
const listeners = new Set<LogoutListener>();

/** The app shell registers here: clear cached data and go to the right login page. */
export function onLogout(listener: LogoutListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Drops the token and tells the shell; there is no server-side logout call in the spec. */
export function logout(reason: LogoutReason = 'user'): void {
  clearSession();
  for (const listener of listeners) listener(reason);
}
