import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { appendAudit, verifyAuditChain } from './audit.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('chains every event to the one before and detects a tampered row', async () => {
  const db = t.deps.db;
  await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      db.transaction((tx) =>
        appendAudit(tx, { actorType: 'user', actorId: `u${i}`, action: 'login', details: { n: i } }),
      ),
    ),
  );
  expect(await verifyAuditChain(db)).toBeNull();
  await db.execute(sql`UPDATE audit_log SET details = '{"n": 99}'::jsonb WHERE id = 5`);
  expect(await verifyAuditChain(db)).toBe(5);
});
