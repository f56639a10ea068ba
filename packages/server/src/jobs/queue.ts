import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import { afterCommit } from '../http/idempotency.ts';

export type JobHandler<T> = (data: T) => Promise<void>;

export interface JobQueue {
  /** Declares a queue and its worker; call before start(). */
  work<T extends object>(name: string, handler: JobHandler<T>): void;
  send<T extends object>(
    name: string,
    data: T,
    opts?: { startAfterSeconds?: number; singletonKey?: string },
  ): Promise<void>;
  /** Many jobs of one queue in one statement (a bulk chunk's payments); same rules as `send`. */
  sendMany<T extends object>(
    name: string,
    jobs: readonly { data: T; startAfterSeconds?: number }[],
  ): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Jobs waiting or running, for /api/health. */
  pending(): Promise<number>;
  /** Tests and the manual queue: run every queued job now. */
  drain(): Promise<number>;
  readonly running: boolean;
}

/**
 * pg-boss on the application's own database. PGlite has no wire protocol, so pg-boss gets an
 * `executeSql` adapter: multi-statement text without parameters goes through `exec`.
 */
export function createPgBossQueue(database: Database): JobQueue {
  const handlers = new Map<string, JobHandler<object>>();
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values?: unknown[]) => {
        if (!values?.length && database.driver === 'pglite' && text.includes(';')) {
          await database.exec(text);
          return { rows: [] };
        }
        return database.query(text, values);
      },
    },
    schema: 'pgboss',
    supervise: true,
    schedule: false,
  });
  /** This process's worker of each queue, woken when this process sends it a job due now. */
  const workerIds = new Map<string, string>();
  const wake = (name: string) => {
    const id = workerIds.get(name);
    if (id) boss.notifyWorker(id);
  };
  let running = false;
  boss.on('error', (err) => console.error('[jobs]', err.message));
  return {
    get running() {
      return running;
    },
    work(name, handler) {
      handlers.set(name, handler as JobHandler<object>);
    },
    async send(name, data, opts = {}) {
      // pg-boss has its own connection: inside an idempotent call the job leaves after commit.
      await afterCommit(async () => {
        await boss.send(name, data, {
          ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
          ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
        });
        // Without it a job due now waits for the worker's next poll (up to a second).
        if (!opts.startAfterSeconds) wake(name);
      });
    },
    async sendMany(name, jobs) {
      if (jobs.length === 0) return;
      await afterCommit(async () => {
        const now = Date.now();
        await boss.insert(
          jobs.map((j) => ({
            name,
            data: j.data,
            ...(j.startAfterSeconds ? { startAfter: new Date(now + j.startAfterSeconds * 1000) } : {}),
          })),
        );
        if (jobs.some((j) => !j.startAfterSeconds)) wake(name);
      });
    },
    async start() {
      await boss.start();
      for (const [name, handler] of handlers) {
        await createQueueRetryingDeadlock(boss, name);
        const id = await boss.work<object>(name, { pollingIntervalSeconds: 1 }, async (jobs) => {
          for (const job of jobs) await handler(job.data);
        });
        workerIds.set(name, id);
      }
      running = true;
    },
    async stop() {
      if (!running) return;
      running = false;
      await boss.stop({ graceful: true, timeout: 5_000 });
    },
    async pending() {
      const r = await database.query<{ n: string }>(
        "SELECT count(*)::text AS n FROM pgboss.job WHERE state IN ('created','retry','active')",
      );
      return Number(r.rows[0]?.n ?? 0);
    },
    async drain() {
      return 0;
    },
  };
}

/**
 * Two processes starting at once on a fresh database can deadlock inside pg-boss's `create_queue`
 * (each inserts its queue row while the other creates the same partition): PostgreSQL aborts one
 * with 40P01 and the process died at start. The queue exists once the winner commits, and
 * `createQueue` is idempotent, so the loser simply tries again.
 */
export async function createQueueRetryingDeadlock(
  boss: Pick<PgBoss, 'createQueue'>,
  name: string,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 50));
    }
  }
}

/** In-process queue for tests: jobs wait until `drain()` runs them, deterministically. */
export function createManualQueue(): JobQueue {
  const handlers = new Map<string, JobHandler<object>>();
  const queued: { name: string; data: object }[] = [];
  return {
    running: true,
    work(name, handler) {
      handlers.set(name, handler as JobHandler<object>);
    },
    async send(name, data) {
      await afterCommit(async () => {
        queued.push({ name, data });
      });
    },
    async sendMany(name, jobs) {
      await afterCommit(async () => {
        for (const j of jobs) queued.push({ name, data: j.data });
      });
    },
    async start() {},
    async stop() {},
    async pending() {
      return queued.length;
    },
    async drain() {
      let n = 0;
      while (queued.length) {
        const job = queued.shift();
        if (!job) break;
        const handler = handlers.get(job.name);
        if (!handler) throw new Error(`no worker for job ${job.name}`);
        await handler(job.data);
        n++;
      }
      return n;
    },
  };
}
