/**
 * `npm run test:failover` (issue 34): a PostgreSQL primary and a synchronous streaming replica on
 * this machine (initdb, pg_basebackup -R, each in its own temporary folder and port), one server
 * process on the primary taking pay-ins with Idempotency-Keys from 8 clients (and audited wallet
 * renames from the Master User); then the primary is
 * killed with SIGKILL (postmaster and every child: the machine is gone), the replica promoted with
 * `pg_ctl promote`, and the server restarted on the replica's URL. Checks:
 *   - every pay-in acknowledged (200 received) before the kill is on the promoted database, once;
 *   - the ledger invariants hold and `npm run audit:verify` finds the audit chain whole;
 *   - a retry of every pay-in sent (acknowledged or not) with its Idempotency-Key, twice, applies it
 *     exactly once: one payment and one journal entry per key, and an acknowledged one answers its
 *     first answer again.
 * Replication is synchronous (synchronous_standby_names = '*', synchronous_commit = on): a commit
 * is acknowledged only once the replica has flushed it, which is what lets the drill demand zero
 * loss. Prints acknowledged vs present counts and the promotion time; exit 1 on any violation.
 * FAILOVER_SECONDS (default 15) is the length of the traffic before the kill.
 */
import { appendFileSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DEMO, freePort, login, type ServerProcess, serverProcess } from './cluster.ts';
import {
  auditedTraffic,
  auditVerify,
  cannotRun,
  checkPayIns,
  invariantViolations,
  payInTraffic,
  payInWallets,
  postgresBin,
  postgresUserExists,
  retrying,
  run,
  sendPayIn,
  seconds,
  sleep,
} from './drill-kit.ts';

const DRILL = 'failover drill';
const SECONDS = Number(process.env.FAILOVER_SECONDS ?? 15);
const CLIENTS = 8;
const verbose = process.env.DRILL_VERBOSE === '1';
const log = (line: string) => {
  if (verbose) console.log(line);
};

interface Node {
  name: string;
  dir: string;
  port: number;
  url: string;
}

