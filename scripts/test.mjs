#!/usr/bin/env node
// `npm test`: lint, type check, unit and API tests, browser build, then the browser journeys in
// headless Chromium (installed from Debian's packages when missing and we are root).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfNeeded } from './start.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();

function step(title, cmd, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n=== ${title}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `=== ${title}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
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
step('type check', 'npm', ['run', '--silent', 'typecheck']);
step('unit and API tests (vitest)', bin('vitest'), ['run']);
console.log('\n=== browser build');
buildWebIfNeeded();
const chromium = ensureChromium();
step('browser journeys (playwright + chromium)', process.execPath, [join(root, 'e2e/run.mjs')], {
  CHROMIUM_PATH: chromium,
});
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
