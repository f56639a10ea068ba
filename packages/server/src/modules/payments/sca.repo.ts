import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { paymentChallenges, scaAttempts, users } from '../../db/schema/index.ts';

export async function insertChallenge(db: DbOrTx, row: typeof paymentChallenges.$inferInsert) {
  const [c] = await db.insert(paymentChallenges).values(row).returning();
  if (!c) throw new Error('challenge not inserted');
  return c;
}

export async function findOpenChallenge(
  db: DbOrTx,
  id: string,
  userId: string,
  merchantId: string,
  now: Date,
) {
  const [c] = await db
    .select()
    .from(paymentChallenges)
    .where(
      and(
        eq(paymentChallenges.id, id),
        eq(paymentChallenges.userId, userId),
        eq(paymentChallenges.merchantId, merchantId),
        isNull(paymentChallenges.consumedAt),
        gt(paymentChallenges.expiresAt, now),
      ),
    );
  return c;
}

/** Uses a challenge up; false when another request already did (concurrent double submit). */
export async function consumeChallenge(
  db: DbOrTx,
  id: string,
  now: Date,
  paymentId: string | null,
): Promise<boolean> {
  const rows = await db
    .update(paymentChallenges)
    .set({ consumedAt: now, paymentId })
    .where(and(eq(paymentChallenges.id, id), isNull(paymentChallenges.consumedAt)))
    .returning({ id: paymentChallenges.id });
  return rows.length === 1;
}

export async function credentialsOf(db: DbOrTx, userId: string) {
  const [u] = await db
    .select({ passwordHash: users.passwordHash, mfaSecret: users.mfaSecret })
    .from(users)
    .where(eq(users.id, userId));
  return u;
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

export async function attemptsOf(db: DbOrTx, userId: string) {
  const [a] = await db.select().from(scaAttempts).where(eq(scaAttempts.userId, userId));
  return a;
}

/** One more consecutive failure; returns the new count (atomic, so concurrent failures all count). */
export async function addFailure(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .insert(scaAttempts)
    .values({ userId, failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: scaAttempts.userId,
      set: { failures: sql`${scaAttempts.failures} + 1`, updatedAt: now },
    })
    .returning({ failures: scaAttempts.failures });
  return row?.failures ?? 1;
}

export async function block(db: DbOrTx, userId: string, until: Date): Promise<void> {
  await db
    .update(scaAttempts)
    .set({ blockedUntil: until, failures: 0, updatedAt: until })
    .where(eq(scaAttempts.userId, userId));
}

export async function resetFailures(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(scaAttempts)
    .set({ failures: 0, blockedUntil: null, updatedAt: now })
    .where(and(eq(scaAttempts.userId, userId), gt(scaAttempts.failures, 0)));
}
