import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * How many server-side prepared statements one connection keeps (least recently used dropped), as
 * pgjdbc's preparedStatementCacheQueries does. The app has a few hundred distinct statements.
 */
export const PREPARED_PER_CONNECTION = 256;

type QueryConfig = { text?: string; name?: string; values?: unknown[]; submit?: unknown };
type Connection = { parsedStatements: Record<string, string> };

const nameOfText = new Map<string, string>();

/** A stable statement name from its text; the map is bounded like the per-connection cache. */
function statementName(text: string): string {
  let name = nameOfText.get(text);
  if (name === undefined) {
    name = `s${createHash('sha1').update(text).digest('base64url')}`;
    if (nameOfText.size >= 4 * PREPARED_PER_CONNECTION) nameOfText.clear();
    nameOfText.set(text, name);
  }
  return name;
}

/**
 * A node-postgres client that runs every parameterised statement as a named prepared statement, so
 * PostgreSQL parses it once per connection and, after its first executions, reuses the plan
 * (plan_cache_mode auto). Drizzle sends each statement unnamed, which costs a parse and a plan every
 * time: up to 0.6 ms of the backend's CPU for the wider payment queries (docs/decisions.md).
 * Statements without parameters keep the simple protocol (multi-statement scripts need it).
 */
export class PreparingClient extends pg.Client {
  /** Names this connection has prepared, least recently used first. */
  private readonly prepared = new Map<string, true>();

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads are not expressible on a subclass
  override query(config: any, values?: any, callback?: any): any {
    const named = this.named(config, values);
    return super.query(named ?? config, values, callback);
  }

  // biome-ignore lint/suspicious/noExplicitAny: handed back to pg's untyped overload
  private named(config: unknown, values: unknown): any {
    if (config == null) return undefined;
    const asObject = typeof config === 'string' ? { text: config } : (config as QueryConfig);
    if (typeof asObject.submit === 'function' || asObject.name || typeof asObject.text !== 'string')
      return undefined;
    const params = Array.isArray(values) ? values : asObject.values;
    if (!params || params.length === 0) return undefined;
    const name = statementName(asObject.text);
    this.remember(name);
    return { ...asObject, name };
  }

  private remember(name: string): void {
    if (this.prepared.delete(name)) {
      this.prepared.set(name, true);
      return;
    }
    this.prepared.set(name, true);
    if (this.prepared.size <= PREPARED_PER_CONNECTION) return;
    const [oldest] = this.prepared.keys();
    if (oldest === undefined || this.isQueued(oldest)) return;
    this.prepared.delete(oldest);
    const connection = (this as unknown as { connection: Connection }).connection;
    if (connection.parsedStatements[oldest] === undefined) return;
    // Queued before any later use of the name, so a later use parses it again after the drop.
    delete connection.parsedStatements[oldest];
    super.query(`DEALLOCATE "${oldest}"`).catch(() => undefined);
  }

  /** A statement waiting in this client's queue must keep its name prepared. */
  private isQueued(name: string): boolean {
    const self = this as unknown as { _queryQueue: QueryConfig[]; _activeQuery: QueryConfig | null };
    return self._activeQuery?.name === name || self._queryQueue.some((q) => q.name === name);
  }
}
