// bench/reads: list queries at scale, in process against PostgreSQL — the payments list over
// 1,000,000 payments of one company (first page, filters by status, method, amount and period,
// page 100, settled pay-outs by amount) and the wallet list over 10,000 wallets — p50/p99 of the
// service call (list + capped count) beside the targets, and with BENCH_EXPLAIN=1 the
// EXPLAIN (ANALYZE, BUFFERS) of every SQL statement each list runs (captured from the driver).
// Uses a database of its own (`bench_reads`, dropped afterwards unless BENCH_KEEP_DB=1, which also
// reuses the loaded rows). Prints figures; never fails on a number.
import { randomUUID } from 'node:crypto';
import { apiRoutes } from '@portal/domain';
import pg from 'pg';
import { buildApp } from '../../packages/server/src/app.ts';
import { testConfig } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { inTransaction } from '../../packages/server/src/db/tx.ts';
import { service } from '../../packages/server/src/deps.ts';
import type { UserPrincipal } from '../../packages/server/src/http/principal.ts';
import { printTable } from '../support/server.ts';
import { pct } from '../support/stats.ts';

const BASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const PAYMENTS = Number(process.env.BENCH_LIST_ROWS ?? 1_000_000);
const WALLETS = 10_000;
const KEEP = process.env.BENCH_KEEP_DB === '1';
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const dbName = 'bench_reads';
const dbUrl = BASE_URL.replace(/\/[^/]*$/, `/${dbName}`);

