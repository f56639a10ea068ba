import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { confirmationAttempts, confirmationChallenges } from '../../db/schema/index.ts';
import { rowsOf } from '../ledger/sql.ts';

export async function insertChallenge(db: DbOrTx, row: typeof confirmationChallenges.$inferInsert) {
  const [c] = await db.insert(confirmationChallenges).values(row).returning();
  if (!c) throw new Error('challenge not inserted');
  return c;
}

export interface OpenChallenge {
  id: string;
  /** Whether the challenge's hash is the one of the content now executed (`sha256` in SQL). */
  contentMatches: boolean;
  passwordHash: string | null;
  mfaSecret: string | null;
  /** The caller's open session's confirmation verifier, when it holds one. */
  sessionVerifier: string | null;
  /** The attempt claimed for this answer; null when none may be checked now (blocked, or 5 used). */
  attempt: number | null;
}

/**
 * One statement for the start of a confirmation: the user's open challenge of this kind, whether
 * its hash matches `sha256(nonce \n kind \n content)` (the same text `confirmations.service`
 * hashes when it stores it), the user's credentials and the caller's session verifier, and — only
 * when the content matches and MFA is set up — one claimed attempt. The attempt is claimed before
 * any answer is checked: the count goes up first, only while fewer than `max` are counted and no
 * block is running (an expired block starts a new window), so parallel answers each take a number
 * and no more than `max` are ever verified per window.
 */
export async function findChallengeAndClaim(
  db: DbOrTx,
  c: {
    id: string;
    userId: string;
    merchantId: string;
    kind: string;
    content: string;
    sessionId: string | null;
    max: number;
    now: Date;
  },
): Promise<OpenChallenge | undefined> {
  const now = c.now.toISOString();
  const [row] = await rowsOf<{
    id: string;
    content_matches: boolean;
    password_hash: string | null;
    mfa_secret: string | null;
    session_verifier: string | null;
    attempt: number | null;
  }>(
    db,
    sql`
    WITH ch AS (
      SELECT c.id, c.hash = encode(sha256(convert_to(c.nonce || E'\n' || c.kind || E'\n' || ${c.content}::text, 'UTF8')), 'hex') AS content_matches,
             u.password_hash, u.mfa_secret, s.confirmation_verifier AS session_verifier
        FROM confirmation_challenges c
        JOIN users u ON u.id = c.user_id
        LEFT JOIN sessions s
               ON s.id = ${c.sessionId}::uuid AND s.user_id = c.user_id AND s.purpose = 'session'
              AND s.revoked_at IS NULL AND s.expires_at > ${now}::timestamptz
       WHERE c.id = ${c.id}::uuid AND c.user_id = ${c.userId}::uuid AND c.merchant_id = ${c.merchantId}::uuid
         AND c.kind = ${c.kind} AND c.consumed_at IS NULL AND c.expires_at > ${now}::timestamptz
    ), claim AS (
      INSERT INTO confirmation_attempts AS t (user_id, failures, updated_at)
      SELECT ${c.userId}::uuid, 1, ${now}::timestamptz
       WHERE EXISTS (SELECT 1 FROM ch WHERE ch.content_matches AND ch.mfa_secret IS NOT NULL)
      ON CONFLICT (user_id) DO UPDATE SET
        failures = CASE WHEN t.blocked_until IS NOT NULL AND t.blocked_until <= ${now}::timestamptz THEN 1 ELSE t.failures + 1 END,
        blocked_until = CASE WHEN t.blocked_until IS NOT NULL AND t.blocked_until <= ${now}::timestamptz THEN NULL ELSE t.blocked_until END,
        updated_at = ${now}::timestamptz
      WHERE (t.blocked_until IS NULL AND t.failures < ${c.max}::int)
         OR (t.blocked_until IS NOT NULL AND t.blocked_until <= ${now}::timestamptz)
      RETURNING failures
    )
    SELECT ch.id::text, ch.content_matches, ch.password_hash, ch.mfa_secret, ch.session_verifier,
           (SELECT failures FROM claim) AS attempt
      FROM ch`,
  );
  if (!row) return undefined;
  return {
    id: row.id,
    contentMatches: row.content_matches,
    passwordHash: row.password_hash,
    mfaSecret: row.mfa_secret,
    sessionVerifier: row.session_verifier,
    attempt: row.attempt === null ? null : Number(row.attempt),
  };
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

/**
 * Inside the executing transaction, one statement: the challenge is used up, the TOTP time step is
 * taken (once per user, design §7: the same column login uses, so a code used to log in cannot also
 * confirm a payment) and the run of wrong answers ends unless a block started meanwhile. Each part
 * happens only when the one before it did; the answer says which did not.
 */
export async function consumeConfirmation(
  db: DbOrTx,
  c: { challengeId: string; userId: string; step: number; subjectRef: string; now: Date },
): Promise<{ challenge: boolean; step: boolean }> {
  const now = c.now.toISOString();
  const [row] = await rowsOf<{ challenge: boolean; step: boolean }>(
    db,
    sql`
    WITH used AS (
      UPDATE confirmation_challenges SET consumed_at = ${now}::timestamptz, subject_ref = ${c.subjectRef}
       WHERE id = ${c.challengeId}::uuid AND consumed_at IS NULL
      RETURNING id
    ), step AS (
      UPDATE users SET mfa_last_step = ${c.step}::bigint
       WHERE id = ${c.userId}::uuid AND (mfa_last_step IS NULL OR mfa_last_step < ${c.step}::bigint)
         AND EXISTS (SELECT 1 FROM used)
      RETURNING id
    ), reset AS (
      UPDATE confirmation_attempts SET failures = 0, blocked_until = NULL, updated_at = ${now}::timestamptz
       WHERE user_id = ${c.userId}::uuid AND failures > 0
         AND (blocked_until IS NULL OR blocked_until < ${now}::timestamptz)
         AND EXISTS (SELECT 1 FROM step)
    )
    SELECT EXISTS (SELECT 1 FROM used) AS challenge, EXISTS (SELECT 1 FROM step) AS step`,
  );
  return { challenge: row?.challenge === true, step: row?.step === true };
}
