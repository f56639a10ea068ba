import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { type Answer, call, DEMO, login } from './cluster.ts';
import { ledgerInvariants } from './invariants.ts';

/**
 * Pieces shared by the chaos run and the restore and failover drills (issues 17 and 34): pay-in
 * traffic with Idempotency-Keys and retries, the exactly-once check of that traffic, the ledger
 * invariants as a list of violations, and finding the PostgreSQL programs.
 */

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- retries ---------------------------------------------------------------------------------------

export type Send = (key: string, send: (base: string) => Promise<Answer>) => Promise<Answer | null>;

/**
 * Sends with retries of the same request (same Idempotency-Key) on network errors, 5xx, 409, 424
 * and 429, with jittered backoff, until `giveUpAt` or until `stop()` says the drill moved on.
 */
export function retrying(opts: {
  target: () => string;
  giveUpAt: () => number;
  stop?: () => boolean;
  log?: (line: string) => void;
  onSend?: () => void;
}): Send {
  return async (key, send) => {
    for (let attempt = 0; attempt < 30 && Date.now() < opts.giveUpAt() && !opts.stop?.(); attempt++) {
      try {
        opts.onSend?.();
        const a = await send(opts.target());
        if (a.status < 500 && a.status !== 409 && a.status !== 424 && a.status !== 429) return a;
      } catch {
        // connection refused / reset / timeout: retry the same key
      }
      await sleep(Math.min(2_000, 100 * 2 ** Math.min(attempt, 4)) * (0.5 + Math.random()));
    }
    opts.log?.(`gave up on ${key}`);
    return null;
  };
}

// ---- pay-in traffic --------------------------------------------------------------------------------

export interface PayInWallet {
  uuid: string;
  merchant_id: string;
  currency: string;
}

/** Demo wallets with a EUR or GBP account to pay into. */
export async function payInWallets(pool: pg.Pool, limit = 6): Promise<PayInWallet[]> {
  const { rows } = await pool.query<PayInWallet>(
    `SELECT w.uuid::text, w.merchant_id::text, a.currency
       FROM wallets w JOIN ledger_accounts a ON a.wallet_id = w.id
      WHERE a.currency IN ('EUR', 'GBP') ORDER BY w.id LIMIT $1`,
    [limit],
  );
  if (rows.length === 0) throw new Error('no demo wallets to pay into');
  return rows;
}

export interface PayIn {
  key: string;
  body: Record<string, string>;
  amountMinor: bigint;
}

export interface Traffic {
  /** Every pay-in sent at least once, by Idempotency-Key (which is also the payer name). */
  tried: Map<string, PayIn>;
  /** Pay-ins answered 200, with the answer and when it arrived. */
  acknowledged: Map<string, PayIn & { at: number; answer: Answer }>;
  settlementsRun: number;
}

export const sendPayIn = (base: string, token: string, p: PayIn) =>
  call(base, 'POST', '/operator/processing/payin', {
    token,
    body: p.body,
    headers: { 'idempotency-key': p.key },
  });

/**
 * `clients` concurrent clients sending operator pay-ins (keys `${prefix}-<client>-<n>-<random>`,
 * the key doubling as payer name) until `until()`; with `sweepEvery`, client 0 runs the
 * settlement sweep every n-th turn.
 */
