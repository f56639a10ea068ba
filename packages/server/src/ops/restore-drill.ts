/**
 * `npm run test:restore` (issue 34): a server process on a fresh PostgreSQL database takes pay-ins
 * with Idempotency-Keys from 8 clients and audited wallet renames from the Master User; in the middle of that traffic `pg_dump -Fc` dumps the
 * database from an exported snapshot, and the dump is restored with `pg_restore` into another fresh
 * database. The restored database must hold exactly the snapshot's rows (table by table), pass
 * `npm run audit:verify` and the ledger invariants, and hold every pay-in acknowledged before the
 * snapshot exactly once. Prints dump and restore times and row counts; exit 1 on any violation.
 *
 * RESTORE_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server the two
 * databases are created on; RESTORE_SECONDS (default 20) is the length of the traffic.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase, DEMO, freePort, login, serverProcess } from './cluster.ts';
import {
  auditVerify,
  auditedTraffic,
  cannotRun,
  checkPayIns,
  invariantViolations,
  payInTraffic,
  payInWallets,
  postgresBin,
  retrying,
  rowCounts,
  run,
  seconds,
  sleep,
} from './drill-kit.ts';

const DRILL = 'restore drill';
const BASE = process.env.RESTORE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.RESTORE_SECONDS ?? 20);
const CLIENTS = 8;
const verbose = process.env.DRILL_VERBOSE === '1';
const log = (line: string) => {
  if (verbose) console.log(line);
};

async function main() {
  const started = Date.now();
  const bin = postgresBin(['pg_dump', 'pg_restore']);
  if (!bin) cannotRun(DRILL, 'pg_dump/pg_restore not found (set PG_BIN to the PostgreSQL bin folder)');
  const probe = new pg.Client({ connectionString: BASE, connectionTimeoutMillis: 5_000 });
  try {
    await probe.connect();
    await probe.end();
  } catch (err) {
    cannotRun(DRILL, `PostgreSQL at ${new URL(BASE).host} does not answer (${String(err)})`);
  }

  const violations: string[] = [];
  const source = await createDatabase(BASE, 'restore_src');
  const target = await createDatabase(BASE, 'restore_dst');
  const work = mkdtempSync(join(tmpdir(), 'restore-drill-'));
  const dumpFile = join(work, 'portal.dump');
  const sourcePool = new pg.Pool({ connectionString: source.url, max: 2 });
  const targetPool = new pg.Pool({ connectionString: target.url, max: 2 });
  sourcePool.on('error', () => {});
  targetPool.on('error', () => {});
  const app = serverProcess(
    'restore',
    await freePort(),
    { DATABASE_URL: source.url, SEED_DEMO: 'true' },
    log,
  );
  let snapshot: pg.PoolClient | undefined;
  try {
    await app.start();
    console.log(`${DRILL}: server up on a fresh database in ${seconds(Date.now() - started)}`);
    const admin = await login(app.url, DEMO.admin);
    const wallets = await payInWallets(sourcePool);

    const deadline = Date.now() + SECONDS * 1000;
    const send = retrying({ target: () => app.url, giveUpAt: () => deadline + 20_000, log });
    const renames = auditedTraffic({
      send,
      pool: sourcePool,
      base: app.url,
      until: () => Date.now() >= deadline,
      log,
    });
    const { traffic, done } = payInTraffic({
      send,
      token: admin,
      wallets,
      clients: CLIENTS,
      prefix: 'restore',
      until: () => Date.now() >= deadline,
      log,
    });

    // ---- dump under traffic, from a snapshot whose row counts we know ---------------------------
    await sleep((SECONDS * 1000) / 3);
    snapshot = await sourcePool.connect();
    await snapshot.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    const { rows } = await snapshot.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
    const snapshotAt = Date.now();
    const ackedBefore = [...traffic.acknowledged.values()].filter((a) => a.at < snapshotAt);
    const dumpStarted = Date.now();
    const dumping = run(join(bin, 'pg_dump'), [
      '--format=custom',
      '--no-owner',
      `--snapshot=${rows[0]?.id}`,
      `--file=${dumpFile}`,
      source.url,
    ]);
    const snapshotCounts = await rowCounts(snapshot);
    await dumping;
    const dumpMs = Date.now() - dumpStarted;
    await snapshot.query('COMMIT');
    snapshot.release();
    snapshot = undefined;
    const ackedDuringDump = [...traffic.acknowledged.values()].filter(
      (a) => a.at >= snapshotAt && a.at < dumpStarted + dumpMs,
    ).length;
    await done;
    const renamed = await renames;
    await app.stop();

    // ---- restore into a fresh database -----------------------------------------------------------
    const restoreStarted = Date.now();
    await run(join(bin, 'pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${target.url}`, dumpFile]);
    const restoreMs = Date.now() - restoreStarted;

    // ---- checks on the restored database ---------------------------------------------------------
    const restoredCounts = await rowCounts(targetPool);
    for (const [table, n] of snapshotCounts) {
      const got = restoredCounts.get(table);
      if (got !== n) violations.push(`${table}: ${n} rows in the snapshot, ${got ?? 'no table'} restored`);
    }
    for (const table of restoredCounts.keys())
      if (!snapshotCounts.has(table)) violations.push(`${table}: restored but not in the snapshot`);

    const audit = await auditVerify(target.url);
    if (!audit.ok) violations.push(`audit:verify on the restored database failed: ${audit.line}`);

    const { inv, violations: ledger } = await invariantViolations(targetPool);
    violations.push(...ledger);
    const payIns = await checkPayIns(targetPool, 'restore', ackedBefore, 'acknowledged before the dump,');

    violations.push(...payIns.violations);
    const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    const pick = (t: string) => `${t} ${restoredCounts.get(t) ?? '?'}`;
    console.log(
      [
        `${DRILL}: ${SECONDS} s of pay-ins from ${CLIENTS} clients against one server process on PostgreSQL`,
        `traffic: pay-ins tried ${traffic.tried.size}, acknowledged ${traffic.acknowledged.size} (${ackedBefore.length} before the dump's snapshot, ${ackedDuringDump} while pg_dump ran); audited wallet renames ${renamed}`,
        `pg_dump -Fc under traffic: ${seconds(dumpMs)}, ${(statSync(dumpFile).size / 1024).toFixed(0)} KiB`,
        `pg_restore into a fresh database: ${seconds(restoreMs)}`,
        `rows: snapshot ${total(snapshotCounts)} in ${snapshotCounts.size} tables, restored ${total(restoredCounts)} (${['payments', 'journal_entries', 'postings', 'audit_log', 'idempotency_keys'].map(pick).join(', ')})`,
        `audit:verify on the restored database: ${audit.line}`,
        `ledger: ${inv.entries} journal entries; unbalanced ${inv.unbalanced}, drift ${inv.drift}, negative ${inv.negative}`,
        `pay-ins restored: ${payIns.applied}; acknowledged before the snapshot and present: ${ackedBefore.length - payIns.violations.filter((v) => v.endsWith('not applied')).length} of ${ackedBefore.length}`,
        `violations: ${violations.length}${violations.length ? `\n  ${violations.slice(0, 20).join('\n  ')}` : ''}`,
        `${DRILL}: ${seconds(Date.now() - started)} in all`,
      ].join('\n'),
    );
    process.exitCode = violations.length || ackedBefore.length === 0 ? 1 : 0;
  } finally {
    if (snapshot) {
      await snapshot.query('ROLLBACK').catch(() => undefined);
      snapshot.release();
    }
    await app.stop().catch(() => undefined);
    await sourcePool.end().catch(() => undefined);
    await targetPool.end().catch(() => undefined);
    await source.drop().catch(() => undefined);
    await target.drop().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
