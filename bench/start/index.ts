// bench/start: `npm start` (scripts/start.mjs) on this installed tree, PGlite, until GET /api/health
// answers 200 — a first start on an empty data folder (migrations + demo seed) and a second start
// on the same folder — beside the 10 s target. The browser build must be current (it is checked,
// not rebuilt: a stale build is reported and the figure says so). Prints figures; never fails.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, printTable } from '../support/server.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TARGET_MS = 10_000;
const { webBuildNeeded } = (await import(join(root, 'scripts/start.mjs'))) as {
  webBuildNeeded: () => boolean;
};
const stale = webBuildNeeded();

async function startOnce(dataDir: string): Promise<{ ms: number; phases: string }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n'))
      if (line.trim())
        lines.push(`${((performance.now() - started) / 1000).toFixed(2)} s ${line.slice(0, 160)}`);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let ms = Number.NaN;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
        ms = performance.now() - started;
        break;
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  if (process.env.BENCH_VERBOSE) console.log(lines.join('\n'));
  return { ms, phases: lines.slice(-3).join(' | ') };
}

const dataDir = mkdtempSync(join(tmpdir(), 'portal-start-'));
try {
  const rows: Record<string, string | number>[] = [];
  for (const label of [
    'first start (empty data folder: migrations, demo seed)',
    'second start (same folder)',
  ]) {
    const { ms } = await startOnce(dataDir);
    rows.push({
      start: label,
      'healthy after': Number.isNaN(ms) ? 'never' : `${(ms / 1000).toFixed(2)} s`,
      target: `< ${TARGET_MS / 1000} s`,
      ratio: Number.isNaN(ms) ? '-' : `${(ms / TARGET_MS).toFixed(2)}x`,
    });
  }
  printTable(
    `npm start on PGlite until /api/health is 200${stale ? ' (browser build NOT current: it was rebuilt during the first start)' : ''}`,
    rows,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