export function payInTraffic(opts: {
  send: Send;
  token: string;
  wallets: PayInWallet[];
  clients: number;
  prefix: string;
  until: () => boolean;
  sweepEvery?: number;
  log?: (line: string) => void;
}): { traffic: Traffic; done: Promise<void> } {
  const traffic: Traffic = { tried: new Map(), acknowledged: new Map(), settlementsRun: 0 };
  const client = async (n: number) => {
    for (let i = 0; !opts.until(); i++) {
      if (opts.sweepEvery && n === 0 && i % opts.sweepEvery === opts.sweepEvery - 1) {
        const r = await opts.send(`run-due-${i}`, (base) =>
          call(base, 'POST', '/operator/processing/run_due', { token: opts.token, body: {} }),
        );
        if (r?.status === 200) traffic.settlementsRun++;
        continue;
      }
      const w = opts.wallets[(n + i) % opts.wallets.length] as PayInWallet;
      const key = `${opts.prefix}-${n}-${i}-${Math.random().toString(36).slice(2, 8)}`;
      const cents = 100 + Math.floor(Math.random() * 9_900);
      const p: PayIn = {
        key,
        amountMinor: BigInt(cents),
        body: {
          merchant_id: w.merchant_id,
          wallet_id: w.uuid,
          currency: w.currency,
          amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
          payer_name: key,
          payment_method: 'SEPA',
        },
      };
      traffic.tried.set(key, p);
      const r = await opts.send(key, (base) => sendPayIn(base, opts.token, p));
      if (r?.status === 200) traffic.acknowledged.set(key, { ...p, at: Date.now(), answer: r });
      else if (r) opts.log?.(`refused ${key}: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
    }
  };
  const done = Promise.all(Array.from({ length: opts.clients }, (_, n) => client(n))).then(() => undefined);
  return { traffic, done };
}

/**
 * Audited writes beside the money: the Master User renames one of its company's wallets over and
 * over (each rename appends to the hash-chained audit log) until `until()`. Returns how many were
 * acknowledged.
 */
export async function auditedTraffic(opts: {
  send: Send;
  pool: pg.Pool;
  base: string;
  until: () => boolean;
  log?: (line: string) => void;
}): Promise<number> {
  const { rows } = await opts.pool.query<{ id: string }>(
    `SELECT w.id::text FROM wallets w JOIN user_merchants um ON um.merchant_id = w.merchant_id
       JOIN users u ON u.id = um.user_id WHERE u.login = $1 ORDER BY w.id LIMIT 1`,
    [DEMO.master.login],
  );
  const wallet = rows[0]?.id;
  if (!wallet) throw new Error('no wallet of the Master User to rename');
  const token = await login(opts.base, DEMO.master);
  let acked = 0;
  for (let i = 0; !opts.until(); i++) {
    const r = await opts.send(`rename-${i}`, (base) =>
      call(base, 'POST', `/wallets/change_ui_name/${wallet}`, { token, body: { ui_name: `Drill ${i}` } }),
    );
    if (r?.status === 200) acked++;
    else if (r) opts.log?.(`rename refused: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
    await sleep(100);
  }
  return acked;
}

// ---- checks ----------------------------------------------------------------------------------------

/**
 * Exactly once: each of `expected` exists as one payment with its amount and one journal entry
 * (`payin:<payment id>`), and no pay-in under `prefix` exists twice. Returns the number of
 * pay-ins found under the prefix and the violations.
 */
export async function checkPayIns(
  pool: pg.Pool,
  prefix: string,
  expected: Iterable<PayIn>,
  what = 'acknowledged',
): Promise<{ applied: number; violations: string[] }> {
  const { rows } = await pool.query<{ payee_name: string; n: string; entries: string; amount: string }>(
    `SELECT p.payee_name, count(DISTINCT p.id)::text AS n, count(j.id)::text AS entries,
            min(p.amount)::text AS amount
       FROM payments p LEFT JOIN journal_entries j ON j.reference = 'payin:' || p.id::text
      WHERE p.payee_name LIKE $1 GROUP BY p.payee_name`,
    [`${prefix}-%`],
  );
  const byKey = new Map(rows.map((r) => [r.payee_name, r]));
  const violations: string[] = [];
  for (const p of expected) {
    const row = byKey.get(p.key);
    if (!row) violations.push(`${what} ${p.key} not applied`);
    else if (BigInt(row.amount) !== p.amountMinor) violations.push(`${p.key} applied with another amount`);
  }
  for (const r of rows) {
    if (r.n !== '1') violations.push(`${r.payee_name} applied ${r.n} times`);
    else if (r.entries !== '1') violations.push(`${r.payee_name} has ${r.entries} journal entries`);
  }
  return { applied: rows.length, violations };
}

/** The ledger invariants (invariants.ts) of the database behind `pool`, as violations. */
export async function invariantViolations(pool: pg.Pool) {
  const inv = await ledgerInvariants({
    query: async <T>(text: string, values?: unknown[]) => ({
      rows: (await pool.query(text, values as unknown[])).rows as T[],
    }),
  });
  const violations: string[] = [];
  if (inv.unbalanced) violations.push(`${inv.unbalanced} journal entries unbalanced per currency`);
  if (inv.drift) violations.push(`${inv.drift} balances differ from their postings`);
  if (inv.negative) violations.push(`${inv.negative} accounts with a negative available balance`);
  if (inv.grandTotal !== 0n) violations.push(`postings sum to ${inv.grandTotal}, not 0`);
  return { inv, violations };
}

/** Row counts of every table of the public schema, on `client` (inside a snapshot, if it has one). */
export async function rowCounts(client: Pick<pg.Pool, 'query'>): Promise<Map<string, number>> {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const counts = new Map<string, number>();
  for (const t of tables) {
    const { rows } = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM public."${t.name}"`);
    counts.set(t.name, Number(rows[0]?.n ?? 0));
  }
  return counts;
}

// ---- PostgreSQL programs ---------------------------------------------------------------------------

/**
 * The folder of the PostgreSQL programs: `PG_BIN`, else the newest /usr/lib/postgresql/<n>/bin
 * (Debian), else the folder of `pg_ctl` on the PATH. Null when `programs` are not all there.
 */
export function postgresBin(programs: string[]): string | null {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  else {
    const debian = '/usr/lib/postgresql';
    if (existsSync(debian))
      for (const v of readdirSync(debian).sort((a, b) => Number(b) - Number(a)))
        candidates.push(join(debian, v, 'bin'));
    for (const dir of (process.env.PATH ?? '').split(':')) if (dir) candidates.push(dir);
  }
  return candidates.find((dir) => programs.every((p) => existsSync(join(dir, p)))) ?? null;
}

/**
 * A drill that cannot run here: outside CI it is skipped (exit 0) with the reason; under CI=true
 * it fails (exit 1), because CI is where it must run.
 */
export function cannotRun(drill: string, reason: string): never {
  if (process.env.CI === 'true') {
    console.error(`${drill}: cannot run under CI — ${reason}`);
    process.exit(1);
  }
  console.log(`${drill}: skipped — ${reason} (CI=true makes this a failure)`);
  process.exit(0);
}

/** Runs a program to its end; rejects with its output when it exits non-zero. */
export function run(
  program: string,
  args: string[],
  opts: { env?: Record<string, string>; cwd?: string; asPostgres?: boolean } = {},
): Promise<string> {
  // initdb and postgres refuse to run as root: as root, run them as the `postgres` OS user.
  const [cmd, argv] =
    opts.asPostgres && process.getuid?.() === 0
      ? ['runuser', ['-u', 'postgres', '--', program, ...args]]
      : [program, args];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, {
      cwd: opts.cwd ?? '/tmp',
      env: { ...process.env, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
    });
    child.stderr.on('data', (d) => {
      out += String(d);
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${program} ${args.join(' ')} exited ${code ?? signal}:\n${out.slice(-2000)}`)),
    );
  });
}

/** Whether the OS user `postgres` exists (needed to run initdb/postgres when we are root). */
export function postgresUserExists(): boolean {
  if (process.getuid?.() !== 0) return true;
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** `npm run audit:verify` against the database at `url`: its last line, and whether it passed. */
export async function auditVerify(url: string): Promise<{ ok: boolean; line: string }> {
  try {
    const out = await run('npm', ['run', '--silent', 'audit:verify'], {
      cwd: REPO_ROOT,
      env: { DATABASE_URL: url, LOG_LEVEL: 'error' },
    });
    return { ok: true, line: out.trim().split('\n').pop() ?? '' };
  } catch (err) {
    return { ok: false, line: String(err).slice(0, 300) };
  }
}
