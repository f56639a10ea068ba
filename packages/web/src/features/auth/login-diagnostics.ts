import { apiRoutes, MFA_CODE_LENGTH } from '@portal/domain';
import type { TFunction } from 'i18next';
import { ApiError, buildPath, errorMessage, NetworkError } from '../../shared/api/index.ts';

/**
 * The spec §8 login messages whose condition the browser detects: browser not supported (feature
 * detection), network error possibly from a firewall, device date and time wrong (clock skew from the
 * server's Date header), wrong clipboard value for the code, temporary error recovery.
 */

// --- Browser support ---------------------------------------------------------------------------

export type BrowserSupport = { level: 'full' | 'partial' | 'none'; missing: string[] };

/** What a browser must have to sign in at all (password digest, calls, the session token). */
const REQUIRED: Record<string, (g: typeof globalThis) => boolean> = {
  fetch: (g) => typeof g.fetch === 'function',
  webCrypto: (g) => typeof g.crypto?.subtle?.digest === 'function',
  sessionStorage: (g) => {
    try {
      const key = '__portal_probe__';
      g.sessionStorage.setItem(key, '1');
      g.sessionStorage.removeItem(key);
      return true;
    } catch {
      return false;
    }
  },
  intl: (g) => typeof g.Intl?.DateTimeFormat === 'function' && typeof g.Intl?.NumberFormat === 'function',
};

/** What some screens use; without it the portal works with less (copy buttons, relative times). */
const OPTIONAL: Record<string, (g: typeof globalThis) => boolean> = {
  clipboard: (g) => typeof g.navigator?.clipboard?.writeText === 'function',
  relativeTime: (g) => typeof g.Intl?.RelativeTimeFormat === 'function',
  cssGrid: (g) => typeof g.CSS?.supports !== 'function' || g.CSS.supports('display', 'grid'),
  resizeObserver: (g) => typeof g.ResizeObserver === 'function',
};

/** Feature detection, never the user agent string: `none` blocks sign-in, `partial` warns. */
export function detectBrowserSupport(g: typeof globalThis = globalThis): BrowserSupport {
  const failing = (checks: Record<string, (g: typeof globalThis) => boolean>) =>
    Object.entries(checks)
      .filter(([, check]) => {
        try {
          return !check(g);
        } catch {
          return true;
        }
      })
      .map(([name]) => name);
  const required = failing(REQUIRED);
  if (required.length > 0) return { level: 'none', missing: required };
  const optional = failing(OPTIONAL);
  return { level: optional.length > 0 ? 'partial' : 'full', missing: optional };
}

// --- Device clock --------------------------------------------------------------------------------

/** The authenticator code is bound to 30-second steps: past 5 minutes of drift it cannot match. */
export const CLOCK_SKEW_LIMIT_MS = 5 * 60_000;

/**
 * How far the device clock is from the server's, from the server's Date header (1 s resolution)
 * and the local times the request left and the answer came: positive = the device is ahead.
 * Undefined when there is no usable header.
 */
export function clockSkewMs(
  serverDate: string | null,
  sentAt: number,
  receivedAt: number,
): number | undefined {
  if (!serverDate) return undefined;
  const server = Date.parse(serverDate);
  if (Number.isNaN(server)) return undefined;
  const local = sentAt + (receivedAt - sentAt) / 2;
  return local - server;
}

export const isClockWrong = (skew: number | undefined) =>
  skew !== undefined && Math.abs(skew) > CLOCK_SKEW_LIMIT_MS;

/** Asks the server for its time (the platform call answers with a Date header). */
export async function measureClockSkew(
  fetchImpl: typeof fetch = globalThis.fetch,
  now: () => number = Date.now,
): Promise<number | undefined> {
  try {
    const sentAt = now();
    const res = await fetchImpl(`/api${buildPath(apiRoutes.platform.path)}`, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      cache: 'no-store',
    });
    const receivedAt = now();
    await res.body?.cancel().catch(() => undefined);
    return clockSkewMs(res.headers.get('date'), sentAt, receivedAt);
  } catch {
    return undefined;
  }
}

// --- Pasted code ------------------------------------------------------------------------------------

/**
 * A pasted authenticator code: the six digits once spaces and dashes are removed ("123 456",
 * "123-456"), or null when the clipboard holds something else (a password, a link, five digits).
 */
export function pastedCode(text: string): string | null {
  const digits = text.trim().replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`).test(digits) ? digits : null;
}

// --- Which message a failed login shows ---------------------------------------------------------------

export type LoginStepKind = 'credentials' | 'mfa_setup' | 'mfa_code' | 'password_change';

/**
 * The login-specific message key for a failure, or undefined for the general display rule
 * (the server's catalogue message in the user's language).
 */
export function loginFailureKey(
  error: unknown,
  context: { step: LoginStepKind; clockSkewMs?: number | undefined },
): string | undefined {
  if (error instanceof NetworkError) return 'login:errors.network';
  if (!(error instanceof ApiError)) return undefined;
  // A proxy answering while the server restarts, or the server's own LOGIN_RECOVERY.
  if (error.code === 'LOGIN_RECOVERY' || [502, 503, 504].includes(error.status))
    return 'login:errors.recovery';
  // A refused code from a device whose clock is off: the code could not have matched.
  if (
    context.step !== 'credentials' &&
    (error.code === 'LOGIN_FAILED' || error.status === 401) &&
    isClockWrong(context.clockSkewMs)
  )
    return 'login:errors.clock';
  return undefined;
}

// --- Email confirmation ---------------------------------------------------------------------------

/**
 * The text of a failed email confirmation (spec §8): a 404 is the wrong link ('Wrong link to
 * confirm email'); any other failure is 'Problem confirming email: {error}'.
 */
export function emailConfirmationProblem(error: unknown, t: TFunction): string {
  const text = errorMessage(error, t);
  if (error instanceof ApiError && error.status === 404) return text;
  return t('email:confirmation.problem', { error: text });
}
