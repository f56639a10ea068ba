// bench/messages: the inbox/outbox list (spec §7 POST /messages/{folder}/{page}/{rows}/{order}) and the
// unread counter over 100,000 messages of one company, from this process against the real server in
// its own process. PostgreSQL only (a database of its own, dropped afterwards). Prints figures; never
// fails on a number.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../packages/server/src/app.ts';
import { testConfig } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { service } from '../../packages/server/src/deps.ts';
import { autocannon, printTable, startServer } from '../support/server.ts';

const BASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
/** Each case holds 4 messages: 2 from the company (outbox) and 2 answers of support (inbox). */
const PER_CASE = 4;
const JWT_SECRET = randomUUID() + randomUUID();
const dbName = `bench_messages_${randomUUID().slice(0, 8)}`;
const dbUrl = BASE_URL.replace(/\/[^/]*$/, `/${dbName}`);
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;

const adminClient = new pg.Client({ connectionString: BASE_URL });
await adminClient.connect();
await adminClient.query(`CREATE DATABASE ${dbName}`);
const rows: Record<string, string | number>[] = [];

try {
  const database = await openDatabase({ url: dbUrl, dataDir: '/tmp', poolSize: 4 });
  const { app, deps } = await buildApp(testConfig({ databaseUrl: dbUrl, jwtSecret: JWT_SECRET }), {
    database,
    webDist: false,
  });
  const q = (text: string, values: unknown[] = []) => database.query<Record<string, string>>(text, values);
  const merchantId =
    (await q("INSERT INTO merchants (name) VALUES ('Bench Messages Ltd') RETURNING id::text")).rows[0]?.id ??
    '';
  const other =
    (await q("INSERT INTO merchants (name) VALUES ('Bench Other Ltd') RETURNING id::text")).rows[0]?.id ?? '';
  const userId =
    (
      await q(
        `INSERT INTO users (login, email, first_name, last_name, email_confirmed, status, current_merchant_id)
         VALUES ('reader@example.com', 'reader@example.com', 'Read', 'Er', true, 'activated', $1::uuid) RETURNING id::text`,
        [merchantId],
      )
    ).rows[0]?.id ?? '';
  await q('INSERT INTO user_merchants (user_id, merchant_id, is_master) VALUES ($1::uuid, $2::uuid, true)', [
    userId,
    merchantId,
  ]);
  const cases = Math.ceil(MESSAGES / PER_CASE);
  console.log(
    `[${elapsed()}] inserting ${cases.toLocaleString('en')} cases, ${MESSAGES.toLocaleString('en')} messages…`,
  );
  // Another company's 10,000 messages share the tables (tenancy is a WHERE, so they must not be read).
  for (const [m, n] of [
    [merchantId, cases],
    [other, 2_500],
  ] as const) {
    await q(
      `INSERT INTO support_cases (id, merchant_id, type, subject, priority, crm_status, created_by, created_at, updated_at)
       SELECT gen_random_uuid(), $1::uuid, (ARRAY['general','payments','accounts','compliance','technical','complaint'])[1 + g % 6],
         'Question about invoice ' || g, (ARRAY['high','medium','low'])[1 + g % 3],
         (ARRAY['Created','In Progress','On Hold','External Investigating','Closed','Declined-Closed','Closed','Closed'])[1 + g % 8],
         $2::uuid, now() - make_interval(mins => g * 5), now() - make_interval(mins => g * 5 - 60)
       FROM generate_series(1, $3::int) g`,
      [m, userId, n],
    );
  }
  await q(
    `INSERT INTO messages (case_id, merchant_id, folder, author_id, author_name, subject, body, priority, created_at, read_at)
     SELECT c.id, c.merchant_id, CASE WHEN k % 2 = 1 THEN 'outbox' ELSE 'inbox' END, $1::uuid,
       CASE WHEN k % 2 = 1 THEN 'Read Er' ELSE 'Support' END,
       CASE WHEN k = 1 THEN c.subject ELSE 'Re: ' || c.subject END,
       'Message ' || k || ' of the case about ' || c.subject || '. Please check the attached statement and the payment reference.',
       c.priority, c.created_at + make_interval(mins => k * 10),
       CASE WHEN k % 2 = 0 AND random() < 0.95 THEN now() END
     FROM support_cases c CROSS JOIN generate_series(1, ${PER_CASE}) k`,
    [userId],
  );
  // Steady state as autovacuum leaves it: the visibility map lets counts read the index alone.
  await q('VACUUM ANALYZE support_cases');
  await q('VACUUM ANALYZE messages');
  const token = (await service(deps, 'sessions').issue(deps.db, userId, 'session')).token;
  const total = (
    await q('SELECT count(*)::int AS n FROM messages WHERE merchant_id = $1::uuid', [merchantId])
  ).rows[0]?.n;
  await app.close();
  console.log(`[${elapsed()}] ${total} messages of the company; starting the server process`);

  const server = await startServer({ DATABASE_URL: dbUrl, JWT_SECRET, SEED_DEMO: 'false', JOBS: 'off' });
  try {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    for (const [label, method, path, body] of [
      ['inbox, newest first, page 1 of 10', 'POST', '/api/messages/inbox/1/10/desc', {}],
      ['outbox, newest first, page 1 of 10', 'POST', '/api/messages/outbox/1/10/desc', {}],
      [
        'inbox, status Closed, by priority',
        'POST',
        '/api/messages/inbox/1/10/desc',
        { crm_status: 'Closed', sort_param: 'priority' },
      ],
      ['inbox, page 500 of 10 (offset 4,990)', 'POST', '/api/messages/inbox/500/10/desc', {}],
      [
        'inbox, text search "invoice 4242"',
        'POST',
        '/api/messages/inbox/1/10/desc',
        { filter_value: 'invoice 4242' },
      ],
      ['unread quantity', 'GET', '/api/messages/unread_quantity', undefined],
    ] as const) {
      const opts = {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      };
      await autocannon(`${server.baseUrl}${path}`, { connections: 4, seconds: 2, ...opts });
      const r = await autocannon(`${server.baseUrl}${path}`, { connections: 10, seconds: SECONDS, ...opts });
      rows.push({
        measure: `${label}, ${MESSAGES.toLocaleString('en')} messages, 10 conns`,
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
  printTable(`Messages on PostgreSQL (server in its own process; ${elapsed()} in all)`, rows);
} finally {
  await adminClient.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await adminClient.end();
}
