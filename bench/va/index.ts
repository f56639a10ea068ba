// bench/va: the VA list of one wallet holding 100,000 virtual accounts (p50/p99 over HTTP, filters
// included) and pay-ins to VA numbers per second through the processing simulator's call, against
// the real server in its own process on PostgreSQL (a database of its own, dropped afterwards).
// Prints figures; never fails on a number.
import { randomUUID } from 'node:crypto';
import { type VaRange, vaNumber } from '@portal/domain';
import pg from 'pg';
import { buildApp } from '../../packages/server/src/app.ts';
import { testConfig } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { inTransaction } from '../../packages/server/src/db/tx.ts';
import { service } from '../../packages/server/src/deps.ts';
import { autocannon, printTable, startServer } from '../support/server.ts';
import { pct } from '../support/stats.ts';

const BASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const VAS = Number(process.env.BENCH_VAS ?? 100_000);
const JWT_SECRET = randomUUID() + randomUUID();
const dbName = `bench_va_${randomUUID().slice(0, 8)}`;
const dbUrl = BASE_URL.replace(/\/[^/]*$/, `/${dbName}`);
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;

const adminClient = new pg.Client({ connectionString: BASE_URL });
await adminClient.connect();
await adminClient.query(`CREATE DATABASE ${dbName}`);
const rows: Record<string, string | number>[] = [];

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}
const nodesOf = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodesOf)];
/** The scan nodes of a plan, e.g. "Bitmap Index Scan (virtual_accounts_number_trgm)". */
const planSummary = (n: PlanNode) =>
  nodesOf(n)
    .filter((x) => /Scan/.test(x['Node Type']))
    .map((x) => `${x['Node Type']}${x['Index Name'] ? ` (${x['Index Name']})` : ''}`)
    .join(' + ');
/** Table rows the scans looked at: those returned plus those a filter or recheck threw away. */
const rowsRead = (n: PlanNode) =>
  nodesOf(n)
    .filter((x) => /Scan/.test(x['Node Type']) && x['Node Type'] !== 'Bitmap Index Scan')
    .reduce(
      (sum, x) =>
        sum +
        ((x['Actual Rows'] ?? 0) +
          (x['Rows Removed by Filter'] ?? 0) +
          (x['Rows Removed by Index Recheck'] ?? 0)) *
          (x['Actual Loops'] ?? 1),
      0,
    );

