import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { confirmationAttempts, confirmationChallenges, users } from '../../db/schema/index.ts';

export async function insertChallenge(db: DbOrTx, row: typeof confirmationChallenges.$inferInsert) {
  const [c] = await db.insert(confirmationChallenges).values(row).returning();
  if (!c) throw new Error('challenge not inserted');
  return c;
}

/** An open challenge of the user, with the user's password hash and sealed TOTP secret. */
export async function findOpenChallenge(
  db: DbOrTx,
  c: { id: string; userId: string; merchantId: string; kind: string; now: Date },
) {
  const [row] = await db
    .select({
      challenge: confirmationChallenges,
      passwordHash: users.passwordHash,
      mfaSecret: users.mfaSecret,
    })
    .from(confirmationChallenges)
    .innerJoin(users, eq(users.id, confirmationChallenges.userId))
    .where(
      and(
        eq(confirmationChallenges.id, c.id),
        eq(confirmationChallenges.userId, c.userId),
        eq(confirmationChallenges.merchantId, c.merchantId),
        eq(confirmationChallenges.kind, c.kind),
        isNull(confirmationChallenges.consumedAt),
        gt(confirmationChallenges.expiresAt, c.now),
      ),
    );
  return row;
}

/** Uses a challenge up; false when another request already did (concurrent double submit). */
export async function consumeChallenge(
  db: DbOrTx,
  id: string,
  now: Date,
  subjectRef: string | null,
): Promise<boolean> {
  const rows = await db
    .update(confirmationChallenges)
    .set({ consumedAt: now, subjectRef })
    .where(and(eq(confirmationChallenges.id, id), isNull(confirmationChallenges.consumedAt)))
    .returning({ id: confirmationChallenges.id });
  return rows.length === 1;
}

/**
 * A TOTP time step is accepted once per user (design §7), shared with login: the same column
 * identity's login uses, so a code used to log in cannot also confirm a payment.
 */
export async function consumeTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Claims one attempt before any answer is checked: the count goes up first, in one statement, and
 * only while fewer than `max` are counted and no block is running (an expired block starts a new
 * window). Returns the attempt's number, or null when none may be checked now. Parallel answers
 * each take a number, so no more than `max` are ever verified per window.
 */
export async function claimAttempt(db: DbOrTx, userId: string, max: number, now: Date) {
  const t = confirmationAttempts;
  const blockOver = sql`(${t.blockedUntil} IS NOT NULL AND ${t.blockedUntil} <= ${at(now)})`;
  const [row] = await db
    .insert(t)
    .values({ userId, failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: t.userId,
      set: {
        failures: sql`CASE WHEN ${blockOver} THEN 1 ELSE ${t.failures} + 1 END`,
        blockedUntil: sql`CASE WHEN ${blockOver} THEN NULL ELSE ${t.blockedUntil} END`,
        updatedAt: now,
      },
      setWhere: sql`(${t.blockedUntil} IS NULL AND ${t.failures} < ${max}) OR ${blockOver}`,
    })
    .returning({ failures: t.failures });
  return row?.failures ?? null;
}

export async function attemptsOf(db: DbOrTx, userId: string) {
  const [a] = await db.select().from(confirmationAttempts).where(eq(confirmationAttempts.userId, userId));
  return a;
}

/** A right answer gives its claim back; returns the block that may have started meanwhile. */
export async function releaseAttempt(db: DbOrTx, userId: string, now: Date) {
  const t = confirmationAttempts;
  const [row] = await db
    .update(t)
    .set({ failures: sql`greatest(${t.failures} - 1, 0)`, updatedAt: now })
    .where(eq(t.userId, userId))
    .returning({ blockedUntil: t.blockedUntil });
  return row?.blockedUntil ?? null;
}

export async function block(db: DbOrTx, userId: string, until: Date, now: Date): Promise<void> {
  await db
    .update(confirmationAttempts)
    .set({ blockedUntil: until, updatedAt: now })
    .where(eq(confirmationAttempts.userId, userId));
}

/** A confirmed execution ends the run of wrong answers (unless a block started meanwhile). */
export async function resetFailures(db: DbOrTx, userId: string, now: Date): Promise<void> {
  const t = confirmationAttempts;
  await db
    .update(t)
    .set({ failures: 0, blockedUntil: null, updatedAt: now })
    .where(and(eq(t.userId, userId), gt(t.failures, 0), or(isNull(t.blockedUntil), lt(t.blockedUntil, now))));
}
