// bench/soak: a mixed, steady load at a fixed, moderate rate for SOAK_MINUTES (20) against the real
// server as two processes (SERVER_PROCESSES=2) over PostgreSQL, to see whether anything grows with
// time. Open loop: each kind of operation starts at its own fixed rate whatever the answers' speed
// (RATES below, about 19 requests/s in all, plus SOAK_STREAMS SSE streams held open and the
// postbacks every pay-out and exchange sends to a local receiver). Per SOAK_WINDOW_MINUTES (5) it
// prints each server process's RSS and heap, the p99 of a health call (the event loop's delay seen
// from outside, plus one database ping), the database's connections, p99 and counts per request
// kind, 5xx and errors; at the end the slope of every figure over the windows and a verdict.
// Never fails on a number; exits 1 only when some kind of load never succeeded at all.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
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
import { type Post, runPayoutFlow, seedPayoutUsers } from '../support/payout-flow.ts';
import { printTable, startServer } from '../support/server.ts';
import { pct } from '../support/stats.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 20);
const WINDOW_MINUTES = Number(process.env.SOAK_WINDOW_MINUTES ?? 5);
/** Load before the first window, not counted: JIT, pools and caches fill here. */
const WARMUP_SECONDS = Number(process.env.SOAK_WARMUP_SECONDS ?? 30);
const STREAMS = Number(process.env.SOAK_STREAMS ?? 30);
/**
 * Operations started per second. About 19 requests/s (a pay-out and an exchange are two calls
 * each): on the 2-core machine that also runs PostgreSQL and this process, well under what
 * bench/payments and bench/reads reach, so the servers are never saturated.
 */
/**
 * `refresh` is what an open browser tab does before its 14-minute token runs out (GET /frusrs/tkn):
 * 0.5/s renews each of the 240 users' tokens every 8 minutes, oldest first.
 */
const RATES = {
  health: 2,
  wallets: 4,
  payments: 4,
  messages: 4,
  login: 1,
  refresh: 0.5,
  payout: 1,
  fx: 1,
} as const;
type Op = keyof typeof RATES;
/** An operation still running when its next one is due is not doubled up past this many. */
const MAX_IN_FLIGHT = 20;
/** Users taking a TOTP code (a user's code step is usable once): ~3 per second × 30 s, with room. */
const USERS = 240;
const BASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const JWT_SECRET = randomUUID() + randomUUID();

// ---- the database: SOAK_DATABASE_URL, or a fresh one dropped afterwards ---------------------------
const ownDb = !process.env.SOAK_DATABASE_URL;
const dbName = ownDb
  ? `soak_${randomUUID().slice(0, 8)}`
  : new URL(process.env.SOAK_DATABASE_URL ?? '').pathname.slice(1);
const dbUrl = process.env.SOAK_DATABASE_URL ?? BASE_URL.replace(/\/[^/]*$/, `/${dbName}`);
const admin = new pg.Client({ connectionString: BASE_URL });
await admin.connect();
if (ownDb) await admin.query(`CREATE DATABASE ${dbName}`);

const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;

// ---- per-window records -----------------------------------------------------------------------
interface KindStats {
  ms: number[];
  count: number;
  s5xx: number;
  errors: number;
}
interface Window {
  kinds: Map<string, KindStats>;
  failedOps: Map<Op, number>;
  skipped: number;
  postbacks: number;
  frames: number;
  streamDrops: number;
  /** label → samples */
  rss: Map<string, number[]>;
  heap: Map<string, number[]>;
  /** label → [ms, CPU seconds used so far] samples */
  cpu: Map<string, [number, number][]>;
  /** The machine's 1-minute load average (other users' work included). */
  loadAvg: number[];
  connections: number[];
  backlog: number;
}
const newWindow = (): Window => ({
  kinds: new Map(),
  failedOps: new Map(),
  skipped: 0,
  postbacks: 0,
  frames: 0,
  streamDrops: 0,
  rss: new Map(),
  heap: new Map(),
  cpu: new Map(),
  loadAvg: [],
  connections: [],
  backlog: 0,
});
let current = newWindow();
const succeeded = new Map<Op | 'stream', number>();

