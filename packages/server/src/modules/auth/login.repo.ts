import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
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
 * Counts one wrong answer for `key`, atomically (as `confirmations.repo.countWrongAnswer`): the
 * upsert takes the login's throttle row lock, so wrong answers judged at the same moment are counted
 * one at a time, and the one that reaches `max` starts the block in the same statement. Nothing is
 * counted while a block runs (an expired block starts a new run at 1). Returns the new count and
 * whether this answer started the block, or null when a block was already running.
 */
export async function countWrongAnswer(
  db: DbOrTx,
  c: { key: string; max: number; blockUntil: Date; now: Date },
): Promise<{ failures: number; blocked: boolean } | null> {
  const now = sql`${c.now.toISOString()}::timestamptz`;
  const until = sql`${c.blockUntil.toISOString()}::timestamptz`;
  const expired = sql`${loginThrottle.blockedUntil} IS NOT NULL AND ${loginThrottle.blockedUntil} <= ${now}`;
  const next = sql`CASE WHEN ${expired} THEN 1 ELSE ${loginThrottle.failures} + 1 END`;
  const [row] = await db
    .insert(loginThrottle)
    .values({
      loginKey: c.key,
      failures: 1,
      blockedUntil: c.max <= 1 ? c.blockUntil : null,
      updatedAt: c.now,
    })
    .onConflictDoUpdate({
      target: loginThrottle.loginKey,
      set: {
        failures: next,
        blockedUntil: sql`CASE WHEN ${next} >= ${c.max}::int THEN ${until} END`,
        updatedAt: c.now,
      },
      setWhere: sql`${loginThrottle.blockedUntil} IS NULL OR ${loginThrottle.blockedUntil} <= ${now}`,
    })
    .returning({ failures: loginThrottle.failures, blockedUntil: loginThrottle.blockedUntil });
  return row ? { failures: Number(row.failures), blocked: row.blockedUntil !== null } : null;
}

/**
 * Inside a right answer's transaction: locks the login's throttle row, so the answer is judged after
 * any wrong answer being counted, and returns the end of a running block (null when none runs).
 */
export async function lockRunningBlock(db: DbOrTx, key: string, now: Date): Promise<Date | null> {
  const [t] = await db
    .select({ blockedUntil: loginThrottle.blockedUntil })
    .from(loginThrottle)
    .where(eq(loginThrottle.loginKey, key))
    .for('update');
  return t?.blockedUntil && t.blockedUntil > now ? t.blockedUntil : null;
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
