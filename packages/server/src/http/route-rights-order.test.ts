import { apiRoutes, type RouteDef } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from '../deps.ts';
import type { DemoSeedContext } from '../modules/module.ts';
import { seedUsers } from '../modules/users/users.seed.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Issue 34: authentication, then rights, then the body, on every route. A caller without a route's
 * right gets 403 whatever the body, never a 417/400 that tells them how to shape it.
 */
let t: TestApp;
let token: string;
let rights: Set<string>;
beforeAll(async () => {
  t = await createTestApp();
  const ctx: DemoSeedContext = { ids: {}, logins: [] };
  await seedUsers(t.deps, ctx);
  const standardId = ctx.ids.standardUserId;
  if (!standardId) throw new Error('demo Standard User not seeded');
  token = (await service(t.deps, 'sessions').issue(t.deps.db, standardId, 'session')).token;
  const res = await t.call({ method: 'GET', url: '/api/frusrs/rights', token });
  rights = new Set(res.json().actions);
});
afterAll(() => t.close());

/** Every path parameter (optional ones too) filled with a placeholder. */
const placeholderUrl = (path: string) => `/api${path.replace(/:[A-Za-z_]+\??/g, 'x')}`;

const callEmpty = (def: RouteDef) =>
  t.call({
    method: def.method,
    url: placeholderUrl(def.path),
    token,
    ...(def.method === 'GET' ? {} : { payload: {} }),
  });

describe('rights are checked before the body', () => {
  it('the demo Standard User approving a payment gets 403 "No rights", not a validation problem', async () => {
    const res = await callEmpty(apiRoutes.approvePayment);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('NO_RIGHTS_APPROVE');
    expect(res.json().messages[0]).toBe('No rights to approve payments');
  });

  it('every route needing a right the Standard User lacks answers 403 to an empty body', async () => {
    const needing = Object.entries(apiRoutes as Record<string, RouteDef>).filter(
      ([, def]) => (def.auth === 'user' || def.auth === 'admin') && def.right && !rights.has(def.right),
    );
    // The table names the rights of the payment, FX, user and settings areas (not only admin ones).
    expect(needing.map(([name]) => name)).toEqual(
      expect.arrayContaining(['approvePayment', 'fxApprove', 'setUserRights', 'updateIpWhitelist']),
    );
    const answers = await Promise.all(
      needing.map(async ([name, def]) => [name, (await callEmpty(def)).statusCode] as const),
    );
    expect(answers.filter(([, status]) => status !== 403)).toEqual([]);
  });

  it('a malformed JSON body from a caller without the right is 403 too, not 400', async () => {
    const res = await t.call({
      method: 'POST',
      url: placeholderUrl(apiRoutes.approvePayment.path),
      token,
      headers: { 'content-type': 'application/json' },
      payload: '{"password":',
    });
    expect(res.statusCode).toBe(403);
  });
});
