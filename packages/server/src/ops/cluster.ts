import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import net from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';

/**
 * A small cluster for the two-process test and the chaos run (issue 17): a fresh PostgreSQL
 * database, a TCP proxy in front of it that can stall and drop connections, and server processes
 * (`node --import tsx src/main.ts`) that can be killed with SIGKILL and started again.
 */
const SERVER_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

export interface FaultProxy {
  port: number;
  stall(ms: number): void;
  drop(): number;
  close(): Promise<void>;
}

export function startProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  const sockets = new Set<net.Socket>();
  let stalledUntil = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    const pipe = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        const wait = stalledUntil - Date.now();
        if (wait > 0) {
          from.pause();
          setTimeout(() => {
            to.write(chunk);
            from.resume();
          }, wait);
        } else to.write(chunk);
      });
    pipe(client, upstream);
    pipe(upstream, client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      resolve({
        port,
        stall(ms) {
          stalledUntil = Date.now() + ms;
        },
        drop() {
          const n = sockets.size;
          for (const s of sockets) s.destroy();
          return n;
        },
        close: () =>
          new Promise<void>((r) => {
            for (const s of sockets) s.destroy();
            server.close(() => r());
          }),
      });
    }),
  );
}

export async function createDatabase(
  baseUrl: string,
  prefix = 'chaos',
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [name],
      );
      await c.query(`DROP DATABASE IF EXISTS ${name}`);
      await c.end();
    },
  };
}

/**
 * A port nobody listens on right now, picked by the kernel. A random port from a fixed range can
 * collide with the ephemeral port of another test's database connection; the child then dies with
 * EADDRINUSE and the wait for health ran out its two minutes on CI.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  name: string;
  port: number;
  url: string;
  child: ChildProcess | undefined;
  start(): Promise<void>;
  kill9(): void;
  stop(): Promise<void>;
}

export function serverProcess(
  name: string,
  port: number,
  env: Record<string, string>,
  log: (line: string) => void = () => {},
): ServerProcess {
  const p: ServerProcess = {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    child: undefined,
    async start() {
      // One retry on a fresh port: a start that dies (a port taken in the meantime, a database
      // refusing connections for a moment) should not sink a whole CI run, but it is reported.
      try {
        await startOnce();
      } catch (first) {
        console.error(`${name}: first start failed, retrying on a new port — ${String(first)}`);
        p.port = await freePort();
        p.url = `http://127.0.0.1:${p.port}`;
        await startOnce();
      }
    },
    kill9() {
      p.child?.kill('SIGKILL');
      p.child = undefined;
    },
    async stop() {
      const c = p.child;
      p.child = undefined;
      if (!c || c.exitCode !== null) return;
      await new Promise<void>((r) => {
        c.once('exit', () => r());
        c.kill('SIGTERM');
        setTimeout(() => c.kill('SIGKILL'), 5_000).unref();
      });
    },
  };
  async function startOnce(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(p.port),
        HOST: '127.0.0.1',
        RATE_LIMIT: 'on',
        LOG_LEVEL: 'error',
        JWT_SECRET: 'chaos-secret-chaos-secret-chaos-secret-0123',
        DATA_DIR: `/tmp/portal-${name}-${port}`,
        WEB_DIST: '/nonexistent',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The last lines stay at hand so a child that dies or hangs on start explains itself.
    const recent: string[] = [];
    const keep = (line: string) => {
      recent.push(line);
      if (recent.length > 40) recent.shift();
      log(line);
    };
    child.stdout?.on('data', (d) => keep(`[${name}] ${String(d).trim()}`));
    child.stderr?.on('data', (d) => keep(`[${name}!] ${String(d).trim()}`));
    p.child = child;
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code, signal) =>
        reject(new Error(`${name} exited on start (${code ?? signal}):\n${recent.join('\n')}`)),
      ),
    );
    exited.catch(() => {});
    try {
      await Promise.race([waitHealthy(p.url, 90_000, () => child.exitCode !== null), exited]);
    } catch (e) {
      child.kill('SIGKILL');
      const why = e instanceof Error ? e.message : String(e);
      throw new Error(why.includes('exited on start') ? why : `${why}; last output:\n${recent.join('\n')}`);
    }
  }
  return p;
}

export async function waitHealthy(url: string, timeoutMs: number, gaveUp = () => false): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !gaveUp()) {
    try {
      const r = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (r.status === 200) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become healthy in ${timeoutMs} ms`);
}

export const sha512 = (s: string) => createHash('sha512').update(s).digest('hex');

/** The demo logins of the README. */
export const DEMO = {
  admin: { login: 'admin@clearline.example', secret: 'MFSG22LOMVQWK3TJNZTWK4TFONUW4ZZA' },
  master: { login: 'master@northwind.example', secret: 'KRSXG5CNMFZXIZLSGIZDGNBVGY3TQOJQ' },
  standard: { login: 'standard@northwind.example', secret: 'KRSXG5CTORQW4ZDBOJSDEMZUGU3DOOBZ' },
  password: 'Demo-Passw0rd!',
};

export const totpNow = (secret: string, offsetSteps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export async function call(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer> {
  const r = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
  });
  const text = await r.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { raw: text };
  }
  return { status: r.status, body };
}

/** Password + TOTP login; waits for a fresh step when the current one was used. */
/** Resolves just after the next 30-second TOTP step begins (a step is usable once per user). */
export const waitForNextTotpStep = () =>
  new Promise<void>((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 200));

export async function login(base: string, who: { login: string; secret: string }): Promise<string> {
  for (let i = 0; i < 4; i++) {
    const r = await call(base, 'POST', '/frusrs/tkn', {
      body: { login: who.login, password: sha512(DEMO.password), secret_code: totpNow(who.secret) },
    });
    if (r.status === 200 && typeof r.body.token === 'string' && !r.body.login_prompt) return r.body.token;
    await waitForNextTotpStep();
  }
  throw new Error(`login of ${who.login} failed`);
}
