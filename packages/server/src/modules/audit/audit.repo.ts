import { asc, desc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export type AuditRow = typeof auditLog.$inferSelect;

/** Takes the transaction-scoped advisory lock `key` (held until the caller's transaction ends). */
export async function lockChain(db: DbOrTx, key: number) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${key})`);
}

/** The hash of the newest row, the link the next row chains to. */
export async function lastHash(db: DbOrTx) {
  const [last] = await db.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return last?.hash;
}

export async function insertRow(db: DbOrTx, row: typeof auditLog.$inferInsert) {
  const [r] = await db.insert(auditLog).values(row).returning({ id: auditLog.id, hash: auditLog.hash });
  return r;
}

/** The whole chain, oldest first. */
export async function allRows(db: DbOrTx): Promise<AuditRow[]> {
  return db.select().from(auditLog).orderBy(asc(auditLog.id));
}
