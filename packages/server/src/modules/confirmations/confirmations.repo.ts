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
  /** The end of the user's running confirmation block, or null when none is running. */
  blockedUntil: Date | null;
}

/**
 * One statement for the start of a confirmation: the user's open challenge of this kind, whether
 * its hash matches `sha256(nonce \n kind \n content)` (the same text `confirmations.service`
 * hashes when it stores it), the user's credentials, the caller's session verifier and the user's
 * running block, if any. It writes nothing: only a wrong answer counts (`countWrongAnswer`).
 */
export async function findChallenge(
  db: DbOrTx,
  c: {
    id: string;
    userId: string;
    merchantId: string;
    kind: string;
    content: string;
    sessionId: string | null;
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
    blocked_until: Date | string | null;
  }>(
    db,
    sql`
    SELECT c.id::text, c.hash = encode(sha256(convert_to(c.nonce || E'\n' || c.kind || E'\n' || ${c.content}::text, 'UTF8')), 'hex') AS content_matches,
           u.password_hash, u.mfa_secret, s.confirmation_verifier AS session_verifier,
           a.blocked_until
      FROM confirmation_challenges c
      JOIN users u ON u.id = c.user_id
      LEFT JOIN sessions s
             ON s.id = ${c.sessionId}::uuid AND s.user_id = c.user_id AND s.purpose = 'session'
            AND s.revoked_at IS NULL AND s.expires_at > ${now}::timestamptz
      LEFT JOIN confirmation_attempts a
             ON a.user_id = c.user_id AND a.blocked_until > ${now}::timestamptz
     WHERE c.id = ${c.id}::uuid AND c.user_id = ${c.userId}::uuid AND c.merchant_id = ${c.merchantId}::uuid
       AND c.kind = ${c.kind} AND c.consumed_at IS NULL AND c.expires_at > ${now}::timestamptz`,
  );
  if (!row) return undefined;
  return {
    id: row.id,
    contentMatches: row.content_matches,
    passwordHash: row.password_hash,
    mfaSecret: row.mfa_secret,
    sessionVerifier: row.session_verifier,
    blockedUntil: row.blocked_until === null ? null : new Date(row.blocked_until),
  };
}

/**
 * Counts one wrong answer, atomically: the upsert takes the user's attempt row lock, so wrong
 * answers judged at the same moment are counted one at a time, and the one that reaches `max`
 * starts the block in the same statement. Nothing is counted while a block runs (an expired block
 * starts a new run at 1). Returns the new count and whether this answer started the block, or null
 * when a block was already running.
 */
export async function countWrongAnswer(
  db: DbOrTx,
  c: { userId: string; max: number; blockUntil: Date; now: Date },
): Promise<{ failures: number; blocked: boolean } | null> {
  const now = sql`${c.now.toISOString()}::timestamptz`;
  const until = sql`${c.blockUntil.toISOString()}::timestamptz`;
  const expired = sql`t.blocked_until IS NOT NULL AND t.blocked_until <= ${now}`;
  const next = sql`CASE WHEN ${expired} THEN 1 ELSE t.failures + 1 END`;
  const [row] = await rowsOf<{ failures: number; blocked: boolean }>(
    db,
    sql`
    INSERT INTO confirmation_attempts AS t (user_id, failures, blocked_until, updated_at)
    VALUES (${c.userId}::uuid, 1, CASE WHEN 1 >= ${c.max}::int THEN ${until} END, ${now})
    ON CONFLICT (user_id) DO UPDATE SET
      failures = ${next},
      blocked_until = CASE WHEN ${next} >= ${c.max}::int THEN ${until} END,
      updated_at = ${now}
    WHERE t.blocked_until IS NULL OR t.blocked_until <= ${now}
    RETURNING failures, blocked_until IS NOT NULL AS blocked`,
  );
  return row ? { failures: Number(row.failures), blocked: row.blocked === true } : null;
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