// Every statement the services send while `capture` is set (text and values, for EXPLAIN).
const captured: { text: string; values: unknown[] }[] = [];
let capture = false;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function patched(this: pg.Client, ...args: unknown[]) {
  const [first, second] = args as [unknown, unknown];
  if (capture) {
    const text = typeof first === 'string' ? first : (first as { text?: string })?.text;
    const values = Array.isArray(second) ? second : ((first as { values?: unknown[] })?.values ?? []);
    if (text) captured.push({ text, values });
  }
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

const admin = new pg.Client({ connectionString: BASE_URL });
await admin.connect();
const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rowCount;
if (exists && !KEEP) await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
if (!exists || !KEEP) await admin.query(`CREATE DATABASE ${dbName}`);

const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;

try {
  const database = await openDatabase({ url: dbUrl, dataDir: '/tmp', poolSize: 4 });
  const { app, deps } = await buildApp(testConfig({ databaseUrl: dbUrl }), { database, webDist: false });
  const q = (text: string, values: unknown[] = []) => database.query<Record<string, string>>(text, values);

  let listMerchant = (await q("SELECT id::text FROM merchants WHERE name = 'Reads Million Ltd'")).rows[0]?.id;
  if (!listMerchant) {
    console.log(`[${elapsed()}] loading ${PAYMENTS.toLocaleString('en')} payments and ${WALLETS} wallets…`);
    listMerchant =
      (await q("INSERT INTO merchants (name) VALUES ('Reads Million Ltd') RETURNING id::text")).rows[0]?.id ??
      '';
    const wallet = await inTransaction(deps.db, (tx) =>
      service(deps, 'wallets').openWallet(tx, {
        merchantId: listMerchant ?? '',
        currency: 'EUR',
        platform: 'UK',
      }),
    );
    // As bench/payments loads them: payments indexes dropped, rows inserted, indexes rebuilt.
    const indexes = (
      await q(
        "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'payments' AND indexname <> 'payments_pkey'",
      )
    ).rows;
    for (const ix of indexes) await q(`DROP INDEX ${ix.indexname}`);
    await q(
      `INSERT INTO payments (merchant_id, wallet_id, direction, transaction_type, method, status, currency, amount, payee_name,
          counterparty_iban, comments, created_at, updated_at, settled_at)
       SELECT $1::uuid, $2::bigint,
         CASE WHEN g % 3 = 0 THEN 'inbound' ELSE 'outbound' END, CASE WHEN g % 3 = 0 THEN 'payin' ELSE 'payout' END,
         (ARRAY['SEPA','FPS','SWIFT','CHAPS'])[1 + g % 4], (ARRAY['settled','settled','settled','pending','created','declined'])[1 + g % 6],
         'EUR', 100 + (g::bigint * 7919) % 10000000, 'Payee ' || (g % 5000), 'DE89370400440532013000', 'Invoice ' || g,
         now() - make_interval(secs => g * 30), now(), CASE WHEN g % 6 < 3 THEN now() - make_interval(secs => g * 30 - 60) END
       FROM generate_series(1, $3::int) g`,
      [listMerchant, wallet.id, PAYMENTS],
    );
    for (const ix of indexes) await q(ix.indexdef ?? '');
    const bigId =
      (await q("INSERT INTO merchants (name) VALUES ('Reads Wallets Ltd') RETURNING id::text")).rows[0]?.id ??
      '';
    await database.exec(`
      INSERT INTO wallets (merchant_id, ui_name, created_at) SELECT '${bigId}', 'Wallet ' || g, now() - g * interval '1 minute' FROM generate_series(1, ${WALLETS}) g;
      INSERT INTO ledger_accounts (kind, wallet_id, merchant_id, currency, allow_negative) SELECT 'wallet', id, merchant_id, 'EUR', false FROM wallets WHERE merchant_id = '${bigId}';
      INSERT INTO ledger_balances (account_id, slot, balance) SELECT id, 0, 100000 FROM ledger_accounts WHERE merchant_id = '${bigId}';
      INSERT INTO wallet_ibans (wallet_id, merchant_id, iban, country, bank_code, check_rule_code)
        SELECT id, merchant_id, 'GB00CLRL041307' || lpad(id::text, 8, '0'), 'GB', '041307', 'SEPA_UK_ACCOUNT' FROM wallets WHERE merchant_id = '${bigId}';`);
    await database.exec('VACUUM ANALYZE');
    console.log(`[${elapsed()}] loaded`);
  }
  const walletMerchant = (await q("SELECT id::text FROM merchants WHERE name = 'Reads Wallets Ltd'")).rows[0]
    ?.id;

  const principal = (merchantId: string): UserPrincipal => ({
    kind: 'user',
    userId: randomUUID(),
    sessionId: randomUUID(),
    merchantId,
    isMaster: true,
    isAdmin: false,
    group: null,
    rights: new Set(['payments/list', 'wallets/accGetWalletsByMerchant']),
    impersonatorId: null,
    autoApprovePayouts: false,
  });
  const listSchema = apiRoutes.listPayments.body;
  const walletSchema = apiRoutes.walletsList.body;
  if (!listSchema || !walletSchema) throw new Error('list routes without a body schema');
  const listBody = listSchema;
  const walletBody = walletSchema;
  const read = service(deps, 'paymentsRead');
  const wallets = service(deps, 'wallets');
  const payer = principal(listMerchant ?? '');
  const walletOwner = principal(walletMerchant ?? '');

  const scenarios: [label: string, target: number, call: (i: number) => Promise<unknown>][] = [
    ['payments: newest first, page 1 of 20', 50, () => read.list(payer, 'all', 1, 20, listBody.parse({}), 0)],
    [
      'payments: status pending',
      50,
      () => read.list(payer, 'all', 1, 20, listBody.parse({ statuses: ['pending'] }), 0),
    ],
    [
      'payments: method SWIFT',
      50,
      () => read.list(payer, 'all', 1, 20, listBody.parse({ methods: ['SWIFT'] }), 0),
    ],
    [
      'payments: amount 1,000.00–2,000.00',
      50,
      () => read.list(payer, 'all', 1, 20, listBody.parse({ amount_from: '1000', amount_to: '2000' }), 0),
    ],
    [
      'payments: period this month',
      50,
      () => read.list(payer, 'all', 1, 20, listBody.parse({ period: 'thisMonth' }), 0),
    ],
    [
      'payments: SWIFT this month',
      50,
      () => read.list(payer, 'all', 1, 20, listBody.parse({ methods: ['SWIFT'], period: 'thisMonth' }), 0),
    ],
    ['payments: page 100 of 20', 50, () => read.list(payer, 'all', 100, 20, listBody.parse({}), 0)],
    [
      'payments: settled pay-outs by amount desc',
      50,
      () =>
        read.list(
          payer,
          'payout_settled',
          1,
          20,
          listBody.parse({ sort_param: 'amount', sort_order: 'desc' }),
          0,
        ),
    ],
    [
      'wallets: page of 10 + total (sorts, filters, pages 1–100)',
      20,
      (i) => {
        const sorts = ['created', 'ui_name', 'id', 'status'] as const;
        const filter =
          i % 3 === 1
            ? { filter_param: 'ui_name', filter_value: `Wallet ${i}*` }
            : i % 3 === 2
              ? {
                  filter_param: 'iban_number',
                  filter_value: `GB00 CLRL 0413 07${String(i).padStart(4, '0')}*`,
                }
              : {};
        return wallets.list(
          walletOwner,
          1 + (i % 100),
          10,
          walletBody.parse({ sort_param: sorts[i % 4], sort_order: i % 2 ? 'desc' : 'asc', ...filter }),
        );
      },
    ],
  ];

  const rows: Record<string, string | number>[] = [];
  const plans: string[] = [];
  for (const [label, target, call] of scenarios) {
    for (let i = 0; i < 10; i++) await call(i);
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const started = performance.now();
      await call(i);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p99 = pct(times, 99);
    rows.push({
      list: label,
      'p50 ms': pct(times, 50).toFixed(1),
      'p99 ms': p99.toFixed(1),
      'target p99': `< ${target} ms`,
      ratio: `${(p99 / target).toFixed(2)}x`,
    });
    if (EXPLAIN) {
      captured.length = 0;
      capture = true;
      await call(0);
      capture = false;
      for (const { text, values } of captured) {
        const plan = await database.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`,
          values,
        );
        plans.push(
          `-- ${label}\n${text}\n-- ${JSON.stringify(values, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`,
        );
      }
    }
  }
  printTable(
    `List reads on PostgreSQL, in process, ${CALLS} sequential calls each (${PAYMENTS.toLocaleString('en')} payments of one company; ${WALLETS.toLocaleString('en')} wallets of another)`,
    rows,
  );
  if (EXPLAIN) console.log(`\n${plans.join('\n')}`);
  await app.close();
  await database.close();
} finally {
  if (!KEEP) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}