function record(kind: string, status: number, ms: number): void {
  const k = current.kinds.get(kind) ?? { ms: [], count: 0, s5xx: 0, errors: 0 };
  current.kinds.set(kind, k);
  k.count++;
  k.ms.push(ms);
  if (status >= 500) k.s5xx++;
  else if (status < 200 || status >= 300) k.errors++;
}
const KINDS: [RegExp, string][] = [
  [/^\/health/, 'health'],
  [/^\/frusrs\/tkn/, 'login'],
  [/^\/wallets\//, 'wallets list'],
  [/^\/payments\/list\//, 'payments list'],
  [/^\/messages\//, 'messages list'],
  [/^\/payments\/pay_out_challenge\//, 'pay-out challenge'],
  [/^\/payments\/create_pay_out\//, 'pay-out create'],
  [/^\/fx\/quote/, 'fx quote'],
  [/^\/fx\/exchange/, 'fx exchange'],
];
const kindOf = (path: string) => KINDS.find(([re]) => re.test(path))?.[1] ?? path;
const kindOfCall = (method: string, path: string) =>
  method === 'GET' && path === '/frusrs/tkn' ? 'token refresh' : kindOf(path);

// ---- the postback receiver: acknowledges at once, counts deliveries --------------------------------
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    current.postbacks++;
    res.writeHead(200).end();
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

const probeDir = mkdtempSync(join(tmpdir(), 'soak-probe-'));
const windows: Window[] = [];
// ---- printing ---------------------------------------------------------------------------------
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN);
const p99 = (xs: number[]) =>
  pct(
    [...xs].sort((a, b) => a - b),
    99,
  );

/** The figures of one window that the verdict follows: name → [value, unit]. */
function trendFigures(w: Window): Map<string, [number, Unit]> {
  const out = new Map<string, [number, Unit]>();
  for (const [label, xs] of w.rss) out.set(`RSS ${label} (MB, mean)`, [mean(xs), 'MB']);
  for (const [label, xs] of w.heap) out.set(`heap used ${label} (MB, mean)`, [mean(xs), 'MB']);
  for (const [label, xs] of w.cpu) {
    const [a, b] = [xs[0], xs.at(-1)];
    if (a && b && b[0] > a[0])
      out.set(`CPU ${label} (% of one core)`, [(100 * (b[1] - a[1]) * 1000) / (b[0] - a[0]), '%']);
  }
  out.set('event-loop delay: health p99 (ms)', [p99(w.kinds.get('health')?.ms ?? []), 'ms']);
  out.set('database connections (max)', [Math.max(0, ...w.connections), 'conns']);
  out.set('postback outbox undelivered at window end', [w.backlog, 'events']);
  for (const [kind, k] of [...w.kinds].sort())
    if (kind !== 'health') out.set(`p99 ${kind} (ms)`, [p99(k.ms), 'ms']);
  return out;
}

function printWindow(n: number, w: Window): void {
  const rows: Record<string, string | number>[] = [];
  for (const [name, [value]] of trendFigures(w))
    rows.push({ figure: name, value: Math.round(value * 10) / 10 });
  for (const [kind, k] of [...w.kinds].sort())
    rows.push({ figure: `requests ${kind}`, value: `${k.count} (5xx ${k.s5xx}, errors ${k.errors})` });
  const failed = [...w.failedOps].map(([op, c]) => `${op} ${c}`).join(', ') || 'none';
  rows.push({ figure: 'operations failed / skipped (backlog)', value: `${failed} / ${w.skipped}` });
  rows.push({ figure: 'postbacks received', value: w.postbacks });
  rows.push({
    figure: 'machine load average, 1 min (mean; 2 cores, shared)',
    value: mean(w.loadAvg).toFixed(1),
  });
  rows.push({
    figure: `SSE payment frames (${STREAMS} streams) / drops`,
    value: `${w.frames} / ${w.streamDrops}`,
  });
  printTable(`[${elapsed()}] window ${n} (${WINDOW_MINUTES} min)`, rows);
}

type Unit = 'MB' | 'ms' | 'conns' | 'events' | '%';
/**
 * Growth within noise: |slope × (windows − 1)| ≤ 10 % of the first window's value, and never less
 * than an absolute floor per unit (a 2 ms p99 moving by 1 ms on a shared machine is noise).
 */
const FLOOR: Record<Unit, number> = { MB: 5, ms: 5, conns: 2, events: 10, '%': 5 };

function printVerdicts(): void {
  const names = new Map<string, Unit>();
  for (const w of windows) for (const [name, [, unit]] of trendFigures(w)) names.set(name, unit);
  const rows: Record<string, string | number>[] = [];
  for (const [name, unit] of names) {
    const ys = windows.map((w) => trendFigures(w).get(name)?.[0] ?? Number.NaN);
    const points = ys.map((y, x) => [x, y] as const).filter(([, y]) => Number.isFinite(y));
    const first = points[0]?.[1] ?? Number.NaN;
    const mx = mean(points.map(([x]) => x));
    const my = mean(points.map(([, y]) => y));
    const sxx = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
    const slope = sxx ? points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0) / sxx : 0;
    const growth = slope * (windows.length - 1);
    const noise = Math.max(0.1 * Math.abs(first), FLOOR[unit]);
    const verdict =
      points.length < 2
        ? 'n/a (one window)'
        : Math.abs(growth) <= noise
          ? 'flat'
          : growth > 0
            ? 'GROWING'
            : 'falling';
    rows.push({
      figure: name,
      windows: ys.map((y) => Math.round(y * 10) / 10).join(' | '),
      first: Math.round(first * 10) / 10,
      'slope/window': Math.round(slope * 100) / 100,
      'growth over run': Math.round(growth * 10) / 10,
      verdict,
    });
  }
  const total = (f: (k: KindStats) => number) =>
    windows.reduce((a, w) => a + [...w.kinds.values()].reduce((b, k) => b + f(k), 0), 0);
  rows.push({
    figure: 'requests / 5xx (must be 0) / errors',
    windows: windows.map((w) => [...w.kinds.values()].reduce((a, k) => a + k.count, 0)).join(' | '),
    first: '',
    'slope/window': '',
    'growth over run': '',
    verdict: `${total((k) => k.count)} / ${total((k) => k.s5xx)} / ${total((k) => k.errors)}`,
  });
  printTable(
    `Soak verdict (${windows.length} × ${WINDOW_MINUTES} min, 2 server processes, PostgreSQL): flat = growth over the run within max(10 % of window 1, ${Object.entries(
      FLOOR,
    )
      .map(([u, f]) => `${f} ${u}`)
      .join(', ')})`,
    rows,
  );
}

let server: Awaited<ReturnType<typeof startServer>> | undefined;
let sampler: pg.Client | undefined;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const streams: AbortController[] = [];
let stopping = false;

try {
  // ---- setup through the services, in this process --------------------------------------------
  const database = await openDatabase({ url: dbUrl, dataDir: '/tmp', poolSize: 4 });
  const { app, deps } = await buildApp(testConfig({ databaseUrl: dbUrl, jwtSecret: JWT_SECRET }), {
    database,
    webDist: false,
  });
  const password = createHash('sha512').update('Soak-Passw0rd!').digest('hex');
  const secret = newTotpSecret();
  const totp = totpFor(secret, 'soak');
  const company = `Soak Ltd ${randomUUID().slice(0, 8)}`;
  const seeded = await seedPayoutUsers(deps, {
    name: company,
    count: USERS,
    password,
    passwordHash: await hashPassword(password),
    sealedSecret: secretBox(JWT_SECRET).seal(secret),
  });
  const q = (text: string, values: unknown[] = []) => database.query<Record<string, string>>(text, values);
  const merchantId = (await q('SELECT id::text FROM merchants WHERE name = $1', [company])).rows[0]?.id ?? '';
  const logins = (
    await q('SELECT login FROM users WHERE current_merchant_id = $1::uuid ORDER BY login', [merchantId])
  ).rows.map((r) => r.login ?? '');
  // Beyond pay-outs: instant FX, the wallet list, messages and the notification stream.
  await q(
    `UPDATE user_merchants SET rights = rights || '{instantFx,wallets/accGetWalletsByMerchant,messages/unreadQuantity,notifications/getNewTransactionsNotification}'
      WHERE merchant_id = $1::uuid`,
    [merchantId],
  );
  await q('UPDATE merchants SET postback_urls = $2::jsonb WHERE id = $1::uuid', [
    merchantId,
    JSON.stringify({ payout: receiverUrl, fx: receiverUrl }),
  ]);
  // FX sells from the funded EUR wallets into a GBP wallet each.
  const eurIds = (
    await q('SELECT id::text FROM wallets WHERE uuid = ANY($1::uuid[]) ORDER BY id', [
      [...new Set(seeded.map((u) => u.wallet))],
    ])
  ).rows.map((r) => r.id ?? '');
  const pairs = await inTransaction(deps.db, async (tx) => {
    const out: { eur: string; gbp: string }[] = [];
    for (const eur of eurIds) {
      const gbp = await service(deps, 'wallets').openWallet(tx, {
        merchantId,
        currency: 'GBP',
        platform: 'UK',
      });
      out.push({ eur, gbp: String(gbp.id) });
    }
    return out;
  });
  await app.close();
  await database.close();
  const users = seeded.map((u, i) => ({ ...u, login: logins[i] ?? '', lastStep: 0, tokenAt: Date.now() }));
  console.log(
    `[${elapsed()}] setup done (${USERS} users, ${pairs.length} wallet pairs); starting 2 server processes`,
  );

  server = await startServer({
    DATABASE_URL: dbUrl,
    JWT_SECRET,
    SEED_DEMO: 'false',
    SERVER_PROCESSES: '2',
    // Postbacks to the loopback receiver are refused in production: development, without the simulator.
    NODE_ENV: 'development',
    POSTBACK_ALLOW_INSECURE: 'on',
    SIMULATOR: 'off',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${pathToFileURL(join(import.meta.dirname, 'heap-probe.mjs')).href}`,
    SOAK_PROBE_DIR: probeDir,
  });
  const baseUrl = server.baseUrl;
  const rootPid = server.process.pid ?? 0;
  sampler = new pg.Client({ connectionString: dbUrl });
  await sampler.connect();

  // ---- requests: node:http on a keep-alive agent (cheaper than fetch on two shared cores) ----------
  const call = (method: string, path: string, token?: string, body?: unknown) =>
    new Promise<{ status: number; json: Record<string, unknown>; ms: number }>((resolve, reject) => {
      const started = performance.now();
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        `${baseUrl}/api${path}`,
        {
          method,
          agent,
          timeout: 30_000,
          headers: {
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const ms = performance.now() - started;
            const status = res.statusCode ?? 0;
            record(kindOfCall(method, path), status, ms);
            let json: Record<string, unknown> = {};
            try {
              json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {}
            resolve({ status, json, ms });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (err) => {
        record(kindOfCall(method, path), 0, performance.now() - started);
        reject(err);
      });
      req.end(payload);
    });
  const post: Post = (path, token, body) => call('POST', path, token, body);

  let reader = 0;
  const anyToken = () => users[reader++ % users.length]?.token ?? '';
  let nextUser = 0;
  /** The next user whose code step is still unused (one TOTP use per user per 30 s step). */
  const takeUser = () => {
    const step = Math.floor(Date.now() / 30_000);
    for (let i = 0; i < users.length; i++) {
      const u = users[nextUser++ % users.length];
      if (u && u.lastStep < step) {
        u.lastStep = step;
        return u;
      }
    }
    return undefined;
  };
  let fxIndex = 0;
  /** One operation; true when it did what it should. */
  const operations: Record<Op, () => Promise<boolean>> = {
    health: async () => (await call('GET', '/health')).status === 200,
    wallets: async () => (await post('/wallets/1/10', anyToken(), {})).status === 200,
    payments: async () => (await post('/payments/list/all/1/20', anyToken(), {})).status === 200,
    messages: async () => (await post('/messages/inbox/1/20/desc', anyToken(), {})).status === 200,
    login: async () => {
      const u = takeUser();
      if (!u) return false;
      const r = await post('/frusrs/tkn', '', { login: u.login, password, secret_code: totp.generate() });
      const token = r.json.token;
      if (r.status !== 200 || typeof token !== 'string' || r.json.login_prompt) return false;
      u.token = token;
      u.tokenAt = Date.now();
      return true;
    },
    refresh: async () => {
      const u = users.reduce((oldest, x) => (x.tokenAt < oldest.tokenAt ? x : oldest));
      u.tokenAt = Date.now();
      const r = await call('GET', '/frusrs/tkn', u.token);
      const token = r.json.token;
      if (r.status !== 200 || typeof token !== 'string') return false;
      u.token = token;
      return true;
    },
    payout: async () => {
      const u = takeUser();
      if (!u) return false;
      const r = await runPayoutFlow({
        post,
        users: [u],
        password,
        code: () => totp.generate(),
        clients: 1,
        seconds: 3600,
      });
      return r.ok === 1;
    },
    fx: async () => {
      const u = takeUser();
      const pair = pairs[fxIndex++ % pairs.length];
      if (!u || !pair) return false;
      const quote = await post('/fx/quote', u.token, {
        sell_wallet_id: pair.eur,
        sell_currency: 'EUR',
        buy_wallet_id: pair.gbp,
        buy_currency: 'GBP',
        sell_amount: '12.34',
      });
      const qv = quote.json.quote as Record<string, string> | undefined;
      if (!qv) return false;
      const r = await post('/fx/exchange', u.token, {
        quote_id: qv.quote_id,
        challenge_id: qv.challenge_id,
        sell_amount: qv.sell_amount,
        buy_amount: qv.buy_amount,
        rate: qv.rate,
        password,
        secret_code: totp.generate(),
      });
      return r.status === 200 && (r.json.exchange as { status?: string } | undefined)?.status === 'completed';
    },
  };

  // ---- SSE streams held open (reopened when one ends) ------------------------------------------
  /** A stream ends at its token's expiry; like the browser, it reconnects with the user's current token. */
  const holdStream = async (user: (typeof users)[number] | undefined) => {
    while (!stopping) {
      const token = user?.token ?? '';
      const controller = new AbortController();
      streams.push(controller);
      try {
        const res = await fetch(`${baseUrl}/api/notifications/stream`, {
          headers: { authorization: `Bearer ${token}` },
          signal: controller.signal,
        });
        if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}`);
        succeeded.set('stream', (succeeded.get('stream') ?? 0) + 1);
        const decoder = new TextDecoder();
        for await (const chunk of res.body) {
          const text = decoder.decode(chunk as Uint8Array, { stream: true });
          current.frames += text.split('event: payment').length - 1;
        }
      } catch {}
      if (stopping) return;
      current.streamDrops++;
      await new Promise((r) => setTimeout(r, 1000));
    }
  };
  const streamTasks = Array.from({ length: STREAMS }, (_, i) => holdStream(users[i % users.length]));

  // ---- samplers: memory of the server's process tree, database connections --------------------------
  const labels = new Map<number, string>();
  const treeOf = (pid: number): number[] => {
    let children: number[] = [];
    try {
      children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {}
    return [pid, ...children.flatMap(treeOf)];
  };
  const heapOf = new Map<number, number>();
  const sample = async () => {
    for (const f of readdirSync(probeDir))
      try {
        heapOf.set(Number.parseInt(f, 10), JSON.parse(readFileSync(join(probeDir, f), 'utf8')).heapUsed);
      } catch {}
    for (const pid of treeOf(rootPid)) {
      if (!labels.has(pid)) labels.set(pid, pid === rootPid ? 'primary' : `worker ${labels.size}`);
      const label = labels.get(pid) ?? String(pid);
      try {
        const rss =
          Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
        current.rss.set(label, [...(current.rss.get(label) ?? []), rss]);
      } catch {}
      try {
        // utime + stime (fields 14, 15 after the command's parenthesis), in clock ticks of 1/100 s.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const [utime = 0, stime = 0] = stat
          .slice(stat.lastIndexOf(')') + 2)
          .split(' ')
          .slice(11, 13)
          .map(Number);
        current.cpu.set(label, [...(current.cpu.get(label) ?? []), [Date.now(), (utime + stime) / 100]]);
      } catch {}
      const heap = heapOf.get(pid);
      if (heap !== undefined) current.heap.set(label, [...(current.heap.get(label) ?? []), heap / 2 ** 20]);
    }
    const c = await sampler?.query(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [dbName],
    );
    current.loadAvg.push(loadavg()[0] ?? 0);
    current.connections.push(Number(c?.rows[0]?.n ?? 0));
  };

  // ---- the open loop -----------------------------------------------------------------------------
  const launched = Object.fromEntries(Object.keys(RATES).map((k) => [k, 0])) as Record<Op, number>;
  const inFlight = Object.fromEntries(Object.keys(RATES).map((k) => [k, 0])) as Record<Op, number>;
  const windowMs = WINDOW_MINUTES * 60_000;
  const windowCount = Math.max(1, Math.round(MINUTES / WINDOW_MINUTES));
  const loadStart = Date.now();
  const measureStart = loadStart + WARMUP_SECONDS * 1000;
  const end = measureStart + windowCount * windowMs;
  console.log(
    `[${elapsed()}] load: ${Object.entries(RATES)
      .map(([k, r]) => `${k} ${r}/s`)
      .join(
        ', ',
      )}, ${STREAMS} streams; ${WARMUP_SECONDS} s warm-up, then ${windowCount} × ${WINDOW_MINUTES} min`,
  );
  let lastSample = 0;
  let warm = false;
  while (Date.now() < end) {
    const now = Date.now();
    if (!warm && now >= measureStart) {
      warm = true;
      current = newWindow();
    } else if (warm && now >= measureStart + (windows.length + 1) * windowMs) {
      current.backlog = Number(
        (await sampler.query('SELECT count(*)::int AS n FROM postback_outbox WHERE delivered_at IS NULL'))
          .rows[0]?.n ?? 0,
      );
      windows.push(current);
      printWindow(windows.length, current);
      current = newWindow();
    }
    if (now - lastSample >= 10_000) {
      lastSample = now;
      void sample().catch(() => undefined);
    }
    const seconds = (now - loadStart) / 1000;
    for (const op of Object.keys(RATES) as Op[]) {
      while (launched[op] < Math.floor(seconds * RATES[op])) {
        launched[op]++;
        if (inFlight[op] >= MAX_IN_FLIGHT) {
          current.skipped++;
          continue;
        }
        inFlight[op]++;
        void operations[op]()
          .catch(() => false)
          .then((ok) => {
            if (ok) succeeded.set(op, (succeeded.get(op) ?? 0) + 1);
            else current.failedOps.set(op, (current.failedOps.get(op) ?? 0) + 1);
          })
          .finally(() => inFlight[op]--);
      }
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  current.backlog = Number(
    (await sampler.query('SELECT count(*)::int AS n FROM postback_outbox WHERE delivered_at IS NULL')).rows[0]
      ?.n ?? 0,
  );
  windows.push(current);
  printWindow(windows.length, current);
  stopping = true;
  for (const c of streams) c.abort();
  await Promise.all(streamTasks);
  printVerdicts();
  const never = [...(Object.keys(RATES) as Op[]), 'stream' as const].filter((k) => !succeeded.get(k));
  if (never.length) {
    console.error(`\nthe load could not run: no ${never.join(', ')} ever succeeded`);
    process.exitCode = 1;
  }
} finally {
  stopping = true;
  for (const c of streams) c.abort();
  await sampler?.end().catch(() => undefined);
  await server?.stop();
  agent.destroy();
  receiver.close();
  rmSync(probeDir, { recursive: true, force: true });
  if (ownDb) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}
