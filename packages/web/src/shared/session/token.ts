/** Session token storage (spec §9: key `id_token` in session storage) and payload decoding. */

export const TOKEN_KEY = 'id_token';

/** Claims the browser reads. The signature is never checked here: the server does that on every call. */
export interface TokenPayload {
  sub: string;
  /** Expiry, seconds since the epoch (JWT convention). */
  exp: number;
  iat?: number;
  /** Boarding scopes (`appforms/read` ...) as an array or a space-separated string. */
  scopes?: string[];
  scope?: string;
  /** Purpose set by the server: 'session' (portal), 'boarding', 'verification', 'mfa' … */
  pur?: string;
  [claim: string]: unknown;
}

const base64UrlDecode = (part: string): string => {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
};

/** Decodes a JWT payload; null when the text is not a JWT with `sub` and numeric `exp`. */
export function decodeToken(token: string | null | undefined): TokenPayload | null {
  if (!token) return null;
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(part));
    if (typeof payload !== 'object' || payload === null) return null;
    const { sub, exp } = payload as Record<string, unknown>;
    if (typeof exp !== 'number') return null;
    return {
      ...(payload as Record<string, unknown>),
      sub: typeof sub === 'string' ? sub : String(sub ?? ''),
      exp,
    };
  } catch {
    return null;
  }
}

export const expiresAtMs = (payload: TokenPayload): number => payload.exp * 1000;

export const isExpired = (payload: TokenPayload, now = Date.now()): boolean => expiresAtMs(payload) <= now;

export function readStoredToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function writeStoredToken(token: string | null): void {
  try {
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
    else sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage disabled (private mode policies): the session then lives only in memory.
  }
}

export function tokenScopes(payload: TokenPayload | null): string[] {
  if (!payload) return [];
  if (Array.isArray(payload.scopes)) return payload.scopes.filter((s): s is string => typeof s === 'string');
  if (typeof payload.scope === 'string') return payload.scope.split(/\s+/).filter(Boolean);
  return [];
}
