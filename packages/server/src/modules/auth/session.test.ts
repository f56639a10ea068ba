import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from '../../deps.ts';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const asAdminCall = (token: string) =>
  t.call({ method: 'POST', url: '/api/maintenance/end', token, payload: {} });

describe('session tokens', () => {
  it('a full session of an admin opens operator calls; a client user gets 403', async () => {
    const admin = await makeUser(t, { group: 'admin' });
    expect((await asAdminCall(admin.token)).statusCode).toBe(200);
    const company = await makeCompany(t);
    const client = await makeUser(t, { merchantId: company.id, isMaster: true });
    expect((await asAdminCall(client.token)).statusCode).toBe(403);
  });

  it('refuses forged tokens: alg none, another key, tampered payload, expired, revoked, pre-MFA', async () => {
    const admin = await makeUser(t, { group: 'admin' });
    const [h, p] = admin.token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    const otherKey = await new SignJWT(JSON.parse(Buffer.from(p ?? '', 'base64url').toString()))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-key-another-key-another-key-0000'));
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p ?? '', 'base64url').toString()), sub: '00000000-0000-0000-0000-000000000000' })).toString('base64url')}.${admin.token.split('.')[2]}`;
    for (const bad of [none, otherKey, tampered, 'garbage', '']) {
      expect((await asAdminCall(bad)).statusCode, bad.slice(0, 20)).toBe(401);
    }

    const sessions = service(t.deps, 'sessions');
    const mfa = await sessions.issue(t.deps.db, admin.user.id, 'mfa');
    expect((await asAdminCall(mfa.token)).statusCode).toBe(401);

    const s = await sessions.issue(t.deps.db, admin.user.id, 'session');
    expect((await asAdminCall(s.token)).statusCode).toBe(200);
    await sessions.revoke(t.deps.db, s.sessionId, 'logout');
    expect((await asAdminCall(s.token)).statusCode).toBe(401);

    const late = await sessions.issue(t.deps.db, admin.user.id, 'session');
    t.clock.advance(830_001);
    expect((await asAdminCall(late.token)).statusCode).toBe(401);
  });
});
