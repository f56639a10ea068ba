// bench/web: JavaScript and CSS bytes each route transfers, read from the production build's chunk
// import graph (.vite/manifest.json) and the brotli/gzip copies the build writes beside each file
// (the server sends those). A route costs the entry chunk's static closure, its page module's
// static closure and the translation chunk of its language. Builds to a folder of its own unless
// WEB_DIST points at a current build. Prints figures beside the targets; never fails on a number.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable } from '../support/server.ts';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const LOGIN_TARGET = 200 * 1024;
const CHUNK_TARGET = 250 * 1024;

let dist = process.env.WEB_DIST;
if (!dist) {
  dist = mkdtempSync(join(tmpdir(), 'bench-web-'));
  console.log(`building the browser app into ${dist} …`);
  const r = spawnSync(
    join(root, 'node_modules/.bin/vite'),
    ['build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: join(root, 'packages/web'), stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`${manifestPath} is missing: build with build.manifest (packages/web/vite.config.ts)`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;

const size = (file: string, suffix = ''): number => {
  const path = join(dist as string, file + suffix);
  return existsSync(path) ? statSync(path).size : suffix ? size(file) : 0;
};

/** Static closure of manifest keys (what the browser fetches before the module runs). */
function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk ${key} in the manifest`);
    seen.add(key);
    for (const next of chunk.imports ?? []) walk(next);
  };
  for (const key of keys) walk(key);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entryKey) throw new Error('no entry chunk');
const keyOf = (suffix: string) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (!key) throw new Error(`no chunk for ${suffix}`);
  return key;
};
// The first screen's translations (shared/i18n START_NAMESPACES); other screens also fetch the rest.
const localeKey = (language: string, part: 'start' | 'rest' = 'start') =>
  Object.keys(manifest).find((k) =>
    part === 'start'
      ? manifest[k]?.file.includes(`/locale-${language}-start-`)
      : /\/locale-[^/]+-(?!start-)[^/]*$/.test(manifest[k]?.file ?? '') &&
        manifest[k]?.file.includes(`/locale-${language}-`),
  ) ?? Object.keys(manifest).find((k) => k.includes(`locales/${language}/`));

const routes: [name: string, page: string][] = [
  ['login', 'features/auth/pages/login-page.tsx'],
  ['dashboard', 'features/dashboard/pages/dashboard-page.tsx'],
  ['payments', 'features/payments/pages/payments-page.tsx'],
  ['new payment', 'features/payments/pages/new-payment-view.tsx'],
  ['boarding forms', 'features/boarding/pages/boarding-pages.tsx'],
];

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const rows: Record<string, string | number>[] = [];
let loginBr = 0;
for (const [name, page] of routes) {
  const pageKey = (() => {
    try {
      return keyOf(page);
    } catch {
      return undefined;
    }
  })();
  // A view that is not a chunk of its own travels inside the page that renders it.
  const keys = [entryKey, ...(pageKey ? [pageKey] : [keyOf('features/payments/pages/payments-page.tsx')])];
  const locale = localeKey('en-gb');
  if (locale) keys.push(locale);
  const rest = name === 'login' ? undefined : localeKey('en-gb', 'rest');
  if (rest && rest !== locale) keys.push(rest);
  const files = [...closure(keys)].map((k) => manifest[k] as Chunk);
  const js = files.map((c) => c.file);
  const css = [...new Set(files.flatMap((c) => c.css ?? []))];
  const sum = (list: string[], suffix = '') => list.reduce((n, f) => n + size(f, suffix), 0);
  const jsBr = sum(js, '.br');
  if (name === 'login') loginBr = jsBr;
  rows.push({
    route: name,
    'JS files': js.length,
    'JS raw': kb(sum(js)),
    'JS gzip': kb(sum(js, '.gz')),
    'JS brotli (sent)': kb(jsBr),
    'CSS brotli': kb(sum(css, '.br')),
    target: name === 'login' ? `≤ ${kb(LOGIN_TARGET)}` : '',
  });
}
printTable('bytes per route (first visit, en-gb; brotli is what Chromium receives)', rows);

const chunks = Object.values(manifest)
  .filter((c) => c.file.endsWith('.js'))
  .map((c) => ({ file: c.file, br: size(c.file, '.br'), gz: size(c.file, '.gz') }))
  .sort((a, b) => b.gz - a.gz);
printTable(
  `largest chunks (target: none over ${kb(CHUNK_TARGET)} compressed)`,
  chunks.slice(0, 8).map((c) => ({ chunk: c.file, gzip: kb(c.gz), brotli: kb(c.br) })),
);
const over = chunks.filter((c) => c.gz > CHUNK_TARGET);
console.log(
  `\nlogin route JS (brotli): ${kb(loginBr)} vs target ${kb(LOGIN_TARGET)} → ${(loginBr / LOGIN_TARGET).toFixed(2)}x of the budget; ` +
    `chunks over ${kb(CHUNK_TARGET)} gzip: ${over.length}`,
);

// Lighthouse (the npm package) on Debian's Chromium against the real server serving this build:
// performance and accessibility of the login route and of the dashboard, desktop and mobile presets.
// The dashboard is a signed-in tab: the bench logs the demo Master User in over the API (password,
// then TOTP) and puts the token where the app keeps it (the tab's sessionStorage, spec §9) in a page
// Lighthouse then navigates without resetting storage. Each route and preset runs BENCH_LIGHTHOUSE_RUNS
// times (3) and the median run is printed. BENCH_LIGHTHOUSE=0 skips; BENCH_LIGHTHOUSE_ONLY
// (for example `dashboard-mobile`) keeps the runs whose route and preset contain every word.
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Runs per route and preset (BENCH_LIGHTHOUSE_RUNS); the median run is reported. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
type LighthouseResult = import('lighthouse').Result;
type Config = import('lighthouse').Config;
if (process.env.BENCH_LIGHTHOUSE !== '0' && existsSync(chromePath)) {
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const puppeteer = await import('puppeteer-core');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const { computeMedianRun, filterToValidRuns } = await import('lighthouse/core/lib/median-run.js');
  const { startServer } = await import('../support/server.ts');
  const server = await startServer({ WEB_DIST: dist, NODE_ENV: 'production' });
  const chrome = await launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const scores: Record<string, string | number>[] = [];
    // One login for both dashboard runs: a TOTP code is accepted once.
    let token: string | undefined;
    // Each run starts with an empty browser cache. The dashboard is measured twice: the first visit
    // after signing in (only the login screen's files are cached: a cold load of the dashboard's own
    // code) and a returning visit (the dashboard was loaded once before: its content-hashed files
    // come from the cache, as for staff who open the portal every day).
    const routes = [
      // The login screen's route (spec §2 `login`: /frlgn), where every visit starts.
      { route: 'login', path: '/frlgn', signedIn: false, returning: false },
      { route: 'dashboard (first visit)', path: '/', signedIn: true, returning: false },
      { route: 'dashboard (returning)', path: '/', signedIn: true, returning: true },
    ];
    type Visit = { path: string; signedIn: boolean; returning: boolean };
    /** One Lighthouse run in a new tab with an empty browser cache. */
    const measure = async ({ path, signedIn, returning }: Visit, config: Config | undefined) => {
      const page = await browser.newPage();
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      if (signedIn) {
        token ??= await demoMasterToken(server.baseUrl);
        await page.goto(`${server.baseUrl}/frlgn`);
        // Runs in the page (the bench's tsconfig has no DOM types).
        await page.evaluate(
          (t) =>
            (
              globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } }
            ).sessionStorage.setItem('id_token', t),
          token,
        );
        if (returning) {
          await page.goto(`${server.baseUrl}${path}`);
          await page.waitForSelector('[data-testid=dashboard-grid]', { timeout: 60_000 });
          // Lighthouse's own navigation then starts from a blank page (the tab keeps its session).
          await page.goto('about:blank');
        }
      }
      const result = await lighthouse(
        `${server.baseUrl}${path}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'silent',
          onlyCategories: ['performance', 'accessibility'],
          // The treemap (a report view, no score) trips over the build's source maps.
          skipAudits: ['script-treemap-data'],
          disableStorageReset: signedIn,
        },
        config,
        page,
      );
      await page.close();
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      return result.lhr;
    };
    // BENCH_LIGHTHOUSE_ONLY=dashboard-mobile (route and/or preset words) runs only the matching runs.
    const only = process.env.BENCH_LIGHTHOUSE_ONLY?.split(/[-,\s]+/).filter(Boolean) ?? [];
    for (const { route, path, signedIn, returning } of routes)
      for (const [preset, config] of [
        ['desktop', desktopConfig],
        ['mobile (slow 4G, 4x CPU)', undefined],
      ] as const) {
        if (only.some((word) => !`${route} ${preset}`.includes(word))) continue;
        // Lighthouse's own advice: several runs, reported by the median one (its FCP and TTI nearest
        // the medians); the range of the performance scores shows how much a run moves.
        const lhrs: LighthouseResult[] = [];
        for (let run = 0; run < LIGHTHOUSE_RUNS; run++)
          lhrs.push(await measure({ path, signedIn, returning }, config));
        const valid: LighthouseResult[] = filterToValidRuns(lhrs.filter((r) => !r.runtimeError));
        const lhr: LighthouseResult | undefined = valid.length > 0 ? computeMedianRun(valid) : lhrs[0];
        const performances = valid.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100));
        if (process.env.BENCH_LIGHTHOUSE_JSON)
          (await import('node:fs')).writeFileSync(
            `${process.env.BENCH_LIGHTHOUSE_JSON}-${route.replace(/\W+/g, '_')}-${preset.split(' ')[0]}.json`,
            JSON.stringify(lhr),
          );
        const score = (id: string) => Math.round((lhr?.categories[id]?.score ?? 0) * 100);
        // A run Lighthouse could not record (its trace lost the navigation) says so instead of a 0.
        const failed = lhr?.runtimeError
          ? `run failed: ${lhr.runtimeError.code}`
          : Object.values(lhr?.audits ?? {})
              .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
              .map((a) => a.id)
              .slice(0, 6)
              .join(', ');
        scores.push({
          route:
            new URL(lhr?.finalDisplayedUrl ?? path, server.baseUrl).pathname === path
              ? route
              : `${route} (redirected!)`,
          preset,
          performance: score('performance'),
          'range (runs)':
            valid.length > 0
              ? `${Math.min(...performances)}–${Math.max(...performances)} (${valid.length}/${lhrs.length})`
              : `— (0/${lhrs.length})`,
          accessibility: score('accessibility'),
          FCP: lhr?.audits['first-contentful-paint']?.displayValue ?? '',
          LCP: lhr?.audits['largest-contentful-paint']?.displayValue ?? '',
          TBT: lhr?.audits['total-blocking-time']?.displayValue ?? '',
          CLS: lhr?.audits['cumulative-layout-shift']?.displayValue ?? '',
          target: '≥ 95 / ≥ 95',
          'audits below 90': failed,
        });
      }
    printTable('Lighthouse on Chromium', scores);
  } finally {
    await browser.disconnect();
    chrome.kill();
    await server.stop();
  }
}

/** A full-session token of the demo Master User (README "Demo logins") through the two-step login. */
async function demoMasterToken(baseUrl: string): Promise<string> {
  const { createHash } = await import('node:crypto');
  const { TOTP, Secret } = await import('otpauth');
  const login = 'master@northwind.example';
  const password = createHash('sha512').update('Demo-Passw0rd!').digest('hex');
  const totp = new TOTP({ secret: Secret.fromBase32('KRSXG5CNMFZXIZLSGIZDGNBVGY3TQOJQ') });
  const call = async (body: Record<string, string>) => {
    const res = await fetch(`${baseUrl}/api/frusrs/tkn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', timezone: '0' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { token?: string; login_prompt?: string };
  };
  await call({ login, password });
  const answer = await call({ login, password, secret_code: totp.generate() });
  if (!answer.token || answer.login_prompt) throw new Error(`demo login failed: ${JSON.stringify(answer)}`);
  return answer.token;
}
