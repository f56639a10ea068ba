import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { boardingContacts, boardingPersons } from '../../db/schema/index.ts';

export async function insertPerson(db: DbOrTx, row: typeof boardingPersons.$inferInsert) {
  const [p] = await db.insert(boardingPersons).values(row).returning();
  if (!p) throw new Error('person insert returned nothing');
  return p;
}

export async function updatePerson(
  db: DbOrTx,
  id: string,
  set: Partial<typeof boardingPersons.$inferInsert>,
) {
  const [p] = await db.update(boardingPersons).set(set).where(eq(boardingPersons.id, id)).returning();
  if (!p) throw new Error('person update returned nothing');
  return p;
}

export async function deletePerson(db: DbOrTx, id: string) {
  await db.delete(boardingPersons).where(eq(boardingPersons.id, id));
}

/** Clears one principal flag on every person of the record (before setting it on another). */
export async function clearPrincipal(db: DbOrTx, accountId: string, kind: 'as' | 'lr') {
  await db
    .update(boardingPersons)
    .set(kind === 'as' ? { isPrincipalSigner: false } : { isPrincipalLegalRep: false })
    .where(eq(boardingPersons.accountId, accountId));
}

/** Another person of the record with the same name (spec §5 duplicate) or email. */
export async function findClash(
  db: DbOrTx,
  accountId: string,
  exceptId: string | null,
  p: { first: string; last: string; email: string },
) {
  const [row] = await db
    .select({
      id: boardingPersons.id,
      firstName: boardingPersons.firstName,
      lastName: boardingPersons.lastName,
    })
    .from(boardingPersons)
    .where(
      and(
        eq(boardingPersons.accountId, accountId),
        exceptId ? ne(boardingPersons.id, exceptId) : undefined,
        sql`((lower(${boardingPersons.firstName}) = ${p.first.toLowerCase()} AND lower(${boardingPersons.lastName}) = ${p.last.toLowerCase()}) OR lower(${boardingPersons.email}) = ${p.email.toLowerCase()})`,
      ),
    )
    .limit(1);
  return row;
}

export async function findContactOfPerson(db: DbOrTx, personId: string) {
  const [c] = await db.select().from(boardingContacts).where(eq(boardingContacts.personId, personId));
  return c;
}

export async function insertContact(db: DbOrTx, row: typeof boardingContacts.$inferInsert) {
  const [c] = await db.insert(boardingContacts).values(row).returning();
  if (!c) throw new Error('contact insert returned nothing');
  return c;
}

export async function deleteContact(db: DbOrTx, id: string) {
  await db.delete(boardingContacts).where(eq(boardingContacts.id, id));
}
