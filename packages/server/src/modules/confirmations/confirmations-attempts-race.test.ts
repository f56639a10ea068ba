import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { auditLog, confirmationAttempts } from '../../db/schema/index.ts';
import { makeCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { confirmQuote, makeTrader, quoteOk, type Trader } from '../fx/fx.fixtures.ts';
import { makeWallet, WRONG_PASSWORD } from '../payments/payments.fixtures.ts';

/**
 * Issue 34: only a wrong answer uses one of the five attempts. Parallel right or replayed codes
 * answer SCA_CODE_USED and never SCA_BLOCKED; parallel or sequential wrong codes still block at five.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL with a real connection pool.
 */
let t: TestApp;
let companyId: string;
let eur: { id: number; uuid: string };
let gbp: { id: number; uuid: string };
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-03-02T10:00:00Z'); // Monday 11:00 CET: instant FX is open
  companyId = (await makeCompany(t)).id;
  eur = await makeWallet(t, companyId, 'EUR', '100000.00');
  gbp = await makeWallet(t, companyId, 'GBP', '0');
});
afterAll(() => t.close());

const PARALLEL = 20;
const order = { sell_currency: 'EUR', buy_currency: 'GBP', sell_amount: '10.00' };
const quotes = (trader: Trader, n: number) =>
  Promise.all(
    Array.from({ length: n }, () =>
      quoteOk(t, trader.token, { ...order, sell_wallet_id: eur.id, buy_wallet_id: gbp.id }),
    ),
  );
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const codesOf = (answers: LightMyRequestResponse[]) =>
  answers.map((a) => (a.statusCode === 200 ? 'OK' : (a.json().code as string)));
const tally = (codes: string[]) =>
  codes.reduce<Record<string, number>>((m, c) => {
    m[c] = (m[c] ?? 0) + 1;
    return m;
  }, {});
const attemptsOf = async (userId: string) =>
  (await t.deps.db.select().from(confirmationAttempts).where(eq(confirmationAttempts.userId, userId)))[0];
const blockAudits = (userId: string) =>
  t.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, userId), eq(auditLog.action, 'payment_confirmation_blocked')));

/** One quote confirmed with a fresh code: the user can still confirm (not blocked). */
async function confirmsAgain(trader: Trader, app: TestApp = t) {
  const code = trader.nextCode();
  const [q] = await quotes(trader, 1);
  if (!q) throw new Error('no quote');
  const r = await confirmQuote(app, trader.token, q, code);
  expect(r.statusCode, r.body).toBe(200);
}

describe('right and replayed codes in parallel', () => {
  it(`${PARALLEL} quotes confirmed at once with the same right code: one executes, the rest SCA_CODE_USED, none blocked, no attempt used`, async () => {
    const trader = await makeTrader(t, companyId);
    const code = trader.nextCode();
    const qs = await quotes(trader, PARALLEL);
    const answers = await Promise.all(qs.map((q) => confirmQuote(t, trader.token, q, code)));
    expect(tally(codesOf(answers))).toEqual({ OK: 1, SCA_CODE_USED: PARALLEL - 1 });
    expect((await attemptsOf(trader.user.id))?.failures ?? 0).toBe(0);
    await confirmsAgain(trader);
  }, 120_000);

  it('a code already used, replayed at once on many quotes and then again one by one, is SCA_CODE_USED every time and blocks nothing', async () => {
    const trader = await makeTrader(t, companyId);
    const code = trader.nextCode();
    const [first] = await quotes(trader, 1);
    if (!first) throw new Error('no quote');
    expect((await confirmQuote(t, trader.token, first, code)).statusCode).toBe(200);

    const parallel = await Promise.all(
      (await quotes(trader, PARALLEL)).map((q) => confirmQuote(t, trader.token, q, code)),
    );
    expect(tally(codesOf(parallel))).toEqual({ SCA_CODE_USED: PARALLEL });
    for (const q of await quotes(trader, 7)) {
      expect((await confirmQuote(t, trader.token, q, code)).json().code).toBe('SCA_CODE_USED');
    }
    expect((await attemptsOf(trader.user.id))?.failures ?? 0).toBe(0);
    await confirmsAgain(trader);
  }, 120_000);

  it('after four wrong answers, right codes in parallel still pass (one executes) and end the run of wrong answers', async () => {
    const trader = await makeTrader(t, companyId);
    const code = trader.nextCode();
    for (const [i, q] of (await quotes(trader, 4)).entries()) {
      const r = await confirmQuote(t, trader.token, q, wrong(code));
      expect(r.json()).toMatchObject({ code: 'SCA_WRONG_CREDENTIALS' });
      expect(r.json().messages[0]).toContain(String(4 - i));
    }
    const answers = await Promise.all(
      (await quotes(trader, PARALLEL)).map((q) => confirmQuote(t, trader.token, q, code)),
    );
    expect(tally(codesOf(answers))).toEqual({ OK: 1, SCA_CODE_USED: PARALLEL - 1 });
    // The right answer ended the run: five more wrong ones are needed for a block.
    expect((await attemptsOf(trader.user.id))?.failures).toBe(0);
    const next = trader.nextCode();
    const after = [];
    for (const q of await quotes(trader, 5)) after.push(await confirmQuote(t, trader.token, q, wrong(next)));
    expect(codesOf(after)).toEqual([...Array(4).fill('SCA_WRONG_CREDENTIALS'), 'SCA_BLOCKED']);
  }, 120_000);
});

