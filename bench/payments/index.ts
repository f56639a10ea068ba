// bench/payments: pay-outs created and approved per second over HTTP (challenge + create with TOTP,
// auto-approve placing the hold) from this process against the real server in its own process, and
// the payment list's latency over 1,000,000 payments of one company. PostgreSQL only (a database of
// its own, dropped afterwards). Prints figures; never fails on a number.
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
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
import { type PayoutUser, type Post, runPayoutFlow, seedPayoutUsers } from '../support/payout-flow.ts';
import { autocannon, printTable, startPlumbingServer, startServer } from '../support/server.ts';
import { pct } from '../support/stats.ts';

const BASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const LIST_ROWS = Number(process.env.BENCH_LIST_ROWS ?? 1_000_000);
const USERS = 8_000;
const PROCESS_COUNTS = (process.env.BENCH_SERVER_PROCESSES ?? '1,2').split(',').map(Number);
const JWT_SECRET = randomUUID() + randomUUID();
const dbName = `bench_payments_${randomUUID().slice(0, 8)}`;
const dbUrl = BASE_URL.replace(/\/[^/]*$/, `/${dbName}`);
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;

const adminClient = new pg.Client({ connectionString: BASE_URL });
await adminClient.connect();
await adminClient.query(`CREATE DATABASE ${dbName}`);

const rows: Record<string, string | number>[] = [];

