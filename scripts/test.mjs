#!/usr/bin/env node
// `npm test`: lint, type check, unit and API tests, browser build, then the browser journeys in
// headless Chromium (installed from Debian's packages when missing and we are root). Prints a table
// of each step's time at the end, so a slower step shows up in every CI log.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfNeeded } from './start.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const timings = [];

function printTimings() {
  const width = Math.max(...timings.map((t) => t.title.length));
  console.log('\n=== npm test: time per step');
  for (const t of timings)
    console.log(`${t.title.padEnd(width)}  ${t.seconds.toFixed(0).padStart(5)} s  ${t.ok ? 'ok' : 'FAILED'}`);
  console.log(`${'total'.padEnd(width)}  ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`);
}

function timed(title, run) {
  const t0 = Date.now();
  console.log(`\n=== ${title}`);
  const ok = run();
  const seconds = (Date.now() - t0) / 1000;
  timings.push({ title, seconds, ok });
  console.log(`=== ${title}: ${ok ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
  if (!ok) {
    printTimings();
    process.exit(1);
  }
}

function step(title, cmd, args, env = {}) {
  timed(
    title,
    () => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status === 0,
  );
}

export function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return path;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium is missing: installing the Debian package `chromium`…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], {
      stdio: 'inherit',
      env,
    });
    if (r.status === 0 && existsSync(path)) return path;
  }
  console.error(
    `\nThe browser journeys need Chromium at ${path}.\n` +
      'Install it with: sudo apt-get update && sudo apt-get install -y chromium\n' +
      '(or set CHROMIUM_PATH to a Chromium/Chrome binary).',
  );
  process.exit(1);
}

const bin = (name) => join(root, 'node_modules/.bin', name);
step('lint (biome, module boundaries)', 'npm', ['run', '--silent', 'lint']);
step('type check (TypeScript 7)', 'npm', ['run', '--silent', 'typecheck']);
// With TEST_DATABASE_URL (CI sets it) the server suite runs on PostgreSQL, each file in its own
// schema; without it, on in-process PGlite.
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
step(`unit and API tests (vitest, server on ${database})`, bin('vitest'), ['run']);
timed('browser build', () => {
  buildWebIfNeeded();
  return true;
});
let chromium = '';
timed('chromium', () => {
  chromium = ensureChromium();
  return true;
});
step('browser journeys (playwright + chromium)', process.execPath, [join(root, 'e2e/run.mjs')], {
  CHROMIUM_PATH: chromium,
});
printTimings();
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