try {
  const database = await openDatabase({ url: dbUrl, dataDir: '/tmp', poolSize: 8 });
  const { app, deps } = await buildApp(testConfig({ databaseUrl: dbUrl, jwtSecret: JWT_SECRET }), {
    database,
    webDist: false,
  });
  const q = (text: string, values: unknown[] = []) => database.query<Record<string, string>>(text, values);
  const merchantId =
    (await q("INSERT INTO merchants (name) VALUES ('Bench VA Ltd') RETURNING id::text")).rows[0]?.id ?? '';
  const wallet = await inTransaction(deps.db, (tx) =>
    service(deps, 'wallets').openWallet(tx, { merchantId, currency: 'EUR', platform: 'UK' }),
  );
  const range: VaRange = {
    checkRuleCode: 'SEPA_UK_ACCOUNT',
    country: 'GB',
    bankLetters: 'CLRL',
    prefix: '040075',
  };
  const groupId = (
    await q(
      `INSERT INTO va_groups (merchant_id, name, country, check_rule_code, level, bank, bank_address, bic, bank_letters, prefix,
         range_from, range_to, next_serial, va_limit, allocated, created_at)
       VALUES ($1, 'Bench UK', 'GB', 'SEPA_UK_ACCOUNT', 1, 'ClearBank Ltd', 'London', 'CLRBGB22', 'CLRL', '040075', 1, 99999999, $2, $3, $4, now())
       RETURNING id::text`,
      [merchantId, VAS + 1, VAS * 2, VAS],
    )
  ).rows[0]?.id;
  const requestUuid = randomUUID();
  await q(
    `INSERT INTO va_requests (uuid, merchant_id, wallet_id, client_type, client_customer_id, customer_name, status, details, created_at, updated_at)
     VALUES ($1, $2, $3, 'corporate', 'bulk', 'Bulk load', 'allocated', '{}'::jsonb, now(), now())`,
    [requestUuid, merchantId, wallet.id],
  );
  console.log(`[${elapsed()}] inserting ${VAS.toLocaleString('en')} virtual accounts of one wallet…`);
  const BATCH = 10_000;
  for (let from = 1; from <= VAS; from += BATCH) {
    const serials: number[] = [];
    const numbers: string[] = [];
    const accounts: string[] = [];
    for (let s = from; s < Math.min(VAS + 1, from + BATCH); s++) {
      const n = vaNumber(range, s);
      serials.push(s);
      numbers.push(n.number);
      accounts.push(n.accNumber);
    }
    await q(
      `INSERT INTO virtual_accounts (merchant_id, wallet_id, group_id, serial, request_uuid, number, iban, bank_code, sort_code, acc_number,
         country, check_rule_code, level, client_type, client_customer_id, client_customer_name, acc_holder_name, status,
         details_ready_at, created_at)
       SELECT $1::uuid, $2::bigint, $3::bigint, s, $4::uuid, n, n, 'CLRL040075', '040075', a, 'GB', 'SEPA_UK_ACCOUNT', 1 + s % 2,
         'corporate', 'cust-' || s, 'Customer ' || s, 'Customer ' || s,
         (ARRAY['active','active','active','disabled','closed'])[1 + s % 5], now(), now() - make_interval(secs => s)
       FROM unnest($5::bigint[], $6::text[], $7::text[]) AS x(s, n, a)`,
      [merchantId, wallet.id, groupId, requestUuid, serials, numbers, accounts],
    );
  }
  // Steady state as autovacuum leaves it after a bulk insert: statistics, and the visibility map
  // that lets the list's total read an index alone.
  await q('VACUUM ANALYZE virtual_accounts');

  // The wildcard IBAN search as the list runs it (page of 20 + count), with the trigram index of
  // migration 0811 and without it (dropped in a transaction that is rolled back): plan and time.
  const searchRows: Record<string, string | number>[] = [];
  {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    const where = "wallet_id = $1 AND number ILIKE '%4242%'";
    const statements = [
      [
        'page of 20',
        `SELECT * FROM virtual_accounts WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT 20`,
      ],
      ['count', `SELECT count(*) FROM virtual_accounts WHERE ${where}`],
    ] as const;
    const explain = async (label: string) => {
      for (const [part, text] of statements) {
        const runs: { ms: number; plan: PlanNode }[] = [];
        for (let i = 0; i < 7; i++) {
          const r = await c.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
            `EXPLAIN (ANALYZE, FORMAT JSON) ${text}`,
            [wallet.id],
          );
          const top = r.rows[0]?.['QUERY PLAN'][0];
          if (top) runs.push({ ms: top['Execution Time'], plan: top.Plan });
        }
        const ms = runs.map((x) => x.ms).sort((a, b) => a - b);
        const plan = runs[0]?.plan;
        searchRows.push({
          measure: `IBAN search *4242* (${part}), ${label}`,
          'p50 ms': Number(pct(ms, 50).toFixed(2)),
          'max ms': Number((ms[ms.length - 1] ?? 0).toFixed(2)),
          plan: plan ? planSummary(plan) : '?',
          'rows read': plan ? rowsRead(plan) : 0,
        });
      }
    };
    await explain('trigram GIN index');
    await c.query('BEGIN');
    await c.query('DROP INDEX virtual_accounts_number_trgm');
    await explain('no index (before 0811)');
    await c.query('ROLLBACK');
    await c.end();
    printTable(
      `Wildcard IBAN search, ${VAS.toLocaleString('en')} VAs in one wallet (EXPLAIN ANALYZE, 7 runs)`,
      searchRows,
    );
  }
  const user =
    (
      await q(
        `INSERT INTO users (login, email, first_name, last_name, email_confirmed, status, current_merchant_id)
       VALUES ('va-lister@example.com', 'va-lister@example.com', 'List', 'User', true, 'activated', $1::uuid) RETURNING id::text`,
        [merchantId],
      )
    ).rows[0]?.id ?? '';
  await q(
    "INSERT INTO user_merchants (user_id, merchant_id, rights) VALUES ($1::uuid, $2::uuid, '{vaCorporate}')",
    [user, merchantId],
  );
  const admin =
    (
      await q(
        `INSERT INTO users (login, email, first_name, last_name, email_confirmed, status, current_group)
       VALUES ('va-admin@example.com', 'va-admin@example.com', 'Bench', 'Admin', true, 'activated', 'admin') RETURNING id::text`,
      )
    ).rows[0]?.id ?? '';
  await q("INSERT INTO user_groups (user_id, group_code) VALUES ($1::uuid, 'admin')", [admin]);
  const sessions = service(deps, 'sessions');
  const listToken = (await sessions.issue(deps.db, user, 'session')).token;
  const adminToken = (await sessions.issue(deps.db, admin, 'session')).token;
  await app.close();
  console.log(`[${elapsed()}] setup done; starting the server process`);

  const server = await startServer({ DATABASE_URL: dbUrl, JWT_SECRET, SEED_DEMO: 'false', JOBS: 'off' });
  try {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${listToken}` };
    const full = vaNumber(range, 4242).number;
    for (const [label, path, body] of [
      ['VA list newest first, page 1 of 20', '/api/wallets/virtual_ibans/20/1', {}],
      ['VA list page 100 of 20 (offset 1,980)', '/api/wallets/virtual_ibans/20/100', {}],
      [
        'VA list status active + level 2',
        '/api/wallets/virtual_ibans/20/1',
        { iban_status: 'active', iban_level: 2 },
      ],
      [
        'VA list full-IBAN search (exact, page 1)',
        '/api/wallets/virtual_ibans/20/3',
        { filter_param: 'iban_number', filter_value: full },
      ],
      [
        'VA list IBAN wildcard *4242*',
        '/api/wallets/virtual_ibans/20/1',
        { filter_param: 'iban_number', filter_value: '*4242*' },
      ],
    ] as const) {
      const payload = JSON.stringify({ wallet_id: wallet.id, ...body });
      await autocannon(`${server.baseUrl}${path}`, {
        connections: 4,
        seconds: 2,
        method: 'POST',
        headers,
        body: payload,
      });
      const r = await autocannon(`${server.baseUrl}${path}`, {
        connections: 10,
        seconds: SECONDS,
        method: 'POST',
        headers,
        body: payload,
      });
      rows.push({
        measure: `${label}, ${VAS.toLocaleString('en')} VAs in one wallet, 10 conns`,
        'per s': Math.round(r.rps),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        note: `${r.total} requests, ${r.errors + r.non2xx} errors/non-2xx`,
      });
    }

    // Pay-ins to active VA numbers through the simulator's call: resolve the VA, book on the ledger.
    const active: string[] = [];
    for (let s = 1; active.length < 5_000 && s <= VAS; s++)
      if (s % 5 < 3) active.push(vaNumber(range, s).number);
    let next = 0;
    let ok = 0;
    let failed = 0;
    const ms: number[] = [];
    const stopAt = Date.now() + SECONDS * 1000;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (Date.now() < stopAt) {
          const number = active[next++ % active.length];
          const t = performance.now();
          const res = await fetch(`${server.baseUrl}/api/operator/processing/payin_va`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${adminToken}`,
              'idempotency-key': randomUUID(),
            },
            body: JSON.stringify({
              va_number: number,
              currency: 'EUR',
              amount: '10.00',
              payer_name: 'Bench Payer',
            }),
          });
          const json = (await res.json()) as { status?: string };
          if (res.status === 200 && json.status === 'settled') {
            ok++;
            ms.push(performance.now() - t);
          } else failed++;
        }
      }),
    );
    const secs = (Date.now() - started) / 1000;
    ms.sort((a, b) => a - b);
    rows.push({
      measure: `pay-ins to VA numbers (resolve + ledger + payment), ${CLIENTS} clients, one wallet`,
      'per s': Math.round(ok / secs),
      'p50 ms': Math.round(pct(ms, 50)),
      'p99 ms': Math.round(pct(ms, 99)),
      note: `${ok} ok, ${failed} failed`,
    });
  } finally {
    await server.stop();
  }
  await database.close();
  printTable(`Virtual accounts on PostgreSQL (server in its own process; ${elapsed()} in all)`, rows);
  printTable('Wildcard IBAN search (again, for the record)', searchRows);
} finally {
  await adminClient.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await adminClient.end();
}
