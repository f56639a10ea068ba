import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { DomainError } from './errors.ts';

export interface StoredAnswer {
  statusCode: number;
  body: unknown;
}

const KEY_PATTERN = /^[\w.:-]{8,128}$/;
const WAIT_MS = 5_000;

export function hashRequest(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

/**
 * Idempotency-Key handling (design §5): the first request with a key claims it by inserting a row
 * (the primary key makes concurrent duplicates race for one insert); the winner runs, stores its
 * answer, and every retry gets that answer back. Same key with another body → 409.
 */
export async function runIdempotent(
  db: Db,
  scope: string,
  key: string,
  requestHash: string,
  run: () => Promise<StoredAnswer>,
): Promise<StoredAnswer & { replayed: boolean }> {
  if (!KEY_PATTERN.test(key)) {
    throw new DomainError(
      'VALIDATION',
      {},
      { fields: { 'Idempotency-Key': 'must be 8-128 letters, digits, . _ : -' } },
    );
  }
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ scope, key, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });

  if (claimed.length === 0) return { ...(await waitForAnswer(db, scope, key, requestHash)), replayed: true };

  let answer: StoredAnswer;
  try {
    answer = await run();
  } catch (err) {
    if (err instanceof DomainError && err.status < 500) {
      // A refusal is an answer too: the retry must see the same refusal, not try again.
      answer = { statusCode: err.status, body: { success: false, code: err.code, messages: [err.message] } };
      await complete(db, scope, key, answer);
      throw err;
    }
    // Unexpected failure: release the key so the client's retry can run again.
    await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    throw err;
  }
  await complete(db, scope, key, answer);
  return { ...answer, replayed: false };
}

async function complete(db: Db, scope: string, key: string, answer: StoredAnswer): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ statusCode: answer.statusCode, response: answer.body, completedAt: sql`now()` })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
}

async function waitForAnswer(db: Db, scope: string, key: string, requestHash: string): Promise<StoredAnswer> {
  const deadline = Date.now() + WAIT_MS;
  for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (row && row.requestHash !== requestHash) throw new DomainError('IDEMPOTENCY_CONFLICT');
    if (row?.completedAt && row.statusCode !== null)
      return { statusCode: row.statusCode, body: row.response };
    if (!row) throw new DomainError('IDEMPOTENCY_IN_PROGRESS'); // the first attempt failed and released it
    if (Date.now() > deadline) throw new DomainError('IDEMPOTENCY_IN_PROGRESS');
    await new Promise((r) => setTimeout(r, delay));
  }
}
