#!/usr/bin/env node
// Starts the built app the way `npm start` does (fresh data folder, demo seed, jobs on), waits for
// /api/health, then runs the journeys in e2e/journeys with node's test runner, one at a time.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const port = Number(process.env.E2E_PORT ?? (await freePort()));
const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
const baseUrl = `http://localhost:${port}`;
const serverLog = [];
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
server.stdout.on('data', (d) => serverLog.push(String(d)));
server.stderr.on('data', (d) => serverLog.push(String(d)));

async function waitForHealth() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    try {
      const r = await fetch(`${baseUrl}/api/health`);
      if (r.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  console.error(`server did not become healthy:\n${serverLog.join('')}`);
  server.kill('SIGKILL');
  process.exit(1);
}

await waitForHealth();
const files = readdirSync(join(here, 'journeys'))
  .filter((f) => f.endsWith('.test.ts'))
  .sort()
  .map((f) => join(here, 'journeys', f));
const only = process.argv.slice(2);
const selected = only.length ? files.filter((f) => only.some((o) => f.includes(o))) : files;

const runner = spawn(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...selected],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_DATA_DIR: dataDir },
  },
);
const code = await new Promise((resolve) => runner.on('exit', (c) => resolve(c ?? 1)));
server.kill('SIGTERM');
await new Promise((r) => setTimeout(r, 500));
if (code !== 0)
  console.error(
    `\n--- server log (last 60 lines) ---\n${serverLog.join('').split('\n').slice(-60).join('\n')}`,
  );
rmSync(dataDir, { recursive: true, force: true });
process.exit(code);
