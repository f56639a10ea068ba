import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { INVARIANTS_HOLD, ledgerInvariants } from '../ledger/ledger.test-helpers.ts';
import { seedDemoAccounts } from './demo-seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('gives the demo company EUR, GBP and USD wallets with a year of history built through the ledger', async () => {
  const company = await makeCompany(t, { name: 'Demo Ltd' });
  const second = await makeCompany(t);
  const started = performance.now();
  await seedDemoAccounts(t.deps, {
    ids: { demoCompanyId: company.id, secondCompanyId: second.id },
    logins: [],
  });
  expect(performance.now() - started).toBeLessThan(10_000);

  const { token } = await makeUser(t, { merchantId: company.id });
  const list = (
    await t.call({ method: 'POST', url: '/api/wallets/1/10', token, payload: { with_subaccounts: true } })
  ).json();
  expect(
    list.wallets.map((w: { balances: { currency: string }[] }) => w.balances[0]?.currency).sort(),
  ).toEqual(['EUR', 'EUR', 'GBP', 'USD']);
  expect(
    list.wallets.every(
      (w: { ibans: unknown[]; has_negative_balance: boolean }) =>
        w.ibans.length === 1 && !w.has_negative_balance,
    ),
  ).toBe(true);

  const span = await t.deps.database.query<{ days: number; n: string; kinds: string }>(
    `SELECT extract(day FROM max(value_date) - min(value_date))::int AS days, count(*)::text AS n,
            string_agg(DISTINCT kind, ',' ORDER BY kind) AS kinds FROM journal_entries`,
  );
  expect(span.rows[0]?.days).toBeGreaterThanOrEqual(360);
  expect(Number(span.rows[0]?.n)).toBeGreaterThan(500);
  expect(span.rows[0]?.kinds).toBe('fee,fx,payin,payout,transfer');
  // Booked on the day it happened: statements show an October entry with an October booking date.
  const late = await t.deps.database.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM journal_entries WHERE created_at::date <> value_date::date`,
  );
  expect(late.rows[0]?.n).toBe('0');
  expect(await ledgerInvariants(t)).toEqual(INVARIANTS_HOLD);
});
