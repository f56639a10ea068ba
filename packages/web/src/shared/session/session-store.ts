import {
  decodeToken,
  isExpired,
  readStoredToken,
  type TokenPayload,
  writeStoredToken,
  expiresAtMs,
} from './token.ts';

/** Spec §4: a session is logged in (until `exp`), just logged in (token obtained in this page load), or logged out. */
export type SessionStatus = 'loggedIn' | 'justLoggedIn' | 'loggedOut';

export interface SessionSnapshot {
  status: SessionStatus;
  token: string | null;
  payload: TokenPayload | null;
  /** Milliseconds since the epoch; null when logged out. */
  expiresAt: number | null;
}

const LOGGED_OUT: SessionSnapshot = { status: 'loggedOut', token: null, payload: null, expiresAt: null };

let token: string | null = readStoredToken();
let justLoggedIn = false;
/** Set once the first protected navigation of this page load has refreshed (or skipped refreshing) the token. */
let refreshedThisLoad = false;
let snapshot: SessionSnapshot = compute();
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function compute(): SessionSnapshot {
  const payload = decodeToken(token);
  if (!token || !payload || isExpired(payload)) return LOGGED_OUT;
  return {
    status: justLoggedIn ? 'justLoggedIn' : 'loggedIn',
    token,
    payload,
    expiresAt: expiresAtMs(payload),
  };
}

function publish(): void {
  snapshot = compute();
  if (expiryTimer) clearTimeout(expiryTimer);
  if (snapshot.expiresAt !== null) {
    // setTimeout overflows past ~24.8 days; tokens live minutes, so cap the wait and re-check.
    const wait = Math.min(snapshot.expiresAt - Date.now() + 50, 2 ** 31 - 1);
    expiryTimer = setTimeout(publish, Math.max(wait, 0));
  }
  for (const listener of listeners) listener();
}

export const sessionStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot(): SessionSnapshot {
    // A token can expire without any event (tab asleep): recompute lazily.
    if (snapshot.expiresAt !== null && snapshot.expiresAt <= Date.now()) publish();
    return snapshot;
  },
};

/** Stores a token from a login (`justLoggedIn`) or a refresh. */
export function setSessionToken(next: string, options: { justLoggedIn?: boolean } = {}): void {
  token = next;
  writeStoredToken(next);
  if (options.justLoggedIn) {
    justLoggedIn = true;
    // A token obtained by logging in is fresh: no refresh needed on the next protected navigation.
    refreshedThisLoad = true;
  }
  publish();
}

/** Drops the token (logout, maintenance, refused refresh). */
export function clearSession(): void {
  token = null;
  justLoggedIn = false;
  writeStoredToken(null);
  publish();
}

export const getSession = (): SessionSnapshot => sessionStore.getSnapshot();
export const getToken = (): string | null => getSession().token;
export const isLoggedIn = (): boolean => getSession().status !== 'loggedOut';

export function needsFirstRefresh(): boolean {
  return !refreshedThisLoad;
}

export function markFirstRefreshDone(): void {
  refreshedThisLoad = true;
}
