import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import type { UserPrincipal } from './principal.ts';
import { adminPrincipal } from '../test/principals.ts';

let t: TestApp;

const admin = adminPrincipal('admin-1', 's-1');
const client: UserPrincipal = {
  ...admin,
  userId: 'client-1',
  isAdmin: false,
  group: null,
  merchantId: 'm-1',
};

beforeAll(async () => {
  t = await createTestApp();
  // Stand-in token reader: the identity area registers the real one; here the token names the principal.
  t.deps.auth.set('user', async (req) => {
    const token = req.headers.authorization?.replace('Bearer ', '');
    if (token === 'admin') return admin;
    if (token === 'client') return client;
    const { DomainError } = await import('./errors.ts');
    throw new DomainError('UNAUTHENTICATED');
  });
});
afterAll(() => t.close());

/** The maintenance state the platform call reports to everyone. */
const maintenanceState = async () =>
  (await t.call({ method: 'GET', url: '/api/platform' })).json().maintenance.state;

/** POST /api/maintenance/plan, an operator call with a body: as the operator unless told. */
const postPlan = (payload: InjectOptions['payload'], headers: Record<string, string> = {}, token = 'admin') =>
  t.call({ method: 'POST', url: '/api/maintenance/plan', token, headers, payload });

describe('health and platform', () => {
  it('reports the database and the job queue', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.database).toMatchObject({ ok: true });
    expect(['pglite', 'pg']).toContain(body.database.driver);
    expect(body.jobs.ok).toBe(true);
  });

  it('picks the provider entity from the host subdomain, UK by default', async () => {
    const ca = await t.call({ method: 'GET', url: '/api/platform', headers: { host: 'ca.portal.example' } });
    expect(ca.json().platform.label).toBe('CA');
    expect(ca.json().platform.legalName).toContain('Canada');
    const pl = await t.call({ method: 'GET', url: '/api/platform', headers: { host: 'pl.localhost:8080' } });
    expect(pl.json().platform.label).toBe('PL');
    const plain = await t.call({ method: 'GET', url: '/api/platform', headers: { host: 'localhost:8080' } });
    expect(plain.json().platform.label).toBe('UK');
    expect(plain.json().maintenance.state).toBe('none');
  });

  it('serves the OpenAPI document generated from the route table', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/health'].get.operationId).toBe('health');
    expect(doc.paths['/api/maintenance/plan'].post.requestBody).toBeDefined();
  });

  it('sends security headers', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});

describe('bad input answers a clear 4xx and changes nothing', () => {
  const plan = { startsAt: '2030-01-01T10:00:00Z', message: 'Upgrade' };

  it('unknown /api route → 404 JSON', async () => {
    const res = await t.call({ method: 'GET', url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
    expect(res.json().messages[0]).toContain('/api/no/such/thing');
  });

  it('malformed JSON → 400 BAD_JSON', async () => {
    const res = await postPlan('{"startsAt": ', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_JSON');
    expect(await maintenanceState()).toBe('none');
  });

  it('wrong content type → 415', async () => {
    const res = await postPlan('<plan/>', { 'content-type': 'text/xml' });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(res.json().messages[0]).toContain('text/xml');
  });

  it('oversized body → 413', async () => {
    const res = await postPlan({ ...plan, message: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('BODY_TOO_LARGE');
  });

  it('bad Timezone header → 400 before anything runs', async () => {
    for (const tz of ['Europe/London', '+25:00', '9999', '1e3']) {
      const res = await postPlan(plan, { timezone: tz });
      expect(res.statusCode, tz).toBe(400);
      expect(res.json().code).toBe('BAD_TIMEZONE');
    }
    for (const tz of ['120', '-300', '+05:30']) {
      const res = await t.call({ method: 'GET', url: '/api/health', headers: { timezone: tz } });
      expect(res.statusCode, tz).toBe(200);
    }
    expect(await maintenanceState()).toBe('none');
  });

  it('schema violation → 417 with field messages', async () => {
    const res = await postPlan({ startsAt: 'tomorrow', message: '' });
    expect(res.statusCode).toBe(417);
    expect(res.json().messages).toEqual(['Something went wrong. Validation problem.']);
    expect(Object.keys(res.json().fields).sort()).toEqual(['message', 'startsAt']);
  });

  it('no token → 401; a client user on an operator call → 403', async () => {
    expect((await t.call({ method: 'POST', url: '/api/maintenance/plan', payload: plan })).statusCode).toBe(
      401,
    );
    const res = await postPlan(plan, {}, 'client');
    expect(res.statusCode).toBe(403);
    expect(res.json().messages).toEqual(["You don't have access to this section."]);
  });
});

describe('maintenance', () => {
  it('planned is visible to everyone; started answers 403 to clients but not to the operator', async () => {
    const startsAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const planned = await postPlan({ startsAt, message: 'Database upgrade' });
    expect(planned.statusCode).toBe(200);
    const seen = (await t.call({ method: 'GET', url: '/api/platform' })).json().maintenance;
    expect(seen).toMatchObject({ state: 'planned', message: 'Database upgrade' });
    expect(new Date(seen.startsAt).toISOString()).toBe(startsAt);

    await t.call({ method: 'POST', url: '/api/maintenance/start', token: 'admin', payload: {} });
    const blocked = await postPlan({ startsAt, message: 'x' }, {}, 'client');
    expect(blocked.statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(await maintenanceState()).toBe('started');

    const ended = await t.call({ method: 'POST', url: '/api/maintenance/end', token: 'admin', payload: {} });
    expect(ended.json().maintenance.state).toBe('none');
  });

  it('planned maintenance whose start time has passed counts as started', async () => {
    const startsAt = new Date(t.clock.now().getTime() + 60_000).toISOString();
    await postPlan({ startsAt, message: 'Soon' });
    t.clock.advance(61_000);
    expect(await maintenanceState()).toBe('started');
    await t.call({ method: 'POST', url: '/api/maintenance/end', token: 'admin', payload: {} });
  });
});
