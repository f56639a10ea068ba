import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  boardingContracts,
  boardingInvoices,
  boardingOffers,
  boardingSignatures,
} from '../../db/schema/index.ts';

export type OfferRow = typeof boardingOffers.$inferSelect;
export type ContractRow = typeof boardingContracts.$inferSelect;
export type InvoiceRow = typeof boardingInvoices.$inferSelect;
export type SignatureRow = typeof boardingSignatures.$inferSelect;

/** Document numbers: PREFIX-YYYY-NNNNNN from one sequence. */
export async function nextNumber(db: DbOrTx, prefix: string, year: number) {
  const r = await db.execute<{ n: string }>(sql`SELECT nextval('boarding_doc_seq')::text AS n`);
  const rows = (Array.isArray(r) ? r : (r as { rows: { n: string }[] }).rows) as { n: string }[];
  return `${prefix}-${year}-${String(rows[0]?.n ?? '0').padStart(6, '0')}`;
}

export async function insertOffer(db: DbOrTx, row: typeof boardingOffers.$inferInsert) {
  const [o] = await db.insert(boardingOffers).values(row).returning();
  if (!o) throw new Error('offer insert returned nothing');
  return o;
}

export const listOffers = (db: DbOrTx, accountId: string) =>
  db
    .select()
    .from(boardingOffers)
    .where(eq(boardingOffers.accountId, accountId))
    .orderBy(desc(boardingOffers.createdAt));

export async function findOffer(db: DbOrTx, accountId: string, id: string, forUpdate = false) {
  const q = db
    .select()
    .from(boardingOffers)
    .where(and(eq(boardingOffers.accountId, accountId), eq(boardingOffers.id, id)));
  const [o] = forUpdate ? await q.for('update') : await q;
  return o;
}

export async function updateOffer(db: DbOrTx, id: string, set: Partial<typeof boardingOffers.$inferInsert>) {
  const [o] = await db.update(boardingOffers).set(set).where(eq(boardingOffers.id, id)).returning();
  if (!o) throw new Error('offer update returned nothing');
  return o;
}

export async function insertContract(db: DbOrTx, row: typeof boardingContracts.$inferInsert) {
  const [c] = await db.insert(boardingContracts).values(row).returning();
  if (!c) throw new Error('contract insert returned nothing');
  return c;
}

export const listContracts = (db: DbOrTx, accountId: string) =>
  db
    .select()
    .from(boardingContracts)
    .where(eq(boardingContracts.accountId, accountId))
    .orderBy(asc(boardingContracts.createdAt));

export async function findContract(db: DbOrTx, accountId: string, id: string, forUpdate = false) {
  const q = db
    .select()
    .from(boardingContracts)
    .where(and(eq(boardingContracts.accountId, accountId), eq(boardingContracts.id, id)));
  const [c] = forUpdate ? await q.for('update') : await q;
  return c;
}

export async function updateContract(
  db: DbOrTx,
  id: string,
  set: Partial<typeof boardingContracts.$inferInsert>,
) {
  const [c] = await db.update(boardingContracts).set(set).where(eq(boardingContracts.id, id)).returning();
  if (!c) throw new Error('contract update returned nothing');
  return c;
}

export async function findInvoice(db: DbOrTx, accountId: string, forUpdate = false) {
  const q = db.select().from(boardingInvoices).where(eq(boardingInvoices.accountId, accountId));
  const [i] = forUpdate ? await q.for('update') : await q;
  return i;
}

export async function insertInvoice(db: DbOrTx, row: typeof boardingInvoices.$inferInsert) {
  const [i] = await db.insert(boardingInvoices).values(row).returning();
  if (!i) throw new Error('invoice insert returned nothing');
  return i;
}

export async function updateInvoice(
  db: DbOrTx,
  id: string,
  set: Partial<typeof boardingInvoices.$inferInsert>,
) {
  const [i] = await db.update(boardingInvoices).set(set).where(eq(boardingInvoices.id, id)).returning();
  if (!i) throw new Error('invoice update returned nothing');
  return i;
}

export async function insertSignature(db: DbOrTx, row: typeof boardingSignatures.$inferInsert) {
  const [s] = await db.insert(boardingSignatures).values(row).returning();
  if (!s) throw new Error('signature insert returned nothing');
  return s;
}

export const listSignatures = (db: DbOrTx, accountId: string) =>
  db
    .select()
    .from(boardingSignatures)
    .where(eq(boardingSignatures.accountId, accountId))
    .orderBy(asc(boardingSignatures.signedAt));

export async function findSignature(db: DbOrTx, accountId: string, id: string) {
  const [s] = await db
    .select()
    .from(boardingSignatures)
    .where(and(eq(boardingSignatures.accountId, accountId), eq(boardingSignatures.id, id)));
  return s;
}
