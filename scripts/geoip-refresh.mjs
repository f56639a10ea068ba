#!/usr/bin/env node
// `npm run geoip:refresh`: rebuilds the offline IP-to-country database the security history uses
// (geoip-lite's .dat files) from MaxMind's free GeoLite2 CSVs, with geoip-lite's own converter.
//
//   MAXMIND_LICENSE_KEY=… npm run geoip:refresh            # into geoip-lite's data directory
//   MAXMIND_LICENSE_KEY=… GEODATADIR=/srv/geoip npm run geoip:refresh   # into a directory of yours
//   npm run geoip:refresh -- --check                         # only check the data in place
//
// The new files are built in a temporary directory and checked (known addresses must resolve to
// their countries) before they replace the old ones, so a failed download never leaves the server
// without data. The server reads GEODATADIR at start; restart it after a refresh. See
// docs/operations.md, "IP country data".
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const requireFromServer = createRequire(join(root, 'packages/server/package.json'));
const packageDir = dirname(requireFromServer.resolve('geoip-lite/package.json'));
const updater = join(packageDir, 'scripts/updatedb.js');
const FILES = [
  'geoip-country.dat',
  'geoip-country6.dat',
  'geoip-city.dat',
  'geoip-city6.dat',
  'geoip-city-names.dat',
];
const CHECKSUMS = ['country.checksum', 'city.checksum'];
// Stable addresses whose country does not move: Google public DNS (US), Cloudflare DNS v6 (US),
// and MaxMind's own test block in the UK.
const KNOWN = [
  ['8.8.8.8', 'US'],
  ['2606:4700:4700::1111', 'US'],
  ['81.2.69.142', 'GB'],
];

const target = process.env.GEODATADIR ? resolve(process.env.GEODATADIR) : join(packageDir, 'data');

/** Looks the known addresses up in `dir` in a fresh process (geoip-lite reads its files at load). */
function check(dir) {
  const missing = FILES.filter((f) => !existsSync(join(dir, f)));
  if (missing.length) {
    console.error(`missing in ${dir}: ${missing.join(', ')}`);
    return false;
  }
  const probe = `
    const geoip = require(${JSON.stringify(requireFromServer.resolve('geoip-lite'))});
    const wrong = ${JSON.stringify(KNOWN)}.filter(([ip, cc]) => geoip.lookup(ip)?.country !== cc);
    if (wrong.length) { console.error('wrong or missing: ' + wrong.map(([ip, cc]) => ip + ' (expected ' + cc + ', got ' + (geoip.lookup(ip)?.country ?? 'none') + ')').join(', ')); process.exit(1); }`;
  const r = spawnSync(process.execPath, ['-e', probe], {
    env: { ...process.env, GEODATADIR: dir },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return r.status === 0;
}

function describe(dir) {
  const file = join(dir, 'geoip-country.dat');
  if (!existsSync(file)) return `${dir}: no data`;
  return `${dir}: country data written ${statSync(file).mtime.toISOString().slice(0, 10)}`;
}

if (process.argv.includes('--check')) {
  const ok = check(target);
  console.log(`${describe(target)}; ${ok ? 'known addresses resolve' : 'CHECK FAILED'}`);
  process.exit(ok ? 0 : 1);
}

const key = process.env.MAXMIND_LICENSE_KEY ?? process.env.LICENSE_KEY;
if (!key) {
  console.error(
    'geoip:refresh needs a MaxMind license key (free GeoLite2 account: https://www.maxmind.com/en/geolite2/signup).\n' +
      'Run: MAXMIND_LICENSE_KEY=<key> npm run geoip:refresh   (or `npm run geoip:refresh -- --check` to check the data in place)',
  );
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'geoip-refresh-'));
try {
  process.exitCode = refresh(join(work, 'data'), join(work, 'tmp'));
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** Builds into `build`, checks it, then copies it over `target`; returns the exit code. */
function refresh(build, scratch) {
  mkdirSync(build);
  console.log(`Downloading GeoLite2 and converting into ${build} …`);
  // The key goes through the environment, never the command line (visible in the process list).
  const r = spawnSync(process.execPath, [updater, `geodatadir=${build}`], {
    cwd: packageDir,
    env: { ...process.env, LICENSE_KEY: key, GEODATADIR: build, GEOTMPDIR: scratch },
    stdio: 'inherit',
  });
  if (r.status !== 0 || !FILES.every((f) => existsSync(join(build, f)))) {
    console.error('geoip:refresh: the download or conversion failed; the data in place is unchanged.');
    return 1;
  }
  if (!check(build)) {
    console.error(
      'geoip:refresh: the new data does not resolve known addresses; the data in place is unchanged.',
    );
    return 1;
  }
  mkdirSync(target, { recursive: true });
  for (const f of [...FILES, ...CHECKSUMS]) {
    if (existsSync(join(build, f))) copyFileSync(join(build, f), join(target, f));
  }
  console.log(`${describe(target)}. Restart the server processes to load it.`);
  return 0;
}
