import { useSyncExternalStore } from 'react';
import { type SessionSnapshot, sessionStore } from './session-store.ts';
import { tokenScopes } from './token.ts';

export interface Session extends SessionSnapshot {
  isLoggedIn: boolean;
  /** User id (`sub`), null when logged out. */
  userId: string | null;
  hasScope: (scope: string) => boolean;
  /** A boarding applicant's session (`/:uuid/:role`): it never calls the portal's endpoints. */
  isBoarding: boolean;
}

const BOARDING_PURPOSES: readonly unknown[] = ['boarding', 'otp', 'verification'];

/** The current session; re-renders on login, refresh, logout and at token expiry. */
export function useSession(): Session {
  const snapshot = useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);
  const scopes = tokenScopes(snapshot.payload);
  return {
    ...snapshot,
    isLoggedIn: snapshot.status !== 'loggedOut',
    userId: snapshot.payload?.sub ?? null,
    hasScope: (scope) => scopes.includes(scope),
    isBoarding: BOARDING_PURPOSES.includes(snapshot.payload?.pur),
  };
}
