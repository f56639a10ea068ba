import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHistory } from '../db/schema/index.ts';
import { makeCompany, makeUser } from '../test/fixtures.ts';
import { makeLoginUser, postLogin, sha512hex } from '../test/identity-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * A wrong-password login of a new user sent with `X-Forwarded-For: forwardedFor`, and the client
 * address the security history kept for it.
 */
async function addressKeptForLogin(t: TestApp, forwardedFor: string) {
  const company = await makeCompany(t);
  const u = await makeLoginUser(t, { merchantId: company.id, rights: ['create'] });
  await postLogin(t, { login: u.login, password: sha512hex('wrong') }, { 'x-forwarded-for': forwardedFor });
  const [row] = await t.deps.db
    .select()
    .from(securityHistory)
    .where(eq(securityHistory.userId, u.user.id))
    .orderBy(desc(securityHistory.id))
    .limit(1);
  return row?.ip;
}

/** Issue 17: X-Forwarded-For counts only from proxies in TRUSTED_PROXIES (none by default). */
describe('client address without trusted proxies (default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimit: true });
  });
  afterAll(() => t.close());

  it('a forged X-Forwarded-For neither resets the rate-limit window nor reaches the security history', async () => {
    let limited = 0;
    for (let i = 0; i < 35; i++) {
      const r = await postLogin(
        t,
        { login: `nobody-${i}@example.com`, password: 'ab'.repeat(64) },
        { 'x-forwarded-for': `198.51.100.${i}` },
      );
      if (r.statusCode === 429) limited++;
    }
    expect(limited).toBeGreaterThan(0);
    t.clock.advance(61_000);
    expect(await addressKeptForLogin(t, '203.0.113.9')).toBe('127.0.0.1');
  });

  it('the processing simulator is open to the admin group only', async () => {
    const csm = await makeUser(t, { group: 'CSM' });
    const admin = await makeUser(t, { group: 'admin' });
    const runDue = (token: string) =>
      t.call({ method: 'POST', url: '/api/operator/processing/run_due', token, payload: {} });
    expect((await runDue(csm.token)).statusCode).toBe(403);
    expect((await runDue(admin.token)).statusCode).toBe(200);
  });
});

describe('client address behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustedProxies: ['127.0.0.1/32'] });
  });
  afterAll(() => t.close());

  it('takes the client from X-Forwarded-For when the peer is the configured proxy', async () => {
    expect(await addressKeptForLogin(t, '203.0.113.9')).toBe('203.0.113.9');
  });
});

describe('simulator off (production default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ simulator: false });
  });
  afterAll(() => t.close());

  it.each([
    ['processing control calls', '/api/operator/processing', ['outage', 'payin', 'run_due']],
    ['blockchain node control calls either', '/api/onchain/sim', ['deposit', 'state', 'run_due']],
  ])('has no %s', async (_what, prefix, paths) => {
    const admin = await makeUser(t, { group: 'admin' });
    for (const path of paths) {
      const r = await t.call({ method: 'POST', url: `${prefix}/${path}`, token: admin.token, payload: {} });
      expect(r.statusCode).toBe(404);
    }
  });
});

describe('simulator on (demo and tests)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ simulator: true });
  });
  afterAll(() => t.close());

  it('the blockchain node controls answer the admin group only', async () => {
    const call = (token: string, path: string) =>
      t.call({
        method: 'POST',
        url: `/api/onchain/sim/${path}`,
        token,
        payload: path === 'state' ? { outage: false } : {},
      });
    const admin = await makeUser(t, { group: 'admin' });
    const csm = await makeUser(t, { group: 'CSM' });
    const client = await makeUser(t, { merchantId: (await makeCompany(t)).id });
    for (const path of ['state', 'run_due']) {
      expect((await call(admin.token, path)).statusCode).toBe(200);
      expect((await call(csm.token, path)).statusCode).toBe(403);
      expect((await call(client.token, path)).statusCode).toBe(403);
    }
  });
});
