#!/usr/bin/env node
// `npm start`: builds the browser app when its sources changed, then starts the server
// (migrations, demo seed, API, SPA and job workers in one process).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'packages/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

export function webBuildNeeded() {
  if (!existsSync(dist)) return true;
  const built = statSync(dist).mtimeMs;
  return [
    'packages/web/src',
    'packages/web/index.html',
    'packages/web/vite.config.ts',
    'packages/web/package.json',
    'packages/domain/src',
  ].some((p) => {
    const full = join(root, p);
    return (
      existsSync(full) && (statSync(full).isDirectory() ? newestMtime(full) : statSync(full).mtimeMs) > built
    );
  });
}

export function buildWebIfNeeded() {
  if (!webBuildNeeded()) return;
  console.log('Building the browser app…');
  // Always a production build, whatever NODE_ENV the shell carries (the server may run in development).
  const r = spawnSync('npm', ['run', 'build', '-w', '@portal/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildWebIfNeeded();
  // tsx as a loader of this node process's child rather than its CLI: the CLI starts one more node
  // process (and a relay between them) before the server even loads; this saves a process start.
  const server = spawn(
    process.execPath,
    ['--enable-source-maps', '--import', 'tsx', join(root, 'packages/server/src/main.ts')],
    {
      cwd: root,
      stdio: 'inherit',
      // Development by default so a newcomer has the /dev/mail mailbox; set NODE_ENV=production
      // (with SMTP_URL) for a real installation.
      env: { NODE_ENV: 'development', ...process.env },
    },
  );
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
  server.on('exit', (code) => process.exit(code ?? 0));
}
