// bench/ledger: ledger throughput on PostgreSQL (uniform accounts, one hot account with and without
// sub-balances) beside pgbench's TPC-B on the same server; statement generation time and memory for
// 100,000 entries; wallet list latency with 10,000 wallets. Prints figures; never fails on a number.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../packages/server/src/app.ts';
import { testConfig } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { inTransaction } from '../../packages/server/src/db/tx.ts';
import { service } from '../../packages/server/src/deps.ts';
import type { UserPrincipal } from '../../packages/server/src/http/principal.ts';
import type { StatementChildInput } from './statement-child.ts';

const URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const WORKERS = Number(process.env.BENCH_WORKERS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const PGBENCH_SCALE = Number(process.env.BENCH_PGBENCH_SCALE ?? 10);
/** BENCH_SKIP=statements leaves out the (long) statement part. */
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
/** BENCH_ONLY=statements runs only the statement part; BENCH_FORMATS=pdf,camt053 picks its formats. */
const ONLY = process.env.BENCH_ONLY ?? '';
const part = (name: string) => !SKIP.has(name) && (!ONLY || ONLY === name);
const FORMATS = (['csv', 'camt053', 'mt940', 'pdf'] as const).filter(
  (f) => !process.env.BENCH_FORMATS || process.env.BENCH_FORMATS.split(',').includes(f),
);
const rows: [string, string][] = [];
const log = (name: string, value: string) => {
  rows.push([name, value]);
  console.log(`${name.padEnd(58)} ${value}`);
};

const schema = `bench_ledger_${randomUUID().slice(0, 8)}`;
const admin = await openDatabase({ url: URL, dataDir: '/tmp', poolSize: 1 });
await admin.exec(`CREATE SCHEMA ${schema}`);
const database = await openDatabase({ url: URL, dataDir: '/tmp', searchPath: schema, poolSize: WORKERS + 2 });
const { app, deps } = await buildApp(testConfig({ databaseUrl: URL }), { database, webDist: false });
const ledger = service(deps, 'ledger');
const wallets = service(deps, 'wallets');

try {
  const [company] = (
    await database.query<{ id: string }>(
      "INSERT INTO merchants (name) VALUES ('Bench Ltd') RETURNING id::text",
    )
  ).rows;
  const merchantId = company?.id ?? '';
  const open = (n: number, currency = 'EUR') =>
    inTransaction(deps.db, async (tx) => {
      const out: { id: number; account: number }[] = [];
      for (let i = 0; i < n; i++) {
        const w = await wallets.openWallet(tx, { merchantId, currency, platform: 'UK' });
        out.push({ id: w.id, account: await ledger.walletAccount(tx, w.id, currency) });
        await wallets.recordPayIn(tx, {
          walletId: w.id,
          currency,
          amount: 10n ** 12n,
          reference: `fund-${w.id}`,
        });
      }
      return out;
    });

  if (part('transfers')) {
    // --- transfers per second ------------------------------------------------------------------
    // `postEntry`: one transaction per transfer (the path of callers with rows of their own);
    // `transfer`: the group-committed path (ledger.group-commit.ts), same rules and answers.
    async function run(
      label: string,
      pick: (i: number) => [number, number],
      seconds = SECONDS,
      mode: 'postEntry' | 'transfer' = 'postEntry',
    ) {
      let done = 0;
      let refused = 0;
      const stop = Date.now() + seconds * 1000;
      const started = Date.now();
      await Promise.all(
        Array.from({ length: WORKERS }, async (_, w) => {
          for (let i = w; Date.now() < stop; i += WORKERS) {
            const [from, to] = pick(i);
            const entry = {
              kind: 'transfer' as const,
              postings: [
                { accountId: from, amount: -100n },
                { accountId: to, amount: 100n },
              ],
            };
            try {
              if (mode === 'transfer') await ledger.transfer(entry);
              else await inTransaction(deps.db, (tx) => ledger.postEntry(tx, entry));
              done++;
            } catch {
              refused++;
            }
          }
        }),
      );
      if (label === 'warm-up') return;
      const tps = Math.round(done / ((Date.now() - started) / 1000));
      log(
        `ledger transfers/s, ${label}${mode === 'transfer' ? ' [group commit]' : ' [one tx each]'}`,
        `${tps} tps (${done} ok, ${refused} failed)`,
      );
      return tps;
    }
    const gc = () => ledger.groupCommitStats();
    const pool = await open(200);
    const acc = (i: number) => pool[i % pool.length]?.account ?? 0;
    // Connections, plans and the JIT warm up first, so the first figure is not the slowest by accident.
    await run('warm-up', (i) => [acc(i * 7919), acc(i * 104729 + 1)], 2);
    await run('warm-up', (i) => [acc(i * 7919), acc(i * 104729 + 1)], 2, 'transfer');
    const uniform = (i: number): [number, number] => [acc(i * 7919), acc(i * 104729 + 1)];
    await run(`uniform over 200 wallets, ${WORKERS} clients`, uniform);
    const before = gc();
    const grouped = await run(`uniform over 200 wallets, ${WORKERS} clients`, uniform, SECONDS, 'transfer');
    const after = gc();
    log(
      'group commit: transfers per database transaction (mean)',
      `${((after.transfers - before.transfers) / Math.max(1, after.batches - before.batches)).toFixed(1)} (${after.fallbacks - before.fallbacks} batches re-run one by one)`,
    );
    const [hot] = await open(1);
    const hotAcc = hot?.account ?? 0;
    await run('one hot collection wallet (1 balance row)', (i) => [acc(i * 7919), hotAcc]);
    await run(
      'one hot collection wallet (1 balance row)',
      (i) => [acc(i * 7919), hotAcc],
      SECONDS,
      'transfer',
    );
    // Split the hot wallet's credits over 16 sub-balances (debits still lock them all).
    await database.exec(`UPDATE ledger_accounts SET slots = 16 WHERE id = ${hotAcc};
      INSERT INTO ledger_balances (account_id, slot) SELECT ${hotAcc}, s FROM generate_series(1, 15) s`);
    await run('one hot collection wallet (16 sub-balances)', (i) => [acc(i * 7919), hotAcc]);
    await run(
      'one hot collection wallet (16 sub-balances)',
      (i) => [acc(i * 7919), hotAcc],
      SECONDS,
      'transfer',
    );
    const sysAcc = await inTransaction(deps.db, (tx) => ledger.systemAccount(tx, 'payin_clearing', 'EUR'));
    await run('pay-ins: every transfer through the clearing account (16 slots)', (i) => [
      sysAcc,
      acc(i * 7919),
    ]);

    // --- pgbench TPC-B on the same server --------------------------------------------------------
    try {
      const base = new globalThis.URL(URL);
      const env = {
        ...process.env,
        PGHOST: base.hostname,
        PGPORT: base.port || '5432',
        PGUSER: decodeURIComponent(base.username || 'postgres'),
        PGPASSWORD: decodeURIComponent(base.password),
      };
      execFileSync(
        'psql',
        [
          '-d',
          base.pathname.slice(1) || 'postgres',
          '-qc',
          'DROP DATABASE IF EXISTS bench_pgbench',
          '-c',
          'CREATE DATABASE bench_pgbench',
        ],
        { env, stdio: 'pipe' },
      );
      // Scale 10: ten branch rows, so the clients do not all queue on one (scale 1 flatters the ratio).
      execFileSync('pgbench', ['-i', '-s', String(PGBENCH_SCALE), '-q', 'bench_pgbench'], {
        env,
        stdio: 'pipe',
      });
      const out = execFileSync(
        'pgbench',
        ['-c', String(WORKERS), '-j', '2', '-T', String(SECONDS), 'bench_pgbench'],
        {
          env,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      const tps = /tps = ([\d.]+)/.exec(out)?.[1] ?? '?';
      log(
        `pgbench TPC-B (scale ${PGBENCH_SCALE}, ${WORKERS} clients, ${SECONDS} s), same server`,
        `${Math.round(Number(tps))} tps`,
      );
      log(
        'ledger group commit ÷ pgbench TPC-B (same clients, same run)',
        `${((grouped ?? 0) / Number(tps)).toFixed(2)}x`,
      );
      execFileSync(
        'psql',
        ['-d', base.pathname.slice(1) || 'postgres', '-qc', 'DROP DATABASE bench_pgbench'],
        {
          env,
          stdio: 'pipe',
        },
      );
    } catch (err) {
      log('pgbench TPC-B', `not run: ${(err as Error).message.split('\n')[0]}`);
    }
  }

  // --- statement of 100,000 entries -----------------------------------------------------------
  const [busy] = part('statements') ? await open(1) : [];
  const busyId = busy?.id ?? 0;
  const payin = await inTransaction(deps.db, (tx) => ledger.systemAccount(tx, 'payin_clearing', 'EUR'));
  const yearStart = Date.UTC(2025, 0, 1);
  for (let chunk = 0; chunk < (part('statements') ? 10 : 0); chunk++) {
    await inTransaction(deps.db, (tx) =>
      ledger.postBatch(
        tx,
        Array.from({ length: 10_000 }, (_, i) => {
          const n = chunk * 10_000 + i;
          return {
            kind: 'payin' as const,
            valueDate: new Date(yearStart + Math.floor((n * 365 * 86_400_000) / 100_000)),
            details: { counterparty: `Customer ${n % 977}`, description: `Invoice ${n}` },
            postings: [
              { accountId: busy?.account ?? 0, amount: BigInt(100 + (n % 5000)) },
              { accountId: payin, amount: -BigInt(100 + (n % 5000)) },
            ],
          };
        }),
      ),
    );
  }
  const [wallet] = (
    await database.query<{ uuid: string }>(`SELECT uuid::text FROM wallets WHERE id = ${busyId}`)
  ).rows;
  // Each format in a process of its own (statement-child.ts): the seeding above leaves a large
  // heap here, which would hide (or inflate) what a statement allocates.
  const child = fileURLToPath(new globalThis.URL('./statement-child.ts', import.meta.url));
  for (const format of part('statements') ? FORMATS : []) {
    const input: StatementChildInput = {
      url: URL,
      schema,
      merchantId,
      walletUuid: wallet?.uuid ?? '',
      format,
    };
    const out = execFileSync(process.execPath, ['--expose-gc', ...process.execArgv, child], {
      env: { ...process.env, BENCH_STATEMENT_CHILD: JSON.stringify(input) },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const r = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as {
      seconds: number;
      bytes: number;
      before: number;
      peak: number;
    };
    log(
      `statement ${format}, 100,000 entries over 12 months`,
      `${r.seconds.toFixed(1)} s, ${(r.bytes / 1e6).toFixed(1)} MB, RSS +${((r.peak - r.before) / 1e6).toFixed(0)} MB (peak ${(r.peak / 1e6).toFixed(0)} MB)`,
    );
  }
  log(
    'process max RSS over the whole run (resourceUsage)',
    `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
  );

  if (part('wallets')) {
    // --- wallet list with 10,000 wallets --------------------------------------------------------
    const [big] = (
      await database.query<{ id: string }>(
        "INSERT INTO merchants (name) VALUES ('Big Ltd') RETURNING id::text",
      )
    ).rows;
    const bigId = big?.id ?? '';
    await database.exec(`
      INSERT INTO wallets (merchant_id, ui_name, created_at) SELECT '${bigId}', 'Wallet ' || g, now() - g * interval '1 minute' FROM generate_series(1, 10000) g;
      INSERT INTO ledger_accounts (kind, wallet_id, merchant_id, currency, allow_negative) SELECT 'wallet', id, merchant_id, 'EUR', false FROM wallets WHERE merchant_id = '${bigId}';
      INSERT INTO ledger_balances (account_id, slot, balance) SELECT id, 0, 100000 FROM ledger_accounts WHERE merchant_id = '${bigId}';
      INSERT INTO wallet_ibans (wallet_id, merchant_id, iban, country, bank_code, check_rule_code)
        SELECT id, merchant_id, 'GB00CLRL041307' || lpad(id::text, 8, '0'), 'GB', '041307', 'SEPA_UK_ACCOUNT' FROM wallets WHERE merchant_id = '${bigId}';
      ANALYZE;`);
    const p2: UserPrincipal = {
      kind: 'user',
      userId: randomUUID(),
      sessionId: randomUUID(),
      merchantId: bigId,
      isMaster: true,
      isAdmin: false,
      group: null,
      rights: new Set(),
      impersonatorId: null,
      autoApprovePayouts: false,
    };
    const times: number[] = [];
    const sorts = ['created', 'ui_name', 'id', 'status'] as const;
    for (let i = 0; i < 300; i++) {
      const started = performance.now();
      const filter =
        i % 3 === 1
          ? { filter_param: 'ui_name' as const, filter_value: `Wallet ${i}*` }
          : i % 3 === 2
            ? {
                filter_param: 'iban_number' as const,
                filter_value: `GB00 CLRL 0413 07${String(i).padStart(4, '0')}*`,
              }
            : {};
      await wallets.list(p2, 1 + (i % 100), 10, {
        sort_param: sorts[i % 4] ?? 'created',
        sort_order: i % 2 ? 'desc' : 'asc',
        ...filter,
      });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const pct = (p: number) =>
      times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]?.toFixed(1);
    log(
      'wallet list (page of 10 + total, 10,000 wallets), 300 calls',
      `p50 ${pct(50)} ms, p99 ${pct(99)} ms`,
    );
  }
} finally {
  await app.close();
  await database.close();
  await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
  await admin.close();
}
console.log('\n| figure | value |\n|---|---|');
for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
