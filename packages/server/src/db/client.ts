import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { PreparingClient } from './prepared-client.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repos take this so the same query runs inside or outside a transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** Runs multi-statement SQL without parameters (migrations, test resets). */
  exec(sqlText: string): Promise<void>;
  /** Runs one parameterised statement; used by pg-boss and health checks. */
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: T[] }>;
  /**
   * Runs parameterless statements separated by `;` in ONE round trip (simple protocol, so every value
   * comes back as text) and answers each statement's rows in order.
   */
  script(sqlText: string): Promise<Record<string, unknown>[][]>;
  /**
   * Runs `fn` on one pinned connection (session-level locks, multi-statement transactions). A
   * connection whose `fn` threw is closed rather than handed back to the pool, so a transaction
   * left open by a failure can never reach the next caller.
   */
  pinned<T>(fn: (conn: Pick<Database, 'exec' | 'query' | 'script'>) => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel on a connection of its own (PostgreSQL) or PGlite's listener; `onMessage`
   * gets each NOTIFY payload. After a lost connection it reconnects and calls `onReconnect`, since
   * notifications sent meanwhile are gone. Resolves to the unlisten function.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; 'memory://' for in-memory PGlite; undefined for PGlite in dataDir. */
  url: string | undefined;
  dataDir: string;
  /** PostgreSQL only: search_path, so each test file can have its own schema. */
  searchPath?: string;
  poolSize?: number;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url?.startsWith('postgres')) {
    const pool = new pg.Pool({
      Client: PreparingClient,
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
    });
    // A failed idle client must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      driver: 'pg',
      exec: async (text) => {
        await pool.query(text);
      },
      query: async <T>(text: string, values?: unknown[]) => {
        const r = await pool.query(text, values as unknown[]);
        return { rows: r.rows as T[] };
      },
      script: async (text) => scriptRows(await pool.query(text)),
      pinned: async (fn) => {
        const conn = await pool.connect();
        let result: Awaited<ReturnType<typeof fn>>;
        try {
          result = await fn({
            exec: async (text) => {
              await conn.query(text);
            },
            query: async <T>(text: string, values?: unknown[]) => ({
              rows: (await conn.query(text, values as unknown[])).rows as T[],
            }),
            script: async (text) => scriptRows(await conn.query(text)),
          });
        } catch (err) {
          conn.release(err instanceof Error ? err : true);
          throw err;
        }
        conn.release();
        return result;
      },
      listen: (channel, onMessage, onReconnect) =>
        listenPg(
          {
            connectionString: opts.url,
            ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
          },
          channel,
          onMessage,
          onReconnect,
        ),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (opts.url === 'memory://') {
    client = new PGlite();
  } else {
    const dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const self: Database = {
    db,
    driver: 'pglite',
    exec: async (text) => {
      await client.exec(text);
    },
    query: async <T>(text: string, values?: unknown[]) => {
      const r = await client.query<T>(text, values as unknown[]);
      return { rows: r.rows };
    },
    script: async (text) => (await client.exec(text)).map((r) => r.rows as Record<string, unknown>[]),
    pinned: (fn) => fn(self),
    listen: async (channel, onMessage) => {
      const unlisten = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
  return self;
}

/** node-postgres answers one result for one statement and an array for several. */
function scriptRows(result: pg.QueryResult | pg.QueryResult[]): Record<string, unknown>[][] {
  return (Array.isArray(result) ? result : [result]).map((r) => r.rows as Record<string, unknown>[]);
}

/** One dedicated client (outside the pool) holding LISTEN, reconnecting with a capped back-off. */
async function listenPg(
  config: pg.ClientConfig,
  channel: string,
  onMessage: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  const quoted = `"${channel.replace(/"/g, '""')}"`;
  let stopped = false;
  let client: pg.Client | undefined;
  let delay = 100;
  const connect = async (): Promise<void> => {
    const c = new pg.Client(config);
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    c.on('error', () => {
      if (client === c) client = undefined;
      void c.end().catch(() => {});
      if (!stopped) setTimeout(reconnect, delay).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${quoted}`);
    client = c;
    delay = 100;
  };
  const reconnect = () => {
    if (stopped || client) return;
    connect().then(
      () => onReconnect?.(),
      () => {
        delay = Math.min(delay * 2, 5_000);
        if (!stopped) setTimeout(reconnect, delay).unref();
      },
    );
  };
  await connect();
  return async () => {
    stopped = true;
    const c = client;
    client = undefined;
    await c?.end().catch(() => {});
  };
}
