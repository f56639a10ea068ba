#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project of the workspace with the TypeScript 7 (native)
// compiler, two at a time. `typescript` 5.9 stays installed beside it for the tools that need the
// compiler's JavaScript API, which TypeScript 7 does not offer yet (docs/decisions.md).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(
  dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')),
  'bin/tsc',
);
const projects = ['packages/server', 'packages/web', 'packages/domain', 'e2e', 'bench'];

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: root });
    let output = '';
    const collect = (d) => {
      output += d;
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => resolve({ project, ok: code === 0, output }));
  });
}

const queue = [...projects];
const results = [];
await Promise.all(
  [0, 1].map(async () => {
    for (let p = queue.shift(); p; p = queue.shift()) results.push(await check(p));
  }),
);
for (const r of results) if (r.output.trim()) console.log(`--- ${r.project}\n${r.output.trim()}`);
const failed = results.filter((r) => !r.ok).map((r) => r.project);
if (failed.length) {
  console.error(`type errors in: ${failed.join(', ')}`);
  process.exit(1);
}
