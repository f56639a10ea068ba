import type { Db, Tx } from './client.ts';

const RETRYABLE = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected

/** The SQLSTATE of a database error, or undefined for any other error. */
export function sqlStateOf(err: unknown): string | undefined {
  let cur: unknown = err;
  // drizzle wraps driver errors; the SQLSTATE sits on the cause.
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isUniqueViolation(err: unknown): boolean {
  return sqlStateOf(err) === '23505';
}

/**
 * Runs `fn` in one transaction and retries it on serialization failures and deadlocks, so
 * concurrency conflicts never reach the caller as a 500.
 */
export async function inTransaction<T>(
  db: Db,
  fn: (tx: Tx) => Promise<T>,
  opts: { isolation?: 'read committed' | 'repeatable read' | 'serializable'; retries?: number } = {},
): Promise<T> {
  const retries = opts.retries ?? 8;
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(fn, { isolationLevel: opts.isolation ?? 'read committed' });
    } catch (err) {
      const code = sqlStateOf(err);
      if (!code || !RETRYABLE.has(code) || attempt >= retries) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * 2 ** Math.min(attempt, 6)));
    }
  }
}
