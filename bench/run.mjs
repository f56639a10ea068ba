#!/usr/bin/env node
// `npm run bench [-- NAME…]`: runs bench/<NAME>/index.ts (all when none named). Benchmarks print
// figures; they never fail on a number.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const all = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(here, d.name, 'index.ts')))
  .map((d) => d.name)
  .sort();
const wanted = process.argv.slice(2);
const names = wanted.length ? wanted : all;
for (const name of names) {
  if (!all.includes(name)) {
    console.error(`no benchmark ${name}; have: ${all.join(', ')}`);
    process.exit(2);
  }
  console.log(`\n##### bench/${name}`);
  const r = spawnSync(join(here, '..', 'node_modules/.bin/tsx'), [join(here, name, 'index.ts')], {
    stdio: 'inherit',
    env: process.env,
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
