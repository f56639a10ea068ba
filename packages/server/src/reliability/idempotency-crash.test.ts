import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inTransaction } from '../db/tx.ts';
import { service } from '../deps.ts';
import { runIdempotent, sweepIdempotencyKeys } from '../http/idempotency.ts';
import { availableOf, makeWallet } from '../modules/payments/payments.fixtures.ts';
import { makeCompany } from '../test/fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** Issue 17: claim, work and answer in one transaction — a crash in between leaves nothing behind. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('a crash after the work and before the answer neither doubles the effect nor sticks the key', async () => {
  const company = await makeCompany(t);
  const w = await makeWallet(t, company.id, 'EUR');
  const key = `crash-${randomUUID()}`;
  const payIn = async (crash: boolean) => {
    await inTransaction(t.deps.db, (tx) =>
      service(t.deps, 'wallets').recordPayIn(tx, {
        walletId: w.id,
        currency: 'EUR',
        amount: 1000n,
        reference: `crash:${randomUUID()}`,
      }),
    );
    if (crash) throw new Error('process died before the answer was stored');
    return { statusCode: 200, body: { success: true } };
  };
  await expect(runIdempotent(t.deps.db, 'test', key, 'h', () => payIn(true))).rejects.toThrow(/process died/);
  expect(await availableOf(t, w.id, 'EUR')).toBe(0n);
  const first = await runIdempotent(t.deps.db, 'test', key, 'h', () => payIn(false));
  expect(first.replayed).toBe(false);
  const again = await runIdempotent(t.deps.db, 'test', key, 'h', () => payIn(false));
  expect(again).toMatchObject({ replayed: true, statusCode: 200 });
  expect(await availableOf(t, w.id, 'EUR')).toBe(1000n);
  // Concurrent duplicates: one effect.
  const key2 = `dup-${randomUUID()}`;
  const answers = await Promise.allSettled(
    Array.from({ length: 8 }, () => runIdempotent(t.deps.db, 'test', key2, 'h', () => payIn(false))),
  );
  expect(answers.filter((a) => a.status === 'fulfilled').length).toBeGreaterThan(0);
  expect(await availableOf(t, w.id, 'EUR')).toBe(2000n);
});

it('sweeps stale claims of the two-step mode so a key never answers 409 for ever', async () => {
  await t.deps.database.query(
    `INSERT INTO idempotency_keys (scope, key, request_hash, created_at) VALUES ('test', 'stale-claim', 'h', now() - interval '1 hour')`,
  );
  await sweepIdempotencyKeys(t.deps.db, new Date());
  const { rows } = await t.deps.database.query(`SELECT 1 FROM idempotency_keys WHERE key = 'stale-claim'`);
  expect(rows).toHaveLength(0);
});