describe('wrong answers still block at five', () => {
  it(`${PARALLEL} wrong codes at once on separate quotes: four "attempts left", one block (one audit entry), the right code then refused`, async () => {
    const trader = await makeTrader(t, companyId);
    const code = trader.nextCode();
    const answers = await Promise.all(
      (await quotes(trader, PARALLEL)).map((q) => confirmQuote(t, trader.token, q, wrong(code))),
    );
    expect(tally(codesOf(answers))).toEqual({ SCA_WRONG_CREDENTIALS: 4, SCA_BLOCKED: PARALLEL - 4 });
    expect(await blockAudits(trader.user.id)).toHaveLength(1);
    const [q] = await quotes(trader, 1);
    if (!q) throw new Error('no quote');
    expect((await confirmQuote(t, trader.token, q, code)).json().code).toBe('SCA_BLOCKED');
  }, 120_000);

  it('replays mixed with wrong codes and wrong passwords at once: replays count nothing, the wrong ones block at five', async () => {
    const trader = await makeTrader(t, companyId);
    const code = trader.nextCode();
    const [first] = await quotes(trader, 1);
    if (!first) throw new Error('no quote');
    expect((await confirmQuote(t, trader.token, first, code)).statusCode).toBe(200);
    const answers = await Promise.all(
      (await quotes(trader, PARALLEL)).map((q, i) =>
        i % 4 === 0
          ? confirmQuote(t, trader.token, q, code) // replay of the used code
          : i % 4 === 1
            ? confirmQuote(t, trader.token, q, code, { password: WRONG_PASSWORD })
            : confirmQuote(t, trader.token, q, wrong(code)),
      ),
    );
    const codes = codesOf(answers);
    const replays = codes.filter((_c, i) => i % 4 === 0);
    const wrongOnes = codes.filter((_c, i) => i % 4 !== 0);
    // 15 wrong answers: four are told what is left, the fifth blocks, the rest are refused unchecked.
    expect(tally(wrongOnes)).toEqual({ SCA_WRONG_CREDENTIALS: 4, SCA_BLOCKED: 11 });
    expect(await blockAudits(trader.user.id)).toHaveLength(1);
    // A replay is SCA_CODE_USED, or SCA_BLOCKED when judged after the block started.
    expect(replays.filter((c) => c !== 'SCA_CODE_USED' && c !== 'SCA_BLOCKED')).toEqual([]);
    expect((await attemptsOf(trader.user.id))?.failures).toBe(5);
  }, 120_000);
});

