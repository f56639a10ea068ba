// bench/stream: the notification stream (SSE) at scale on PostgreSQL. The real server runs in its own
// process; this process opens BENCH_STREAMS (5,000) streams to it (100 companies × 5 users × 10
// streams), then measures: database transactions per second while every stream is idle (read from
// pg_stat_database; the previous design polled once per stream every 2 s and re-checked each
// session every 30 s — printed as the reference), and payment events per second delivered to the
// streams while events are committed into payment_events (each reaches its company's 50 streams),
// with the delay from commit to arrival. A database of its own, dropped afterwards. Prints figures.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { buildApp } from '../../packages/server/src/app.ts';
import { testConfig } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { service } from '../../packages/server/src/deps.ts';
import { printTable, startServer } from '../support/server.ts';
import { pct } from '../support/stats.ts';

const BASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const STREAMS = Number(process.env.BENCH_STREAMS ?? 5_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const COMPANIES = 100;
const USERS_PER_COMPANY = 5;
const JWT_SECRET = randomUUID() + randomUUID();
const dbName = `bench_stream_${randomUUID().slice(0, 8)}`;
const dbUrl = BASE_URL.replace(/\/[^/]*$/, `/${dbName}`);

const admin = new pg.Client({ connectionString: BASE_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const rows: Record<string, string | number>[] = [];
try {
  const database = await openDatabase({ url: dbUrl, dataDir: '/tmp', poolSize: 4 });
  const { app, deps } = await buildApp(testConfig({ databaseUrl: dbUrl, jwtSecret: JWT_SECRET }), {
    database,
    webDist: false,
  });
  const q = (text: string, values: unknown[] = []) => database.query<Record<string, string>>(text, values);
  await q(`INSERT INTO merchants (name) SELECT 'Stream Co ' || g FROM generate_series(1, ${COMPANIES}) g`);
  const companies = (
    await q("SELECT id::text FROM merchants WHERE name LIKE 'Stream Co %' ORDER BY name")
  ).rows.map((r) => r.id ?? '');
  await q(
    `INSERT INTO users (login, email, first_name, last_name, email_confirmed, status, current_merchant_id)
     SELECT 's' || m.n || '-' || u || '@example.com', 's' || m.n || '-' || u || '@example.com', 'Stream', 'User', true, 'activated', m.id
       FROM (SELECT id, row_number() OVER (ORDER BY name) AS n FROM merchants WHERE name LIKE 'Stream Co %') m,
            generate_series(1, ${USERS_PER_COMPANY}) u`,
  );
  await q(
    `INSERT INTO user_merchants (user_id, merchant_id, is_master, rights)
     SELECT id, current_merchant_id, true, '{notifications/getNewTransactionsNotification}' FROM users WHERE login LIKE 's%-%@example.com'`,
  );
  // One payment per company that the events below are about.
  await q(
    `INSERT INTO payments (merchant_id, direction, transaction_type, method, status, currency, amount, payee_name, created_at, updated_at)
     SELECT id, 'inbound', 'payin', 'SEPA', 'settled', 'EUR', 100, 'Payer', now(), now() FROM merchants WHERE name LIKE 'Stream Co %'`,
  ).catch(async () => {
    // wallet_id may be required: give each company a wallet first.
    for (const m of companies)
      await deps.db.transaction((tx) =>
        service(deps, 'wallets').openWallet(tx, { merchantId: m, currency: 'EUR', platform: 'UK' }),
      );
    await q(
      `INSERT INTO payments (merchant_id, wallet_id, direction, transaction_type, method, status, currency, amount, payee_name, created_at, updated_at)
       SELECT m.id, (SELECT min(w.id) FROM wallets w WHERE w.merchant_id = m.id), 'inbound', 'payin', 'SEPA', 'settled', 'EUR', 100, 'Payer', now(), now()
         FROM merchants m WHERE m.name LIKE 'Stream Co %'`,
    );
  });
  const users = (
    await q(
      "SELECT id::text, current_merchant_id::text AS m FROM users WHERE login LIKE 's%-%@example.com' ORDER BY login",
    )
  ).rows;
  const tokens: string[] = [];
  for (const u of users)
    tokens.push((await service(deps, 'sessions').issue(deps.db, u.id ?? '', 'session')).token);
  await app.close();

  const server = await startServer({ DATABASE_URL: dbUrl, JWT_SECRET, JOBS: 'off' });
  const serverRss = () => {
    try {
      // tsx runs the server as its child: read the node process under it.
      const pid = server.process.pid ?? 0;
      const child = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)[0] || pid;
      const status = readFileSync(`/proc/${child}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    } catch {
      return Number.NaN;
    }
  };
  try {
    const rssBefore = serverRss();
    // ---- open the streams -----------------------------------------------------------------
    let frames = 0;
    const delays: number[] = [];
    const controllers: AbortController[] = [];
    const opened = performance.now();
    const open = async (token: string) => {
      const controller = new AbortController();
      controllers.push(controller);
      const res = await fetch(`${server.baseUrl}/api/notifications/stream`, {
        headers: { authorization: `Bearer ${token}` },
        signal: controller.signal,
      });
      if (res.status !== 200) throw new Error(`stream answered ${res.status}`);
      const reader = res.body?.getReader();
      const decoder = new TextDecoder();
      let connected!: () => void;
      const ready = new Promise<void>((r) => {
        connected = r;
      });
      void (async () => {
        let buffer = '';
        for (;;) {
          const { value, done } = (await reader?.read().catch(() => ({ value: undefined, done: true }))) ?? {
            done: true,
          };
          if (done) return;
          buffer += decoder.decode(value);
          if (buffer.includes(': connected')) connected();
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            const frame = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (frame.includes('event: payment')) {
              frames++;
              const at = /"at":"([^"]+)"/.exec(frame)?.[1];
              if (at && delays.length < 200_000) delays.push(Date.now() - Date.parse(at));
            }
            cut = buffer.indexOf('\n\n');
          }
        }
      })();
      await ready;
    };
    for (let i = 0; i < STREAMS; i += 250)
      await Promise.all(
        Array.from({ length: Math.min(250, STREAMS - i) }, (_, k) =>
          open(tokens[(i + k) % tokens.length] ?? ''),
        ),
      );
    const openSeconds = (performance.now() - opened) / 1000;
    rows.push({
      measure: `${STREAMS.toLocaleString('en')} streams opened (one server process)`,
      value: `${openSeconds.toFixed(1)} s`,
      reference: '',
      note: `server RSS ${rssBefore.toFixed(0)} → ${serverRss().toFixed(0)} MB`,
    });

    // ---- idle: database transactions per second ------------------------------------------------
    const stat = async () =>
      Number(
        (
          await admin.query(
            'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1',
            [dbName],
          )
        ).rows[0]?.n ?? 0,
      );
    await new Promise((r) => setTimeout(r, 2000));
    const idleStart = await stat();
    const idleStarted = performance.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const idle = ((await stat()) - idleStart) / ((performance.now() - idleStarted) / 1000);
    rows.push({
      measure: 'database transactions/s while every stream is idle',
      value: idle.toFixed(1),
      reference: `${Math.round(STREAMS / 2 + STREAMS / 30)} /s before (a poll per stream every 2 s + a session check every 30 s); target: none per stream`,
      note: 'pg_stat_database of the bench database (all clients; stats are flushed at most every 0.5 s)',
    });

    // ---- events delivered ------------------------------------------------------------------------
    const writer = new pg.Pool({ connectionString: dbUrl, max: 4 });
    const payments = (
      await writer.query(
        "SELECT p.id::text, p.merchant_id::text FROM payments p JOIN merchants m ON m.id = p.merchant_id WHERE m.name LIKE 'Stream Co %'",
      )
    ).rows as {
      id: string;
      merchant_id: string;
    }[];
    frames = 0;
    delays.length = 0;
    let committed = 0;
    const stopAt = Date.now() + SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 4 }, async (_, w) => {
        for (let i = w; Date.now() < stopAt; i += 4) {
          const p = payments[i % payments.length];
          await writer.query(
            `INSERT INTO payment_events (payment_id, merchant_id, direction, event, status, at)
             VALUES ($1, $2, 'inbound', 'settled', 'settled', clock_timestamp())`,
            [p?.id, p?.merchant_id],
          );
          committed++;
        }
      }),
    );
    const expected = committed * (STREAMS / COMPANIES);
    const waitUntil = Date.now() + 15_000;
    while (frames < expected && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 100));
    const secs = (performance.now() - started) / 1000;
    delays.sort((a, b) => a - b);
    rows.push({
      measure: `payment events committed (4 writers), each to its company’s ${STREAMS / COMPANIES} streams`,
      value: `${Math.round(committed / ((SECONDS * 1000) / 1000))} events/s`,
      reference: '',
      note: `${committed} events`,
    });
    rows.push({
      measure: 'events delivered to streams',
      value: `${Math.round(frames / secs).toLocaleString('en')} /s`,
      reference: `${expected.toLocaleString('en')} expected`,
      note: `${frames.toLocaleString('en')} delivered (${((100 * frames) / Math.max(1, expected)).toFixed(1)}%); commit → arrival p50 ${pct(delays, 50)} ms, p99 ${pct(delays, 99)} ms`,
    });
    await writer.end();
    for (const c of controllers) c.abort();
  } finally {
    await server.stop();
  }
  await database.close();
  printTable(`Notification stream on PostgreSQL (server in its own process, ${STREAMS} streams)`, rows);
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}
