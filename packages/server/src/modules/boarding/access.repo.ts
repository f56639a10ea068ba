import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  boardingAccounts,
  boardingContacts,
  boardingOtps,
  boardingPersons,
  boardingSessions,
} from '../../db/schema/index.ts';

export type AccountRow = typeof boardingAccounts.$inferSelect;
export type ContactRow = typeof boardingContacts.$inferSelect;
export type PersonRow = typeof boardingPersons.$inferSelect;

export async function findAccount(db: DbOrTx, id: string) {
  const [a] = await db.select().from(boardingAccounts).where(eq(boardingAccounts.id, id));
  return a;
}

export async function insertAccount(db: DbOrTx, row: typeof boardingAccounts.$inferInsert) {
  const [a] = await db.insert(boardingAccounts).values(row).returning();
  return a;
}

/** A contact of a record (the bc a new record starts with, or one added in company info): its id. */
export async function insertContact(db: DbOrTx, row: typeof boardingContacts.$inferInsert) {
  const [c] = await db.insert(boardingContacts).values(row).returning({ id: boardingContacts.id });
  if (!c) throw new Error('contact insert returned nothing');
  return c.id;
}

/** Locks the boarding record row for the rest of the transaction (serialises its state changes). */
export async function lockAccount(db: DbOrTx, id: string) {
  const [a] = await db.select().from(boardingAccounts).where(eq(boardingAccounts.id, id)).for('update');
  return a;
}

export async function updateAccount(
  db: DbOrTx,
  id: string,
  set: Partial<typeof boardingAccounts.$inferInsert>,
) {
  await db.update(boardingAccounts).set(set).where(eq(boardingAccounts.id, id));
}

export async function findContactByEmail(db: DbOrTx, accountId: string, email: string) {
  const [c] = await db
    .select()
    .from(boardingContacts)
    .where(
      and(
        eq(boardingContacts.accountId, accountId),
        sql`lower(${boardingContacts.email}) = ${email.toLowerCase()}`,
      ),
    );
  return c;
}

export async function findContact(db: DbOrTx, accountId: string, id: string) {
  const [c] = await db
    .select()
    .from(boardingContacts)
    .where(and(eq(boardingContacts.accountId, accountId), eq(boardingContacts.id, id)));
  return c;
}

export async function findPerson(db: DbOrTx, accountId: string, id: string) {
  const [p] = await db
    .select()
    .from(boardingPersons)
    .where(and(eq(boardingPersons.accountId, accountId), eq(boardingPersons.id, id)));
  return p;
}

export async function updateContact(
  db: DbOrTx,
  id: string,
  set: Partial<typeof boardingContacts.$inferInsert>,
) {
  await db.update(boardingContacts).set(set).where(eq(boardingContacts.id, id));
}

/**
 * Counts one wrong login answer of a contact, atomically (as confirmations.repo.countWrongAnswer):
 * the update takes the contact's row lock, so wrong answers judged at the same moment are counted
 * one at a time, and the one that reaches `max` starts the block in the same statement. Nothing is
 * counted while a block runs (an expired block starts a new run at 1). Returns the new count and
 * whether this answer started the block, or null when a block was already running.
 */
export async function countWrongLogin(
  db: DbOrTx,
  c: { contactId: string; max: number; blockUntil: Date; now: Date },
): Promise<{ failures: number; blocked: boolean } | null> {
  const now = sql`${c.now.toISOString()}::timestamptz`;
  const until = sql`${c.blockUntil.toISOString()}::timestamptz`;
  const expired = sql`${boardingContacts.blockedUntil} IS NOT NULL AND ${boardingContacts.blockedUntil} <= ${now}`;
  const next = sql`CASE WHEN ${expired} THEN 1 ELSE ${boardingContacts.failedAttempts} + 1 END`;
  const [row] = await db
    .update(boardingContacts)
    .set({
      failedAttempts: next,
      blockedUntil: sql`CASE WHEN ${next} >= ${c.max}::int THEN ${until} END`,
    })
    .where(
      and(
        eq(boardingContacts.id, c.contactId),
        sql`(${boardingContacts.blockedUntil} IS NULL OR ${boardingContacts.blockedUntil} <= ${now})`,
      ),
    )
    .returning({ failures: boardingContacts.failedAttempts, blockedUntil: boardingContacts.blockedUntil });
  return row ? { failures: row.failures, blocked: row.blockedUntil !== null } : null;
}

