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
 * Takes one login attempt of a contact before its password is checked: counts only while not
 * blocked and fewer than `max` are taken, so parallel guesses share the five. Null → none left.
 */
export async function takeLoginAttempt(db: DbOrTx, contactId: string, now: Date, max: number) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .update(boardingContacts)
    .set({
      failedAttempts: sql`CASE WHEN ${boardingContacts.blockedUntil} <= ${at} THEN 1 ELSE ${boardingContacts.failedAttempts} + 1 END`,
      blockedUntil: sql`CASE WHEN ${boardingContacts.blockedUntil} <= ${at} THEN NULL ELSE ${boardingContacts.blockedUntil} END`,
    })
    .where(
      and(
        eq(boardingContacts.id, contactId),
        sql`((${boardingContacts.blockedUntil} IS NULL AND ${boardingContacts.failedAttempts} < ${max}) OR ${boardingContacts.blockedUntil} <= ${at})`,
      ),
    )
    .returning({ failedAttempts: boardingContacts.failedAttempts });
  return row ? row.failedAttempts : null;
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
