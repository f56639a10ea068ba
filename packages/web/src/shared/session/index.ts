export { type LogoutReason, logout, onLogout } from './logout.ts';
export { type BoardingSessionRef, refreshToken } from './refresh.ts';
export {
  clearSession,
  getSession,
  getToken,
  isLoggedIn,
  markFirstRefreshDone,
  needsFirstRefresh,
  type SessionSnapshot,
  type SessionStatus,
  setSessionToken,
} from './session-store.ts';
export { decodeToken, TOKEN_KEY, type TokenPayload, tokenScopes } from './token.ts';
export { type Session, useSession } from './use-session.ts';
export { registerRightsLoader, rightsQueryKey, useRights } from './rights.ts';
