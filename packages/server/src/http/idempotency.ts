import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { DomainError } from './errors.ts';

export interface StoredAnswer {
  statusCode: number;
  body: unknown;
}

const KEY_PATTERN = /^[\w.:-]{8,128}$/;
/** A claim without an answer older than this is stale (its process died in the old, two-step mode). */
const STALE_CLAIM_MS = 10 * 60_000;
/** Stored answers are kept this long for retries. */
const KEEP_ANSWERS_MS = 7 * 24 * 3_600_000;

export function hashRequest(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

// ---- the ambient transaction ----------------------------------------------------------------------

interface Ambient {
  tx: Tx;
  /** Side effects that leave the database connection (job queue, mail, push): run after commit. */
  afterCommit: (() => Promise<void>)[];
  /** False once the call's transaction has ended: a late effect (setImmediate …) runs at once. */
  open: boolean;
}

const ambient = new AsyncLocalStorage<Ambient>();

/**
 * Runs `effect` once the request's ambient transaction has committed, or at once outside one.
 * Anything that reaches the database through another path than the ambient transaction (pg-boss,
 * the mail outbox, NOTIFY on the pool) must go through here: inside the transaction it would wait
 * for a connection the transaction holds (PGlite has only one) and, on rollback, it would announce
 * work that never happened. A refused or failed call drops its effects.
 */
export async function afterCommit(effect: () => Promise<void>): Promise<void> {
  const store = ambient.getStore();
  if (store?.open) store.afterCommit.push(effect);
  else await effect();
}

/** Thrown inside an idempotent call by `refuseRecorded`; `runIdempotent` records it after the rollback. */
class RecordedRefusal extends Error {
  constructor(readonly record: (db: Db) => Promise<never>) {
    super('refusal recorded after the rollback of the work');
  }
}

/**
 * A refusal whose record must outlive the refused call (issue 34: a wrong confirmation answer
 * counts although the call is refused). `record` writes on the `db` it gets and throws the refusal.
 * Outside an idempotent call it runs at once; inside one, the work's savepoint is rolled back
 * first and `record` then runs on the call's transaction, which commits with the stored refusal,
 * so a retry with the same key replays the answer without counting again. `record` must use
 * only the `db` it is given.
 */
export async function refuseRecorded(db: Db, record: (db: Db) => Promise<never>): Promise<never> {
  if (ambient.getStore()?.open) throw new RecordedRefusal(record);
  return record(db);
}

/**
 * `deps.db` as a view that runs on the request's ambient transaction when there is one (the
 * idempotent call below), and on the pool otherwise. Services keep writing `inTransaction(db, …)`
 * and `db.select(…)`: inside an idempotent call those become savepoints and reads of the same
 * transaction, so the claim, the work and the stored answer commit or vanish together.
 */
export function ambientDb(db: Db): Db {
  return new Proxy(db, {
    get(target, prop) {
      const tx = ambient.getStore()?.tx;
      const source = (tx ?? target) as unknown as Record<PropertyKey, unknown>;
      const value = source[prop];
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(source) : value;
    },
  });
}

function validKey(key: string) {
  if (!KEY_PATTERN.test(key)) {
    throw new DomainError(
      'VALIDATION',
      {},
      { fields: { 'Idempotency-Key': 'must be 8-128 letters, digits, . _ : -' } },
    );
  }
}

/**
 * Idempotency-Key for money-moving calls (design §5, issue 17): ONE database transaction claims the
 * key, runs the work (every query of the services joins it through `ambientDb`) and stores the
 * answer. A crash anywhere before the commit leaves neither the effect nor the claim, so the
 * client's retry runs once, fresh; a concurrent duplicate waits on the claim's row and then reads
 * the stored answer. A refusal (4xx) is stored as the answer with the work's savepoint rolled back.
 * Same key with another body → 409.
 */
export async function runIdempotent(
  db: Db,
  scope: string,
  key: string,
  requestHash: string,
  run: () => Promise<StoredAnswer>,
): Promise<StoredAnswer & { replayed: boolean }> {
  validKey(key);
  const base = db;
  if (Math.random() < 0.01) await sweepIdempotencyKeys(base, new Date());
  let refusal: DomainError | undefined;
  let effects: (() => Promise<void>)[] = [];
  let store: Ambient | undefined;
  const outcome = await base
    .transaction(async (tx) => {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ scope, key, requestHash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        const [row] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
        if (!row || row.requestHash !== requestHash) throw new DomainError('IDEMPOTENCY_CONFLICT');
        if (row.completedAt === null || row.statusCode === null)
          throw new DomainError('IDEMPOTENCY_IN_PROGRESS');
        return { statusCode: row.statusCode, body: row.response, replayed: true };
      }
      let answer: StoredAnswer;
      try {
        answer = await tx.transaction((work) => {
          store = { tx: work, afterCommit: [], open: true };
          effects = store.afterCommit;
          return ambient.run(store, run);
        });
      } catch (thrown) {
        effects = [];
        let err = thrown;
        if (err instanceof RecordedRefusal) {
          // The work is rolled back; the refusal's own record (a counted wrong answer) is kept.
          err = await err.record(tx).catch((e: unknown) => e);
        }
        if (!(err instanceof DomainError) || err.status >= 500) throw err; // rolls the claim back too
        refusal = err;
        answer = {
          statusCode: err.status,
          body: { success: false, code: err.code, messages: [err.message] },
        };
      }
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: answer.statusCode, response: answer.body, completedAt: sql`now()` })
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      return { ...answer, replayed: false };
    })
    .finally(() => {
      if (store) store.open = false;
    });
  // Committed: now the work's side effects may leave (a failing one is logged, never undoes it).
  // Effects queued from a callback the work scheduled but that runs only now see a closed store.
  for (const effect of effects) await effect().catch((err: unknown) => console.error('[after-commit]', err));
  // The first caller sees the refusal as an error (same answer a retry replays).
  if (refusal && !outcome.replayed) throw refusal;
  return outcome;
}

/**
 * Stale claims (an answer never stored: a process of the old two-step mode died in between) and
 * answers past their keeping time are deleted, so no key answers 409 for ever.
 */
export async function sweepIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      or(
        and(
          isNull(idempotencyKeys.completedAt),
          lt(idempotencyKeys.createdAt, new Date(now.getTime() - STALE_CLAIM_MS)),
        ),
        lt(idempotencyKeys.completedAt, new Date(now.getTime() - KEEP_ANSWERS_MS)),
      ),
    );
}