/**
 * A right login answer ends the run of wrong ones, unless a block runs: the update waits for the
 * contact's row lock, so it is judged after any wrong answer being counted. False → blocked.
 */
export async function endWrongLogins(db: DbOrTx, contactId: string, now: Date): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await db
    .update(boardingContacts)
    .set({ failedAttempts: 0, blockedUntil: null })
    .where(
      and(
        eq(boardingContacts.id, contactId),
        sql`(${boardingContacts.blockedUntil} IS NULL OR ${boardingContacts.blockedUntil} <= ${at})`,
      ),
    )
    .returning({ id: boardingContacts.id });
  return rows.length === 1;
}

export async function insertSession(db: DbOrTx, row: typeof boardingSessions.$inferInsert) {
  const [s] = await db.insert(boardingSessions).values(row).returning();
  if (!s) throw new Error('boarding session insert returned nothing');
  return s;
}

export async function findSession(db: DbOrTx, id: string) {
  const [s] = await db.select().from(boardingSessions).where(eq(boardingSessions.id, id));
  return s;
}

export async function extendSession(db: DbOrTx, id: string, expiresAt: Date) {
  await db.update(boardingSessions).set({ expiresAt }).where(eq(boardingSessions.id, id));
}

export async function revokeSession(db: DbOrTx, id: string, at: Date) {
  await db
    .update(boardingSessions)
    .set({ revokedAt: at })
    .where(and(eq(boardingSessions.id, id), isNull(boardingSessions.revokedAt)));
}

export async function revokeAccountSessions(db: DbOrTx, accountId: string, at: Date) {
  await db
    .update(boardingSessions)
    .set({ revokedAt: at })
    .where(and(eq(boardingSessions.accountId, accountId), isNull(boardingSessions.revokedAt)));
}

export async function insertOtp(db: DbOrTx, row: typeof boardingOtps.$inferInsert) {
  await db.insert(boardingOtps).values(row);
}

/** The newest code of a contact and purpose. */
export async function latestOtp(db: DbOrTx, contactId: string, purpose: string) {
  const [o] = await db
    .select()
    .from(boardingOtps)
    .where(and(eq(boardingOtps.contactId, contactId), eq(boardingOtps.purpose, purpose)))
    .orderBy(desc(boardingOtps.createdAt))
    .limit(1)
    .for('update');
  return o;
}

export async function updateOtp(db: DbOrTx, id: string, set: Partial<typeof boardingOtps.$inferInsert>) {
  await db.update(boardingOtps).set(set).where(eq(boardingOtps.id, id));
}

export async function listContacts(db: DbOrTx, accountId: string) {
  return db.select().from(boardingContacts).where(eq(boardingContacts.accountId, accountId));
}

export async function listPersons(db: DbOrTx, accountId: string) {
  return db
    .select()
    .from(boardingPersons)
    .where(eq(boardingPersons.accountId, accountId))
    .orderBy(boardingPersons.createdAt);
}

/** Deletes a contact of the account (no row when the id belongs to another account). */
export async function deleteAccountContact(db: DbOrTx, accountId: string, id: string) {
  await db
    .delete(boardingContacts)
    .where(and(eq(boardingContacts.id, id), eq(boardingContacts.accountId, accountId)));
}

export async function clearPrincipalLr(db: DbOrTx, accountId: string) {
  await db.execute(
    sql`UPDATE boarding_persons SET is_principal_legal_rep = false WHERE account_id = ${accountId}`,
  );
}

export async function setPrincipalLr(db: DbOrTx, personId: string) {
  await db.update(boardingPersons).set({ isPrincipalLegalRep: true }).where(eq(boardingPersons.id, personId));
}

export async function markQuestionnaireSigned(db: DbOrTx, personId: string, at: Date) {
  await db.update(boardingPersons).set({ questionnaireSignedAt: at }).where(eq(boardingPersons.id, personId));
}

export async function updatePersonState(
  db: DbOrTx,
  id: string,
  set: Partial<typeof boardingPersons.$inferInsert>,
) {
  await db.update(boardingPersons).set(set).where(eq(boardingPersons.id, id));
}