describe('with an Idempotency-Key (the work is rolled back on a refusal, the count is not)', () => {
  const key = (q: { quote_id: string }) => ({ 'idempotency-key': `sca-${q.quote_id}` });

  it('wrong codes one by one count and block at five; a retry with the same key replays without counting', async () => {
    const trader = await makeTrader(t, companyId);
    const code = trader.nextCode();
    const qs = await quotes(trader, 5);
    const [first] = qs;
    if (!first) throw new Error('no quote');
    const answer = await confirmQuote(t, trader.token, first, wrong(code), {}, key(first));
    expect(answer.json().messages).toEqual([
      'Authentication data is invalid, the action was not performed. Attempts left: 4.',
    ]);
    const retry = await confirmQuote(t, trader.token, first, wrong(code), {}, key(first));
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toMatchObject({ code: 'SCA_WRONG_CREDENTIALS', messages: answer.json().messages });
    expect((await attemptsOf(trader.user.id))?.failures).toBe(1);
    const rest = [];
    for (const q of qs.slice(1)) rest.push(await confirmQuote(t, trader.token, q, wrong(code), {}, key(q)));
    expect(codesOf(rest)).toEqual([
      'SCA_WRONG_CREDENTIALS',
      'SCA_WRONG_CREDENTIALS',
      'SCA_WRONG_CREDENTIALS',
      'SCA_BLOCKED',
    ]);
    expect(await blockAudits(trader.user.id)).toHaveLength(1);
    await expect(confirmsAgain(trader)).rejects.toThrow();
  }, 120_000);

  it(`${PARALLEL} at once: right codes never block, wrong codes block at five`, async () => {
    const trader = await makeTrader(t, companyId);
    const code = trader.nextCode();
    const right = await Promise.all(
      (await quotes(trader, PARALLEL)).map((q) => confirmQuote(t, trader.token, q, code, {}, key(q))),
    );
    expect(tally(codesOf(right))).toEqual({ OK: 1, SCA_CODE_USED: PARALLEL - 1 });
    const next = trader.nextCode();
    const wrongs = await Promise.all(
      (await quotes(trader, PARALLEL)).map((q) => confirmQuote(t, trader.token, q, wrong(next), {}, key(q))),
    );
    expect(tally(codesOf(wrongs))).toEqual({ SCA_WRONG_CREDENTIALS: 4, SCA_BLOCKED: PARALLEL - 4 });
    expect(await blockAudits(trader.user.id)).toHaveLength(1);
  }, 120_000);
});

describe('two app instances on one database', () => {
  let second: TestApp;
  let secondDb: Database | undefined;
  beforeAll(async () => {
    const config = testConfig();
    // On PostgreSQL the second instance has a pool of its own on the same database; PGlite has one.
    if (t.deps.database.driver === 'pg') {
      secondDb = await openDatabase({
        url: t.deps.config.databaseUrl,
        dataDir: config.dataDir,
        poolSize: 10,
      });
    }
    const built = await buildApp(config, {
      database: secondDb ?? t.deps.database,
      clock: t.clock,
      webDist: false,
    });
    await built.app.ready();
    const call: TestApp['call'] = ({ token, headers, ...rest }) =>
      built.app.inject({
        ...rest,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      });
    second = { ...t, app: built.app, deps: built.deps, call, close: async () => {} };
  });
  afterAll(async () => {
    await second?.app.close();
    await secondDb?.close();
  });

  it('right codes split over both instances never block; wrong codes split over both block at five', async () => {
    const trader = await makeTrader(t, companyId);
    const code = trader.nextCode();
    const right = await Promise.all(
      (await quotes(trader, PARALLEL)).map((q, i) => confirmQuote(i % 2 ? second : t, trader.token, q, code)),
    );
    expect(tally(codesOf(right))).toEqual({ OK: 1, SCA_CODE_USED: PARALLEL - 1 });

    const next = trader.nextCode();
    const wrongs = await Promise.all(
      (await quotes(trader, PARALLEL)).map((q, i) =>
        confirmQuote(i % 2 ? second : t, trader.token, q, wrong(next)),
      ),
    );
    expect(tally(codesOf(wrongs))).toEqual({ SCA_WRONG_CREDENTIALS: 4, SCA_BLOCKED: PARALLEL - 4 });
    expect(await blockAudits(trader.user.id)).toHaveLength(1);
    await expect(confirmsAgain(trader, second)).rejects.toThrow();
  }, 120_000);
});
