#!/usr/bin/env node
// Starts the built app the way `npm start` does (fresh data folder, demo seed, jobs on), waits for
// /api/health, then runs the journeys in e2e/journeys with node's test runner, one at a time.
//
// E2E_SHARDS=N (default 2) splits the journeys over N runners, each against its own server on its
// own data folder: a journey that switches the whole portal (maintenance, an operator's settings)
// never meets another shard's journey, and the browsers' waits for the server overlap. The shards
// are balanced by each journey's measured duration (JOURNEY_SECONDS below, from a quiet CI run).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');

// Seconds per journey on the 2-core machine with two shards running; a journey missing here
// counts as 60 s. Update from a run's report when a journey grows. Last update: the CI run of
// docs/benchmarks.md for payments, boarding, onchain, phone lists and the tour (its 273 s less the
// 12 % the overlapped checks and shots saved, measured side by side).
const JOURNEY_SECONDS = {
  '01-shell.test.ts': 19,
  '02-maintenance.test.ts': 12,
  '03-identity.test.ts': 32,
  '03b-impersonation.test.ts': 13,
  '04-accounts.test.ts': 22,
  '05-payments.test.ts': 90,
  '06-boarding.test.ts': 72,
  '07-logout.test.ts': 10,
  '08-settings.test.ts': 27,
  '09-fx.test.ts': 65,
  '10-messages.test.ts': 35,
  '11-virtual-accounts.test.ts': 117,
  '12-onchain.test.ts': 150,
  '13-daily-use.test.ts': 63,
  '14-phone-lists.test.ts': 77,
  '15-directory.test.ts': 36,
  '16-survey.test.ts': 20,
  '17-russian-desktop.test.ts': 42,
  '18-merchant-payin.test.ts': 21,
  '19-bulk-payouts.test.ts': 61,
  '20-operator-tools.test.ts': 25,
  '21-dashboard-layout.test.ts': 55,
  'zz-boarding-shots.test.ts': 241,
};

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function startServer(label, fixedPort) {
  const port = fixedPort ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  const log = [];
  const server = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'packages/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development', // keeps /dev/mail, where journeys read the mails
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Every person of every journey comes from this one address; the limits have their own API test.
      RATE_LIMIT: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (d) => log.push(String(d)));
  server.stderr.on('data', (d) => log.push(String(d)));
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && server.exitCode === null) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  const healthy = server.exitCode === null && Date.now() < deadline;
  if (!healthy) console.error(`${label}: server did not become healthy:\n${log.join('')}`);
  return {
    baseUrl,
    dataDir,
    healthy,
    log,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      if (server.exitCode === null) server.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Greedy longest-first split: each journey goes to the shard with the least work so far. */
function split(files, count) {
  const weight = (f) => JOURNEY_SECONDS[basename(f)] ?? 60;
  const shards = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  for (const f of [...files].sort((a, b) => weight(b) - weight(a))) {
    const lightest = shards.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    lightest.files.push(f);
    lightest.seconds += weight(f);
  }
  return shards.filter((s) => s.files.length).map((s) => s.files.sort());
}

async function runShard(files, index, count) {
  const label = count > 1 ? `[shard ${index + 1}/${count}]` : '';
  // E2E_PORT pins the port of a single runner (two shards cannot share one).
  const fixed = count === 1 && process.env.E2E_PORT ? Number(process.env.E2E_PORT) : undefined;
  const server = await startServer(label || 'journeys', fixed);
  if (!server.healthy) {
    await server.stop();
    return 1;
  }
  const runner = spawn(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...files],
    {
      cwd: root,
      stdio: ['ignore', count > 1 ? 'pipe' : 'inherit', count > 1 ? 'pipe' : 'inherit'],
      env: { ...process.env, E2E_BASE_URL: server.baseUrl, E2E_DATA_DIR: server.dataDir },
    },
  );
  if (count > 1) {
    // Whole lines, each marked with its shard, so two shards' reports stay readable side by side.
    for (const stream of [runner.stdout, runner.stderr]) {
      let rest = '';
      stream.on('data', (d) => {
        const lines = (rest + String(d)).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) console.log(`${label} ${line}`);
      });
      stream.on('end', () => rest && console.log(`${label} ${rest}`));
    }
  }
  const code = await new Promise((resolve) => runner.on('exit', (c) => resolve(c ?? 1)));
  if (code !== 0)
    console.error(
      `\n--- ${label} server log (last 60 lines) ---\n${server.log.join('').split('\n').slice(-60).join('\n')}`,
    );
  await server.stop();
  return code;
}

const files = readdirSync(join(here, 'journeys'))
  .filter((f) => f.endsWith('.test.ts'))
  .sort()
  .map((f) => join(here, 'journeys', f));
const only = process.argv.slice(2);
const selected = only.length ? files.filter((f) => only.some((o) => f.includes(o))) : files;
const wanted = Number(process.env.E2E_SHARDS ?? 2);
const count = Math.max(1, Math.min(Number.isInteger(wanted) ? wanted : 1, selected.length));
const shards = split(selected, count);
if (shards.length > 1)
  for (const [i, s] of shards.entries())
    console.log(`[shard ${i + 1}/${shards.length}] ${s.map((f) => basename(f)).join(' ')}`);
const codes = await Promise.all(shards.map((s, i) => runShard(s, i, shards.length)));
process.exit(codes.find((c) => c !== 0) ?? 0);
