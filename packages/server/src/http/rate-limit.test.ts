import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // The test's requests come through a "proxy" at 127.0.0.1 that names the client.
  t = await createTestApp({ rateLimit: true, trustedProxies: ['127.0.0.1'] });
});
afterAll(() => t.close());

const attempt = (ip: string) =>
  t.call({
    method: 'POST',
    url: '/api/frusrs/tkn',
    headers: { 'x-forwarded-for': ip },
    payload: { login: `nobody-${ip}@example.com`, password: 'ab'.repeat(64) },
  });

it('refuses the 31st login attempt from one address within a minute, with Retry-After; others and later are served', async () => {
  for (let i = 0; i < 30; i++) expect((await attempt('203.0.113.7')).statusCode).not.toBe(429);
  const refused = await attempt('203.0.113.7');
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

  // Another client is not affected; the limited one is served again once the window has passed.
  expect((await attempt('198.51.100.4')).statusCode).not.toBe(429);
  t.clock.advance(61_000);
  expect((await attempt('203.0.113.7')).statusCode).not.toBe(429);
});

it('does not limit calls outside the list', async () => {
  for (let i = 0; i < 40; i++) {
    expect(
      (await t.call({ method: 'GET', url: '/api/platform', headers: { 'x-forwarded-for': '203.0.113.8' } }))
        .statusCode,
    ).toBe(200);
  }
});
