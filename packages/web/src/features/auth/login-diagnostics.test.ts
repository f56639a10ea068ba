import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../shared/api/index.ts';
import { i18n, i18nReady, setLanguage } from '../../shared/i18n/index.ts';
import {
  CLOCK_SKEW_LIMIT_MS,
  clockSkewMs,
  detectBrowserSupport,
  emailConfirmationProblem,
  isClockWrong,
  loginFailureKey,
  measureClockSkew,
  pastedCode,
} from './login-diagnostics.ts';

/** A browser-like global with every feature; tests take pieces away. */
function browser(overrides: Record<string, unknown> = {}) {
  const store = new Map<string, string>();
  return {
    fetch: () => undefined,
    crypto: { subtle: { digest: () => undefined } },
    sessionStorage: {
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    },
    Intl,
    navigator: { clipboard: { writeText: () => undefined } },
    CSS: { supports: () => true },
    ResizeObserver: class {},
    ...overrides,
  } as unknown as typeof globalThis;
}

describe('browser not supported (feature detection)', () => {
  it('a full browser is supported', () => {
    expect(detectBrowserSupport(browser())).toEqual({ level: 'full', missing: [] });
  });

  it('no Web Crypto (an old browser or a page not on https), no fetch or no storage: not supported', () => {
    expect(detectBrowserSupport(browser({ crypto: {} }))).toEqual({ level: 'none', missing: ['webCrypto'] });
    expect(detectBrowserSupport(browser({ fetch: undefined })).level).toBe('none');
    const blocked = {
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(detectBrowserSupport(browser({ sessionStorage: blocked }))).toEqual({
      level: 'none',
      missing: ['sessionStorage'],
    });
  });

  it('no clipboard API or no CSS grid: partially supported', () => {
    expect(detectBrowserSupport(browser({ navigator: {} }))).toEqual({
      level: 'partial',
      missing: ['clipboard'],
    });
    expect(detectBrowserSupport(browser({ CSS: { supports: () => false } })).missing).toEqual(['cssGrid']);
  });
});

describe('device date and time wrong (server Date header)', () => {
  const server = Date.parse('2026-11-23T12:00:00Z');

  it('measures the skew against the middle of the round trip', () => {
    const header = new Date(server).toUTCString();
    expect(clockSkewMs(header, server - 100, server + 100)).toBe(0);
    expect(clockSkewMs(header, server + 10 * 60_000, server + 10 * 60_000 + 200)).toBe(10 * 60_000 + 100);
    expect(clockSkewMs(null, 0, 1)).toBeUndefined();
    expect(clockSkewMs('not a date', 0, 1)).toBeUndefined();
  });

  it('more than 5 minutes either way is wrong', () => {
    expect(isClockWrong(CLOCK_SKEW_LIMIT_MS)).toBe(false);
    expect(isClockWrong(CLOCK_SKEW_LIMIT_MS + 1000)).toBe(true);
    expect(isClockWrong(-(CLOCK_SKEW_LIMIT_MS + 1000))).toBe(true);
    expect(isClockWrong(undefined)).toBe(false);
  });

  it('asks the platform call for the Date header; no answer means unknown, not wrong', async () => {
    const fetchImpl = vi.fn(
      async () => new Response('{}', { headers: { date: new Date(server - 7 * 60_000).toUTCString() } }),
    );
    const skew = await measureClockSkew(fetchImpl as unknown as typeof fetch, () => server);
    expect(fetchImpl).toHaveBeenCalledWith('/api/platform', expect.objectContaining({ method: 'GET' }));
    expect(skew).toBe(7 * 60_000);
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await measureClockSkew(offline as unknown as typeof fetch)).toBeUndefined();
  });
});

