import assert from 'node:assert/strict';
import type { Page, Request } from 'playwright-core';

/**
 * Request storms (issue 19): an effect that depends on a value with a new identity every render
 * calls the API again and again (once: DELETE /api/boarding/forms/lock ~7 times a second after one
 * edit). A screen at rest, or just after one edit, makes a handful of calls at most; this counts the
 * page's /api calls over a short window and fails above a small bound, naming what was called.
 */
export interface QuietOptions {
  /** How long to watch (the window is the measurement, not a wait for a condition). */
  ms?: number;
  /**
   * Most API calls allowed in the window. A money screen refreshes its figures when the server pushes
   * that money moved (one refresh per 1.5 s burst: 3-4 calls), which may happen twice in a window
   * on a shared server; a loop is caught by `maxSame`, since it repeats one call.
   */
  max?: number;
  /** Most calls allowed to one method + path in the window (a loop repeats one call). */
  maxSame?: number;
}

export async function countApiCalls(page: Page, ms: number): Promise<string[]> {
  const seen: string[] = [];
  const onRequest = (request: Request) => {
    const u = new URL(request.url());
    // The notification stream is one long-lived request, not a storm.
    if (u.pathname.startsWith('/api/') && !u.pathname.endsWith('/stream'))
      seen.push(`${request.method()} ${u.pathname}`);
  };
  page.on('request', onRequest);
  try {
    await new Promise((resolve) => setTimeout(resolve, ms));
  } finally {
    page.off('request', onRequest);
  }
  return seen;
}

/**
 * Waits (bounded) until the screen has finished loading: a window with no API call. A screen that
 * is still fetching its first data on a loaded machine is not at rest yet; a storm never settles,
 * so it is still caught by the count that follows.
 */
export async function settle(page: Page, { window = 750, within = 8_000 } = {}): Promise<void> {
  const deadline = Date.now() + within;
  while (Date.now() < deadline) {
    if ((await countApiCalls(page, window)).length === 0) return;
  }
}

/**
 * Asserts that `screen` stays quiet: first `action` (an edit, or nothing for idle, which first waits for
 * the screen to finish loading) runs, then the calls of the next `ms` are counted. Answers the calls seen, for further checks.
 */
export async function expectQuiet(
  page: Page,
  screen: string,
  action: (() => Promise<void>) | null = null,
  { ms = 3000, ...bounds }: QuietOptions = {},
): Promise<string[]> {
  if (action) await action();
  else await settle(page);
  const calls = await countApiCalls(page, ms);
  assertFewCalls(`${screen}${action ? ' after an edit' : ' at rest'}`, calls, ms, bounds);
  return calls;
}

/** The bound of `expectQuiet` on `calls` seen over `ms`: at most `max`, one call at most `maxSame` times. */
export function assertFewCalls(
  what: string,
  calls: string[],
  ms: number,
  { max = 10, maxSame = 3 }: Omit<QuietOptions, 'ms'> = {},
): void {
  const counts = new Map<string, number>();
  for (const c of calls) counts.set(c, (counts.get(c) ?? 0) + 1);
  const worst = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  assert.ok(
    calls.length <= max,
    `${what}: ${calls.length} API calls in ${ms} ms (max ${max}): ${calls.join(', ')}`,
  );
  assert.ok(
    !worst || worst[1] <= maxSame,
    `${what}: ${worst?.[0]} called ${worst?.[1]} times in ${ms} ms (max ${maxSame})`,
  );
}
