import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSessionToken } from '../../shared/session/session-store.ts';
import { renderUi } from '../../shared/testing/render.tsx';
import { SESSION_WARNING_MS, SessionExpiryWarning } from './session-expiry-warning.tsx';

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A session token that expires `seconds` from now (the page reads `exp`, never the signature). */
const tokenExpiringIn = (seconds: number) =>
  `${part({ alg: 'HS256' })}.${part({ sub: 'u-1', pur: 'session', exp: Math.floor(Date.now() / 1000) + seconds })}.sig`;

const warning = () => screen.queryByTestId('session-expiry-warning');
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.useRealTimers();
});

describe('<SessionExpiryWarning> (spec §4, §9)', () => {
  it('opens when the session enters its last two minutes and counts the seconds down', async () => {
    setSessionToken(tokenExpiringIn(300));
    await renderUi(<SessionExpiryWarning />);
    expect(warning()).toBeNull();

    // One second before the window: still closed.
    await advance(300_000 - SESSION_WARNING_MS - 1_000);
    expect(warning()).toBeNull();

    await advance(1_000);
    expect(warning()?.textContent).toContain('signed out in 2:00');
    await advance(1_000);
    expect(warning()?.textContent).toContain('signed out in 1:59');
    await advance(58_000);
    expect(warning()?.textContent).toContain('signed out in 1:01');
  });

  it('opens at once for a session already inside its last two minutes', async () => {
    setSessionToken(tokenExpiringIn(90));
    await renderUi(<SessionExpiryWarning />);
    expect(warning()?.textContent).toContain('signed out in 1:30');
  });
});
