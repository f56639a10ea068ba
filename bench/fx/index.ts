// bench/fx: FX quotes per second and exchanges confirmed per second over HTTP (quote + confirm with
// password and TOTP, executed at once: ledger entry through FX positions, postback, audit), from this
// process against the real server in its own process, printed beside the payments figures of the
// README. PostgreSQL only (a database of its own, dropped afterwards). Prints figures; never fails.
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../packages/server/src/app.ts';
import { testConfig } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { inTransaction } from '../../packages/server/src/db/tx.ts';
import { service } from '../../packages/server/src/deps.ts';
import {
  hashPassword,
  newTotpSecret,
  secretBox,
  totpFor,
} from '../../packages/server/src/modules/auth/credentials.ts';
import { payoutRow, runPayoutFlow } from '../support/payout-flow.ts';
import { autocannon, printTable, startServer } from '../support/server.ts';
import { pct } from '../support/stats.ts';

const BASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const USERS = 1_000;
const WALLET_PAIRS = 8;
const JWT_SECRET = randomUUID() + randomUUID();
const dbName = `bench_fx_${randomUUID().slice(0, 8)}`;
const dbUrl = BASE_URL.replace(/\/[^/]*$/, `/${dbName}`);
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;

const adminClient = new pg.Client({ connectionString: BASE_URL });
await adminClient.connect();
await adminClient.query(`CREATE DATABASE ${dbName}`);

const rows: Record<string, string | number>[] = [];