describe('wrong clipboard value for the code', () => {
  it('takes six digits, with spaces or a dash; refuses anything else', () => {
    expect(pastedCode('123456')).toBe('123456');
    expect(pastedCode(' 123 456\n')).toBe('123456');
    expect(pastedCode('123-456')).toBe('123456');
    for (const bad of ['12345', '1234567', 'Str0ng-Pass!', 'https://portal.example/x', '12345a', ''])
      expect(pastedCode(bad), bad).toBeNull();
  });
});

describe('which message a failed login shows', () => {
  const refused = new ApiError({ status: 401, code: 'LOGIN_FAILED', messages: ['x'] });

  it('no answer at all: network error, possibly a firewall', () => {
    expect(loginFailureKey(new NetworkError(new TypeError('Failed to fetch')), { step: 'credentials' })).toBe(
      'login:errors.network',
    );
  });

  it('a restarting server (502/503/504) or LOGIN_RECOVERY: temporary error recovery', () => {
    for (const status of [502, 503, 504])
      expect(loginFailureKey(new ApiError({ status, code: 'UNKNOWN' }), { step: 'credentials' })).toBe(
        'login:errors.recovery',
      );
    expect(
      loginFailureKey(new ApiError({ status: 503, code: 'LOGIN_RECOVERY', messages: ['x'] }), {
        step: 'mfa_code',
      }),
    ).toBe('login:errors.recovery');
  });

  it('a refused code from a device whose clock is off: the date and time message', () => {
    expect(loginFailureKey(refused, { step: 'mfa_code', clockSkewMs: 6 * 60_000 })).toBe(
      'login:errors.clock',
    );
    expect(loginFailureKey(refused, { step: 'mfa_setup', clockSkewMs: -6 * 60_000 })).toBe(
      'login:errors.clock',
    );
    // A wrong password is not the clock's fault; a right clock leaves the server's message.
    expect(loginFailureKey(refused, { step: 'credentials', clockSkewMs: 6 * 60_000 })).toBeUndefined();
    expect(loginFailureKey(refused, { step: 'mfa_code', clockSkewMs: 1000 })).toBeUndefined();
    const blocked = new ApiError({ status: 403, code: 'LOGIN_BLOCKED_PASSWORD_CHANGE', messages: ['x'] });
    expect(loginFailureKey(blocked, { step: 'password_change', clockSkewMs: 0 })).toBeUndefined();
  });
});

describe('messages in both languages', () => {
  it('blocked for overdue password change and recovery come from the catalogue', async () => {
    await i18nReady;
    for (const language of ['en-gb', 'ru']) {
      await setLanguage(language);
      const t = i18n.t.bind(i18n);
      const text = t('errors:LOGIN_BLOCKED_PASSWORD_CHANGE', { minutes: 15 });
      expect(text).toContain('15');
      expect(text).not.toContain('{');
      for (const key of ['network', 'recovery', 'clock', 'clipboard'])
        expect(t(`login:errors.${key}`)).not.toBe(`errors.${key}`);
    }
    await setLanguage('en-gb');
  });

  it("email confirmation: 404 is the wrong link, anything else 'Problem confirming email: {error}'", async () => {
    await i18nReady;
    await setLanguage('en-gb');
    const t = i18n.t.bind(i18n);
    const wrong = new ApiError({
      status: 404,
      code: 'EMAIL_CONFIRM_WRONG_LINK',
      messages: ['Wrong link to confirm email'],
    });
    expect(emailConfirmationProblem(wrong, t)).toBe('Wrong link to confirm email');
    const other = new ApiError({ status: 417, code: 'SOMETHING', messages: ['Token already used'] });
    expect(emailConfirmationProblem(other, t)).toBe('Problem confirming email: Token already used');
    expect(emailConfirmationProblem(new NetworkError(null), t)).toMatch(/^Problem confirming email: /);
    await setLanguage('ru');
    expect(emailConfirmationProblem(other, i18n.t.bind(i18n))).toBe(
      'Проблема при подтверждении электронной почты: Token already used',
    );
    await setLanguage('en-gb');
  });
});
