import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from '../../deps.ts';
import { makeCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makePayer, makeWallet, PASSWORD } from '../payments/payments.fixtures.ts';
import { csvFile, paymentCount, sepaRows, uploadBatch } from './bulk-payouts.fixtures.ts';

// PGlite runs one query at a time, so races only show on a real server: this runs on PostgreSQL.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL?.startsWith('postgres'));

describe.skipIf(!onPostgres)('bulk pay-outs under concurrency on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-03-02T10:00:00Z');
  });
  afterAll(() => t?.close());

  it('a 1,000-row batch confirmed twice at once, and run by two workers, makes exactly 1,000 payments', async () => {
    const company = await makeCompany(t, { serviceCode: 'MerchantService' });
    await makeWallet(t, company.id, 'EUR', '1000000.00');
    const rights = ['create', 'approve', 'approveOwn'] as const;
    const a = await makePayer(t, { merchantId: company.id, rights: [...rights], isMaster: true });
    const b = await makePayer(t, { merchantId: company.id, rights: [...rights] });
    const up = await uploadBatch(t, a.token, 'thousand.csv', csvFile(sepaRows(1000)));
    expect(up.statusCode, up.body).toBe(200);
    const { batch } = up.json();
    expect(batch).toMatchObject({ status: 'validated', total: 1000 });

    const challenges = await Promise.all(
      [a, b].map(async (u) => {
        const r = await t.call({
          method: 'POST',
          url: `/api/payout_terminal/batches/${batch.id}/challenge`,
          token: u.token,
          payload: { action: 'confirm' },
        });
        return r.json().confirmation.challenge_id as string;
      }),
    );
    const codes = [a.freshCode(), b.freshCode()];
    const answers = await Promise.all(
      [a, b].map((u, i) =>
        t.call({
          method: 'POST',
          url: `/api/payout_terminal/batches/${batch.id}/confirm`,
          token: u.token,
          payload: { challenge_id: challenges[i], password: PASSWORD, secret_code: codes[i] },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(new Set(answers.map((r) => r.json().batch.confirmed_by)).size).toBe(1);

    const bulk = service(t.deps, 'bulkPayouts');
    await Promise.all([t.deps.jobs.drain(), bulk.run(batch.id), bulk.run(batch.id)]);
    expect(await paymentCount(t, company.id)).toBe(1000);
    const view = await t.call({
      method: 'GET',
      url: `/api/payout_terminal/batches/${batch.id}`,
      token: a.token,
    });
    expect(view.json().batch).toMatchObject({ status: 'completed', done: 1000, failed: 0 });
    const dupes = await t.deps.database.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM bulk_batch_rows WHERE batch_id = $1 AND payment_id IS NULL',
      [batch.id],
    );
    expect(dupes.rows[0]?.n).toBe('0');
  }, 120_000);
});
