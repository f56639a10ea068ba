import { and, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginThrottle, users, userTokens } from '../../db/schema/index.ts';

export async function findUserByLogin(db: DbOrTx, login: string) {
  const [u] = await db.select().from(users).where(sql`lower(${users.login}) = lower(${login})`);
  return u;
}

export async function findUserById(db: DbOrTx, id: string) {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u;
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return u;
}

export async function getThrottle(db: DbOrTx, key: string) {
  const [t] = await db.select().from(loginThrottle).where(eq(loginThrottle.loginKey, key));
  return t;
}

/**
 * Counts one more attempt for `key` in one upsert, so concurrent attempts each count; a block that
 * has run out starts the count again at 1. With `onlyWhile` an existing row counts only while it
 * holds (no row comes back when it does not).
 */
function countOneMore(db: DbOrTx, key: string, now: Date, onlyWhile?: SQL) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return db
    .insert(loginThrottle)
    .values({ loginKey: key, failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.loginKey,
      set: {
        failures: sql`CASE WHEN ${loginThrottle.blockedUntil} IS NOT NULL AND ${loginThrottle.blockedUntil} <= ${at} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
        blockedUntil: sql`CASE WHEN ${loginThrottle.blockedUntil} <= ${at} THEN NULL ELSE ${loginThrottle.blockedUntil} END`,
        updatedAt: now,
      },
      ...(onlyWhile ? { setWhere: onlyWhile } : {}),
    })
    .returning({ failures: loginThrottle.failures });
}

/**
 * Counts one more consecutive failure atomically (concurrent wrong attempts each count); a block
 * that has run out starts the count again. Returns the new count.
 */
export async function addFailure(db: DbOrTx, key: string, now: Date): Promise<number> {
  const [row] = await countOneMore(db, key, now);
  return row?.failures ?? 1;
}

/**
 * Takes one attempt BEFORE anything is checked (issue 17): the conditional upsert only counts while
 * the login is not blocked and fewer than `max` attempts are taken, so parallel wrong answers can
 * never have more than `max` checked per block window. A block that has run out starts again at 1.
 * Returns the attempt's number, or null when none is left (blocked, or `max` already in flight).
 */
export async function takeAttempt(db: DbOrTx, key: string, now: Date, max: number): Promise<number | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await countOneMore(
    db,
    key,
    now,
    sql`(${loginThrottle.blockedUntil} IS NULL AND ${loginThrottle.failures} < ${max}) OR ${loginThrottle.blockedUntil} <= ${at}`,
  );
  return row ? row.failures : null;
}

/** Gives back an attempt that turned out not to be a wrong answer (a prompt, a refusal of another kind). */
export async function releaseAttempt(db: DbOrTx, key: string) {
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
    .where(and(eq(loginThrottle.loginKey, key), isNull(loginThrottle.blockedUntil)));
}

export async function blockLogin(db: DbOrTx, key: string, until: Date) {
  await db
    .update(loginThrottle)
    .set({ failures: 0, blockedUntil: until })
    .where(eq(loginThrottle.loginKey, key));
}

export async function resetThrottle(db: DbOrTx, key: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.loginKey, key));
}

/**
 * Accepts a TOTP step once: the update only matches while the step is newer than the last one
 * used, so a replayed code (even two requests racing) finds no row. A pending secret becomes the
 * user's secret with its first accepted code.
 */
export async function consumeTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      mfaLastStep: step,
      mfaSecret: sql`coalesce(${users.mfaSecret}, ${users.mfaPendingSecret})`,
      mfaPendingSecret: null,
    })
    .where(and(eq(users.id, userId), or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function updateUser(db: DbOrTx, id: string, set: Partial<typeof users.$inferInsert>) {
  const [u] = await db.update(users).set(set).where(eq(users.id, id)).returning();
  if (!u) throw new Error('user update matched nothing');
  return u;
}

export async function insertToken(db: DbOrTx, row: typeof userTokens.$inferInsert) {
  await db.insert(userTokens).values(row);
}

/** Marks an unused, unexpired link token used and returns it; null for unknown, used or expired. */
export async function useToken(db: DbOrTx, hash: string, kind: 'renewp' | 'email', now: Date) {
  const [t] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, hash),
        eq(userTokens.kind, kind),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .returning();
  return t;
}

export async function findToken(db: DbOrTx, hash: string, kind: 'renewp' | 'email') {
  const [t] = await db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, hash), eq(userTokens.kind, kind)));
  return t;
}

/** Earlier links of the same kind stop working when a new one is mailed. */
export async function expireUserTokens(db: DbOrTx, userId: string, kind: 'renewp' | 'email', now: Date) {
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt)));
}
