import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fxExchanges } from '../../db/schema/index.ts';
import { makeCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { availableOf, makeWallet } from '../payments/payments.fixtures.ts';
import { confirmQuote, makeTrader, quoteOk } from './fx.fixtures.ts';

// Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL with a real connection pool.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-03-02T10:00:00Z');
});
afterAll(() => t.close());

describe('concurrent exchanges', () => {
  it('30 concurrent exchanges emptying one wallet leave exactly the affordable ones, never below zero', async () => {
    const companyId = (await makeCompany(t)).id;
    const eur = await makeWallet(t, companyId, 'EUR', '1000.00');
    const gbp = await makeWallet(t, companyId, 'GBP', '0');
    // One trader per exchange: a TOTP step confirms once, and a person confirms one thing at a time.
    const traders = await Promise.all(Array.from({ length: 30 }, () => makeTrader(t, companyId)));
    t.clock.advance(30_000);
    const prepared = [];
    for (const trader of traders) {
      const quote = await quoteOk(t, trader.token, {
        sell_wallet_id: eur.id,
        sell_currency: 'EUR',
        buy_wallet_id: gbp.id,
        buy_currency: 'GBP',
        sell_amount: '100.00',
      });
      prepared.push({ trader, quote, code: trader.code() });
    }
    const answers = await Promise.all(prepared.map((p) => confirmQuote(t, p.trader.token, p.quote, p.code)));
    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(ok).toHaveLength(10);
    expect(refused.every((a) => a.json().code === 'FX_APPROVAL_ERROR')).toBe(true);
    expect(await availableOf(t, eur.id, 'EUR')).toBe(0n);
    const [done] = await t.deps.db
      .select({ n: count() })
      .from(fxExchanges)
      .where(and(eq(fxExchanges.merchantId, companyId), eq(fxExchanges.status, 'completed')));
    expect(Number(done?.n)).toBe(10);
  }, 120_000);
});