try {
  const database = await openDatabase({ url: dbUrl, dataDir: '/tmp', poolSize: 8 });
  const { app, deps } = await buildApp(testConfig({ databaseUrl: dbUrl, jwtSecret: JWT_SECRET }), {
    database,
    webDist: false,
  });
  const sessions = service(deps, 'sessions');
  const password = createHash('sha512').update('Bench-Passw0rd!').digest('hex');
  const passwordHash = await hashPassword(password);
  const secret = newTotpSecret();
  const sealed = secretBox(JWT_SECRET).seal(secret);
  const totp = totpFor(secret, 'bench');
  const q = (text: string, values: unknown[] = []) => database.query<Record<string, string>>(text, values);

  const merchantId =
    (await q("INSERT INTO merchants (name) VALUES ('Bench FX Ltd') RETURNING id::text")).rows[0]?.id ?? '';
  const pairs = await inTransaction(deps.db, async (tx) => {
    const wallets = service(deps, 'wallets');
    const out: { eur: number; gbp: number }[] = [];
    for (let i = 0; i < WALLET_PAIRS; i++) {
      const eur = await wallets.openWallet(tx, { merchantId, currency: 'EUR', platform: 'UK' });
      const gbp = await wallets.openWallet(tx, { merchantId, currency: 'GBP', platform: 'UK' });
      await wallets.recordPayIn(tx, {
        walletId: eur.id,
        currency: 'EUR',
        amount: 10n ** 13n,
        reference: `fund:${eur.id}`,
      });
      out.push({ eur: eur.id, gbp: gbp.id });
    }
    return out;
  });
  await q(
    `INSERT INTO users (login, email, first_name, last_name, email_confirmed, status, password_hash, mfa_secret, current_merchant_id, auto_approve_payouts)
     SELECT 'fx' || g || '@example.com', 'fx' || g || '@example.com', 'Bench', 'Trader ' || g, true, 'activated', $1, $2, $3::uuid, true
     FROM generate_series(1, $4::int) g`,
    [passwordHash, sealed, merchantId, USERS],
  );
  await q(
    `INSERT INTO user_merchants (user_id, merchant_id, rights) SELECT id, $1::uuid, '{instantFx,create,approve,approveOwn}' FROM users WHERE current_merchant_id = $1::uuid`,
    [merchantId],
  );
  const userIds = (
    await q('SELECT id::text FROM users WHERE current_merchant_id = $1::uuid ORDER BY login', [merchantId])
  ).rows.map((r) => r.id ?? '');
  const tokens: string[] = [];
  // As a full login does: the session holds the per-session confirmation verifier (docs/decisions.md).
  for (const id of userIds)
    tokens.push((await sessions.issue(deps.db, id, 'session', { passwordDigest: password })).token);
  await app.close();
  console.log(`[${elapsed()}] setup done; starting the server process`);

  const server = await startServer({ DATABASE_URL: dbUrl, JWT_SECRET, SEED_DEMO: 'false', JOBS: 'off' });
  try {
    const body = (i: number) => {
      const p = pairs[i % pairs.length] ?? { eur: 0, gbp: 0 };
      return {
        sell_wallet_id: String(p.eur),
        sell_currency: 'EUR',
        buy_wallet_id: String(p.gbp),
        buy_currency: 'GBP',
        sell_amount: '12.34',
      };
    };

    // Quotes: each locks a rate and stores its confirmation challenge.
    const quoteHeaders = { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` };
    await autocannon(`${server.baseUrl}/api/fx/quote`, {
      connections: 4,
      seconds: 2,
      method: 'POST',
      headers: quoteHeaders,
      body: JSON.stringify(body(0)),
    });
    const quotes = await autocannon(`${server.baseUrl}/api/fx/quote`, {
      connections: 10,
      seconds: SECONDS,
      method: 'POST',
      headers: quoteHeaders,
      body: JSON.stringify(body(0)),
    });
    rows.push({
      measure: 'FX quotes (rate locked 30 s + confirmation challenge), 10 conns',
      'per s': Math.round(quotes.rps),
      'p50 ms': quotes.p50,
      'p99 ms': quotes.p99,
      note: `${quotes.total} requests, ${quotes.errors + quotes.non2xx} errors/non-2xx`,
    });

    const post = async (path: string, token: string, payload: unknown) => {
      const started = performance.now();
      const res = await fetch(`${server.baseUrl}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(payload),
      });
      return {
        status: res.status,
        json: (await res.json()) as Record<string, unknown>,
        ms: performance.now() - started,
      };
    };

    // Exchanges: each user quotes and confirms once with the code of the current step.
    let next = 1;
    let done = 0;
    let failed = 0;
    const flowMs: number[] = [];
    const confirmMs: number[] = [];
    const stopAt = Date.now() + SECONDS * 1000;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (Date.now() < stopAt && next < tokens.length) {
          const i = next++;
          const token = tokens[i] ?? '';
          const quote = await post('/fx/quote', token, body(i));
          const qv = quote.json.quote as Record<string, string> | undefined;
          if (!qv) {
            failed++;
            continue;
          }
          const r = await post('/fx/exchange', token, {
            quote_id: qv.quote_id,
            challenge_id: qv.challenge_id,
            sell_amount: qv.sell_amount,
            buy_amount: qv.buy_amount,
            rate: qv.rate,
            password,
            secret_code: totp.generate(),
          });
          const status = (r.json.exchange as { status?: string } | undefined)?.status;
          if (r.status === 200 && status === 'completed') {
            done++;
            flowMs.push(quote.ms + r.ms);
            confirmMs.push(r.ms);
          } else failed++;
        }
      }),
    );
    const secs = (Date.now() - started) / 1000;
    flowMs.sort((a, b) => a - b);
    confirmMs.sort((a, b) => a - b);
    rows.push({
      measure: `FX exchanges quoted + confirmed + executed (ledger, postback, audit), ${CLIENTS} clients`,
      'per s': Math.round(done / secs),
      'p50 ms': Math.round(pct(flowMs, 50)),
      'p99 ms': Math.round(pct(flowMs, 99)),
      note: `${done} ok, ${failed} failed; confirm call alone p50 ${Math.round(pct(confirmMs, 50))} / p99 ${Math.round(pct(confirmMs, 99))} ms`,
    });
    // The payments figure beside it, measured in the same run on the same machine: each further
    // user makes one pay-out (challenge + create with password and TOTP, auto-approved with a hold).
    const payouts = await runPayoutFlow({
      post,
      users: tokens
        .slice(next)
        .map((token, i) => ({ token, wallet: String(pairs[i % pairs.length]?.eur ?? 0) })),
      password,
      code: () => totp.generate(),
      clients: CLIENTS,
      seconds: SECONDS,
    });
    rows.push(payoutRow(payouts, CLIENTS));
  } finally {
    await server.stop();
  }
  await database.close();
  printTable(`FX on PostgreSQL (server in its own process; ${elapsed()} in all)`, rows);
} finally {
  await adminClient.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await adminClient.end();
}