async function main() {
  const started = Date.now();
  const bin = postgresBin(['initdb', 'pg_ctl', 'pg_basebackup', 'postgres']);
  if (!bin)
    cannotRun(DRILL, 'initdb/pg_ctl/pg_basebackup not found (set PG_BIN to the PostgreSQL bin folder)');
  if (!postgresUserExists())
    cannotRun(DRILL, 'running as root without a `postgres` OS user to run PostgreSQL');
  const asPg = { asPostgres: true };
  const pgCtl = (...args: string[]) => run(join(bin, 'pg_ctl'), args, asPg);

  const root = mkdtempSync(join(tmpdir(), 'failover-drill-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(root, uid, gid);
  }
  const node = async (name: string): Promise<Node> => {
    const port = await freePort();
    return { name, dir: join(root, name), port, url: `postgres://postgres@127.0.0.1:${port}/portal` };
  };
  const primary = await node('primary');
  const replica = await node('replica');
  const violations: string[] = [];
  let orphanShm: string | undefined;
  let app: ServerProcess | undefined;
  const pools: pg.Pool[] = [];
  const pool = (url: string) => {
    const p = new pg.Pool({ connectionString: url, max: 2 });
    p.on('error', () => {});
    pools.push(p);
    return p;
  };
  const cleanup = async () => {
    await app?.stop().catch(() => undefined);
    for (const p of pools) await p.end().catch(() => undefined);
    for (const n of [primary, replica])
      await pgCtl('stop', '-D', n.dir, '-m', 'immediate', '-w').catch(() => undefined);
    if (orphanShm) await run('ipcrm', ['-m', orphanShm], asPg).catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  };
  const onSignal = () => {
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    // ---- primary and synchronous replica --------------------------------------------------------
    await run(join(bin, 'initdb'), ['-D', primary.dir, '-U', 'postgres', '-A', 'trust', '--no-sync'], asPg);
    appendFileSync(
      join(primary.dir, 'postgresql.conf'),
      [
        `port = ${primary.port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${root}'`,
        'wal_level = replica',
        'max_wal_senders = 4',
        'max_connections = 60',
        'shared_buffers = 32MB',
        'hot_standby = on',
        '',
      ].join('\n'),
    );
    await pgCtl('start', '-D', primary.dir, '-w', '-l', join(root, 'primary.log'));
    const postgresOn = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;
    const admin = new pg.Client({ connectionString: postgresOn(primary.port) });
    await admin.connect();
    await admin.query('CREATE DATABASE portal');
    await admin.end();

    await run(
      join(bin, 'pg_basebackup'),
      [
        '-h',
        '127.0.0.1',
        '-p',
        String(primary.port),
        '-U',
        'postgres',
        '-D',
        replica.dir,
        '-R',
        '-X',
        'stream',
        '--checkpoint=fast',
      ],
      asPg,
    );
    // The copy carries the primary's postgresql.conf; only the port differs. Synchronous commit is
    // switched on at the primary after the copy, so the promoted replica does not wait for a standby.
    appendFileSync(join(replica.dir, 'postgresql.conf'), `port = ${replica.port}\n`);
    await pgCtl('start', '-D', replica.dir, '-w', '-l', join(root, 'replica.log'));
    const primaryPool = pool(postgresOn(primary.port));
    await primaryPool.query(`ALTER SYSTEM SET synchronous_standby_names = '*'`);
    await primaryPool.query(`ALTER SYSTEM SET synchronous_commit = 'on'`);
    await primaryPool.query('SELECT pg_reload_conf()');
    for (let i = 0; ; i++) {
      const { rows } = await primaryPool.query<{ sync_state: string }>(
        'SELECT sync_state FROM pg_stat_replication',
      );
      if (rows.some((r) => r.sync_state === 'sync')) break;
      if (i > 100) throw new Error(`replica not synchronous: ${JSON.stringify(rows)}`);
      await sleep(100);
    }
    console.log(
      `${DRILL}: primary :${primary.port} and synchronous replica :${replica.port} up in ${seconds(Date.now() - started)}`,
    );

    // ---- traffic against a server process on the primary ----------------------------------------
    app = serverProcess('failover', await freePort(), { DATABASE_URL: primary.url, SEED_DEMO: 'true' }, log);
    await app.start();
    const token = await login(app.url, DEMO.admin);
    const primaryPortal = pool(primary.url);
    const wallets = await payInWallets(primaryPortal);
    console.log(
      `${DRILL}: server up and seeded in ${seconds(Date.now() - started)}; ${SECONDS} s of pay-ins`,
    );
    let killedAt = Number.POSITIVE_INFINITY;
    const current = app;
    const beforeKill = retrying({
      target: () => current.url,
      giveUpAt: () => Number.POSITIVE_INFINITY,
      stop: () => Date.now() >= killedAt,
      log,
    });
    const renames = auditedTraffic({
      send: beforeKill,
      pool: primaryPortal,
      base: current.url,
      until: () => Date.now() >= killedAt,
      log,
    });
    const { traffic, done } = payInTraffic({
      send: beforeKill,
      token,
      wallets,
      clients: CLIENTS,
      prefix: 'failover',
      until: () => Date.now() >= killedAt,
      log,
    });

    // ---- the primary's machine is lost ------------------------------------------------------------
    await sleep(SECONDS * 1000);
    const pidFile = readFileSync(join(primary.dir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(pidFile[0]);
    // Line 7 is "<key> <shmid>" of the postmaster's small System V segment, which a SIGKILLed
    // postmaster leaves behind.
    orphanShm = pidFile[6]?.trim().split(/\s+/)[1];
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)])
      .toString()
      .split('\n')
      .map(Number)
      .filter((n) => n > 0);
    killedAt = Date.now();
    process.kill(pid, 'SIGKILL');
    for (const c of children) {
      try {
        process.kill(c, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    const acknowledged = [...traffic.acknowledged.values()].filter((a) => a.at < killedAt);
    const renamed = await renames;
    await done; // clients stop at the kill; a request in flight then is neither acknowledged nor retried

    // ---- promote the replica ----------------------------------------------------------------------
    const promoteStarted = Date.now();
    await pgCtl('promote', '-D', replica.dir, '-w');
    const promotePool = pool(replica.url);
    const { rows: rec } = await promotePool.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r');
    if (rec[0]?.r !== false) throw new Error('replica still in recovery after promote');
    const promotedAt = Date.now();
    const present = await checkPayIns(promotePool, 'failover', acknowledged, 'acknowledged before the kill,');
    violations.push(...present.violations);
    const missing = present.violations.filter((v) => v.endsWith('not applied')).length;

    // ---- the app moves to the promoted replica (URL change and restart) --------------------------
    app.kill9(); // its database is gone: a graceful stop would only wait on dead connections
    app = serverProcess(
      'failover-2',
      await freePort(),
      { DATABASE_URL: replica.url, SEED_DEMO: 'false' },
      log,
    );
    await app.start();
    const appBackAt = Date.now();

    // ---- every request retried with its key, twice --------------------------------------------------
    const moved = app;
    const send = retrying({ target: () => moved.url, giveUpAt: () => Date.now() + 60_000, log });
    const all = [...traffic.tried.values()];
    let replayed = 0;
    for (let round = 1; round <= 2; round++) {
      let next = 0;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          for (let p = all[next++]; p; p = all[next++]) {
            const r = await send(p.key, (base) => sendPayIn(base, token, p));
            replayed++;
            if (r?.status !== 200) {
              violations.push(
                `retry ${round} of ${p.key}: ${r ? `${r.status} ${JSON.stringify(r.body)}` : 'no answer'}`,
              );
              continue;
            }
            const first = traffic.acknowledged.get(p.key)?.answer;
            if (first && JSON.stringify(first.body) !== JSON.stringify(r.body))
              violations.push(
                `retry ${round} of ${p.key} answered ${JSON.stringify(r.body)}, first ${JSON.stringify(first.body)}`,
              );
          }
        }),
      );
    }
    const once = await checkPayIns(promotePool, 'failover', all, 'sent and retried,');
    violations.push(...once.violations);
    const { inv, violations: ledger } = await invariantViolations(promotePool);
    violations.push(...ledger);
    const audit = await auditVerify(replica.url);
    if (!audit.ok) violations.push(`audit:verify on the promoted replica failed: ${audit.line}`);

    console.log(
      [
        `${DRILL}: primary killed (SIGKILL) after ${SECONDS} s of pay-ins from ${CLIENTS} clients; replica promoted`,
        `acknowledged before the kill: ${acknowledged.length}; present after promotion: ${acknowledged.length - missing}; pay-ins on the promoted database: ${present.applied} (sent ${traffic.tried.size})`,
        `promotion (pg_ctl promote -w): ${seconds(promotedAt - promoteStarted)}; kill to writable replica ${seconds(promotedAt - killedAt)}; kill to app answering on it ${seconds(appBackAt - killedAt)}`,
        `in flight at the kill: ${traffic.tried.size - acknowledged.length} (committed but unanswered ${present.applied - acknowledged.length + missing}, not committed ${traffic.tried.size - present.applied})`,
        `retries: ${replayed} (every key twice); pay-ins after retries: ${once.applied}, each once: ${once.violations.length === 0 ? 'yes' : 'no'}`,
        `audit:verify on the promoted replica: ${audit.line} (audited wallet renames acknowledged: ${renamed})`,
        `ledger: ${inv.entries} journal entries; unbalanced ${inv.unbalanced}, drift ${inv.drift}, negative ${inv.negative}`,
        `violations: ${violations.length}${violations.length ? `\n  ${violations.slice(0, 20).join('\n  ')}` : ''}`,
        `${DRILL}: ${seconds(Date.now() - started)} in all`,
      ].join('\n'),
    );
    process.exitCode = violations.length || acknowledged.length === 0 ? 1 : 0;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanup();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