try {
  // ---- setup through the services, in this process ------------------------------------------
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
  const listMerchantId =
    (await q("INSERT INTO merchants (name) VALUES ('Bench Million Ltd') RETURNING id::text")).rows[0]?.id ??
    '';
  const listWallet = await inTransaction(deps.db, (tx) =>
    service(deps, 'wallets').openWallet(tx, { merchantId: listMerchantId, currency: 'EUR', platform: 'UK' }),
  );
  // The paying company: 8 funded EUR wallets, USERS users signed in as a login does (the session
  // holds the per-session confirmation verifier, docs/decisions.md).
  const payoutUsers = await seedPayoutUsers(deps, {
    name: 'Bench Payouts Ltd',
    count: USERS,
    password,
    passwordHash,
    sealedSecret: sealed,
  });
  console.log(
    `[${elapsed()}] inserting ${LIST_ROWS.toLocaleString('en')} payments of one company with generate_series…`,
  );
  // Bulk load as a restore would: the payments indexes are dropped, the rows inserted, then the
  // indexes built again from the migration's own statements (much faster than 1M index updates).
  const migration = readFileSync(
    new URL('../../packages/server/src/db/migrations/0300_payments.sql', import.meta.url),
    'utf8',
  );
  const indexes = migration
    .split(';')
    .map((s) => s.replace(/--.*$/gm, '').trim())
    .filter((s) => /^CREATE (UNIQUE )?INDEX payments_/.test(s));
  for (const stmt of indexes)
    await q(`DROP INDEX ${stmt.split(/\s+/)[stmt.startsWith('CREATE UNIQUE') ? 3 : 2]}`);
  await q(
    `INSERT INTO payments (merchant_id, wallet_id, direction, transaction_type, method, status, currency, amount, payee_name,
        counterparty_iban, comments, created_at, updated_at, settled_at)
     SELECT $1::uuid, $2::bigint,
       CASE WHEN g % 3 = 0 THEN 'inbound' ELSE 'outbound' END, CASE WHEN g % 3 = 0 THEN 'payin' ELSE 'payout' END,
       (ARRAY['SEPA','FPS','SWIFT','CHAPS'])[1 + g % 4], (ARRAY['settled','settled','settled','pending','created','declined'])[1 + g % 6],
       'EUR', 100 + (g::bigint * 7919) % 10000000, 'Payee ' || (g % 5000), 'DE89370400440532013000', 'Invoice ' || g,
       now() - make_interval(secs => g * 30), now(), CASE WHEN g % 6 < 3 THEN now() - make_interval(secs => g * 30 - 60) END
     FROM generate_series(1, $3::int) g`,
    [listMerchantId, listWallet.id, LIST_ROWS],
  );
  for (const stmt of indexes) await q(stmt);
  // As autovacuum would soon after a restore: statistics, and the visibility map for index-only scans.
  await q('VACUUM ANALYZE payments');
  const [lister] = (
    await q(
      `INSERT INTO users (login, email, first_name, last_name, email_confirmed, status, current_merchant_id)
     VALUES ('lister@example.com', 'lister@example.com', 'List', 'User', true, 'activated', $1::uuid) RETURNING id::text`,
      [listMerchantId],
    )
  ).rows;
  await q(
    "INSERT INTO user_merchants (user_id, merchant_id, rights) VALUES ($1::uuid, $2::uuid, '{create,approve}')",
    [lister?.id, listMerchantId],
  );
  const listToken = (await sessions.issue(deps.db, lister?.id ?? '', 'session')).token;
  await app.close();
  console.log(`[${elapsed()}] setup done; starting the server process`);

  // ---- the real server in its own process(es) ----------------------------------------------
  let used = 0;
  /**
   * The flow's rate through `baseUrl` with the next unused signed-in users, or with `standIns`
   * where nothing checks them; answers the table row's figures.
   */
  const payouts = async (baseUrl: string, standIns?: PayoutUser[]) => {
    const users = standIns ?? payoutUsers.slice(used);
    // node:http on a keep-alive agent rather than fetch: the client shares the machine's two cores
    // with the server and PostgreSQL, and undici's fetch costs about 1.5 ms of CPU a call.
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    const post: Post = (path, token, body) =>
      new Promise((resolve, reject) => {
        const started = performance.now();
        const payload = JSON.stringify(body);
        const req = http.request(
          `${baseUrl}/api${path}`,
          {
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
              authorization: `Bearer ${token}`,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
                ms: performance.now() - started,
              }),
            );
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    // Each user confirms one payment with the code of the current step (a step is usable once).
    const r = await runPayoutFlow({
      post,
      users,
      password,
      code: () => totp.generate(),
      clients: CLIENTS,
      seconds: SECONDS,
    });
    if (!standIns) used += r.ok + r.failed;
    agent.destroy();
    return {
      'per s': Math.round(r.perSecond),
      'p50 ms': Math.round(pct(r.flowMs, 50)),
      'p99 ms': Math.round(pct(r.flowMs, 99)),
      ok: r.ok,
      failed: r.failed,
      createMs: r.createMs,
    };
  };
  // SERVER_PROCESSES=2 (node:cluster) beside the single process: the server is CPU-bound in Node.
  let appRate: number | undefined;
  for (const processes of PROCESS_COUNTS) {
    const server = await startServer({
      DATABASE_URL: dbUrl,
      JWT_SECRET,
      SEED_DEMO: 'false',
      JOBS: 'off',
      SERVER_PROCESSES: String(processes),
    });
    try {
      const { ok, failed, createMs, ...figures } = await payouts(server.baseUrl);
      appRate ??= figures['per s'];
      rows.push({
        measure: `pay-outs created + approved (auto-approve, hold), ${CLIENTS} clients, ${processes} server process${processes > 1 ? 'es' : ''}`,
        ...figures,
        note: `${ok} ok, ${failed} failed; create call alone p50 ${Math.round(pct(createMs, 50))} / p99 ${Math.round(pct(createMs, 99))} ms; target ≥ 300/s, p99 < 100 ms`,
      });
    } finally {
      await server.stop();
    }
  }
  // The reference beside it: the same two calls with only their plumbing (Fastify, node-postgres,
  // round trips), once with the app's 4 + 14 statements and once with one statement per call (what
  // a pay-out done in one database function per call would send). What this machine allows.
  for (const [statements, label] of [
    ['4,14', 'the same 4 + 14 statements per pay-out'],
    ['1,1', 'one statement per call'],
  ] as const) {
    const plumbing = await startPlumbingServer(dbUrl, statements);
    try {
      // It checks no session or code: stand-ins, so the real users last for every run.
      const standIns = Array.from({ length: 100_000 }, () => ({ token: 'plumbing', wallet: 'plumbing' }));
      const { ok, failed, createMs: _, ...figures } = await payouts(plumbing.baseUrl, standIns);
      rows.push({
        measure: `reference: the two calls' plumbing alone (Fastify + pg, trivial statements), ${label}, ${CLIENTS} clients`,
        ...figures,
        note: `${ok} ok, ${failed} failed; the real server reaches ${((appRate ?? 0) / Math.max(1, figures['per s'])).toFixed(2)}x of it`,
      });
    } finally {
      await plumbing.stop();
    }
  }

  const server = await startServer({ DATABASE_URL: dbUrl, JWT_SECRET, SEED_DEMO: 'false', JOBS: 'off' });
  try {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${listToken}` };
    for (const [label, path, body] of [
      ['list newest first, page 1 of 20', '/api/payments/list/all/1/20', {}],
      [
        'list pay-outs settled, by amount desc',
        '/api/payments/list/payout_settled/1/20',
        { sort_param: 'amount', sort_order: 'desc' },
      ],
      ['list page 100 of 20 (offset 1,980)', '/api/payments/list/all/100/20', {}],
      [
        'list filtered: SWIFT, this month',
        '/api/payments/list/all/1/20',
        { methods: ['SWIFT'], period: 'thisMonth' },
      ],
    ] as const) {
      await autocannon(`${server.baseUrl}${path}`, {
        connections: 4,
        seconds: 2,
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      const r = await autocannon(`${server.baseUrl}${path}`, {
        connections: 10,
        seconds: SECONDS,
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      rows.push({
        measure: `${label}, ${LIST_ROWS.toLocaleString('en')} payments, 10 conns`,
        'per s': Math.round(r.rps),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        note: `${r.total} requests, ${r.errors + r.non2xx} errors/non-2xx`,
      });
    }
  } finally {
    await server.stop();
  }
  await database.close();
  printTable(`Payments on PostgreSQL (server in its own process; ${elapsed()} in all)`, rows);
} finally {
  await adminClient.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await adminClient.end();
}
