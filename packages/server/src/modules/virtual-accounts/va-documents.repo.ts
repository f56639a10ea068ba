import type { VaDocumentType } from '@portal/domain';
import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { vaRequestDocuments } from '../../db/schema/index.ts';

export type VaDocumentRow = typeof vaRequestDocuments.$inferSelect;

export async function insertDocument(db: DbOrTx, row: typeof vaRequestDocuments.$inferInsert) {
  const [d] = await db.insert(vaRequestDocuments).values(row).returning();
  if (!d) throw new Error('VA document not inserted');
  return d;
}

/** Unattached uploads of a company among `ids`, not older than `since`; locked when asked. */
export async function unattached(db: DbOrTx, merchantId: string, ids: string[], since: Date, lock: boolean) {
  const q = db
    .select({ id: vaRequestDocuments.id })
    .from(vaRequestDocuments)
    .where(
      and(
        inArray(vaRequestDocuments.id, ids),
        eq(vaRequestDocuments.merchantId, merchantId),
        isNull(vaRequestDocuments.requestUuid),
        gt(vaRequestDocuments.createdAt, since),
      ),
    );
  return lock ? q.for('update') : q;
}

export async function countUnattached(db: DbOrTx, merchantId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(vaRequestDocuments)
    .where(and(eq(vaRequestDocuments.merchantId, merchantId), isNull(vaRequestDocuments.requestUuid)));
  return row?.n ?? 0;
}

export async function attach(
  db: DbOrTx,
  id: string,
  patch: { requestUuid: string; docType: VaDocumentType; role: 'main' | 'additional'; attachedAt: Date },
) {
  await db
    .update(vaRequestDocuments)
    .set(patch)
    .where(and(eq(vaRequestDocuments.id, id), isNull(vaRequestDocuments.requestUuid)));
}

export function documentsOf(db: DbOrTx, requestUuid: string) {
  return db
    .select()
    .from(vaRequestDocuments)
    .where(eq(vaRequestDocuments.requestUuid, requestUuid))
    .orderBy(sql`${vaRequestDocuments.role} = 'additional'`, asc(vaRequestDocuments.createdAt));
}

/** A document attached to the request; `merchantId` null for staff. */
export async function findAttached(db: DbOrTx, requestUuid: string, id: string, merchantId: string | null) {
  const [row] = await db
    .select()
    .from(vaRequestDocuments)
    .where(
      and(
        eq(vaRequestDocuments.id, id),
        eq(vaRequestDocuments.requestUuid, requestUuid),
        merchantId ? eq(vaRequestDocuments.merchantId, merchantId) : undefined,
      ),
    );
  return row;
}

/** Deletes up to `limit` uploads unattached since before `before`; returns their storage keys. */
export async function deleteUnattachedBefore(db: DbOrTx, before: Date, limit: number): Promise<string[]> {
  const result: unknown = await db.execute(sql`
    DELETE FROM va_request_documents
     WHERE id IN (SELECT id FROM va_request_documents
                   WHERE request_uuid IS NULL AND created_at <= ${before.toISOString()}::timestamptz
                   ORDER BY created_at LIMIT ${limit})
       AND request_uuid IS NULL
     RETURNING storage_key`);
  return (result as { rows: { storage_key: string }[] }).rows.map((r) => r.storage_key);
}
