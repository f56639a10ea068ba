import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface RunningServer {
  baseUrl: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Starts the real server (as `npm start` runs it) in its own process on a fresh data folder. */
export function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  return startScript(join(root, 'packages/server/src/main.ts'), env);
}

/**
 * The pay-out flow's plumbing alone (bench/support/plumbing-server.ts): the same two calls with
 * `statements` trivial statements each ("challenge,create"), as a reference for bench/payments.
 */
export function startPlumbingServer(databaseUrl: string, statements: string): Promise<RunningServer> {
  return startScript(join(root, 'bench/support/plumbing-server.ts'), {
    DATABASE_URL: databaseUrl,
    STATEMENTS: statements,
  });
}

/** Runs a server script with tsx in its own process and waits until `/api/health` answers. */
async function startScript(script: string, env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  // BENCH_CPU_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops (where its time went).
  const profile = process.env.BENCH_CPU_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', script], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The load comes from one address on purpose.
      RATE_LIMIT: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    process: child,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs autocannon as a separate process (so the load generator does not share the server's event loop). */
export function autocannon(
  url: string,
  opts: {
    connections: number;
    seconds: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
  },
): Promise<{ rps: number; p50: number; p99: number; errors: number; non2xx: number; total: number }> {
  const args = ['-c', String(opts.connections), '-d', String(opts.seconds), '-j'];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}=${v}`);
  if (opts.method) args.push('-m', opts.method);
  if (opts.body) args.push('-b', opts.body);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(join(root, 'node_modules/.bin/autocannon'), args, {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
    });
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const r = JSON.parse(out);
      resolve({
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors,
        non2xx: r.non2xx,
        total: r.requests.total,
      });
    });
  });
}

export function printTable(title: string, rows: Record<string, string | number>[]): void {
  console.log(`\n${title}`);
  console.table(rows);
}
