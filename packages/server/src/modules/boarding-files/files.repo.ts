import { and, count, desc, eq, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { boardingComments, boardingFiles } from '../../db/schema/index.ts';

export type FileRow = typeof boardingFiles.$inferSelect;

export async function insertFile(db: DbOrTx, row: typeof boardingFiles.$inferInsert) {
  const [f] = await db.insert(boardingFiles).values(row).returning();
  if (!f) throw new Error('file insert returned nothing');
  return f;
}

export async function findFile(db: DbOrTx, accountId: string, id: string) {
  const [f] = await db
    .select()
    .from(boardingFiles)
    .where(and(eq(boardingFiles.accountId, accountId), eq(boardingFiles.id, id)));
  return f;
}

export async function setStatus(db: DbOrTx, id: string, status: number) {
  await db.update(boardingFiles).set({ status }).where(eq(boardingFiles.id, id));
}

/** Count, total bytes and next version of a type, for the upload limits. */
export async function usage(db: DbOrTx, accountId: string, fileType: string) {
  const [u] = await db
    .select({
      files: count(),
      bytes: sql<string>`coalesce(sum(${boardingFiles.sizeBytes}), 0)::text`,
      lastVersion: max(
        sql`CASE WHEN ${boardingFiles.fileType} = ${fileType} THEN ${boardingFiles.version} END`,
      ),
    })
    .from(boardingFiles)
    .where(eq(boardingFiles.accountId, accountId));
  return { files: u?.files ?? 0, bytes: Number(u?.bytes ?? 0), lastVersion: Number(u?.lastVersion ?? 0) };
}

export async function listFiles(
  db: DbOrTx,
  accountId: string,
  opts: { fileType?: string; limit: number; offset: number },
) {
  const where = and(
    eq(boardingFiles.accountId, accountId),
    opts.fileType ? eq(boardingFiles.fileType, opts.fileType) : undefined,
  );
  const rows = await db
    .select()
    .from(boardingFiles)
    .where(where)
    .orderBy(desc(boardingFiles.createdAt), desc(boardingFiles.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [total] = await db.select({ n: count() }).from(boardingFiles).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Every file of a record without the bytes (checklist facts). */
export async function allFiles(db: DbOrTx, accountId: string) {
  return db
    .select({
      fileType: boardingFiles.fileType,
      status: boardingFiles.status,
      expiresAt: boardingFiles.expiresAt,
    })
    .from(boardingFiles)
    .where(eq(boardingFiles.accountId, accountId));
}

export async function insertComment(db: DbOrTx, row: typeof boardingComments.$inferInsert) {
  await db.insert(boardingComments).values(row);
}

export async function commentsOf(db: DbOrTx, subjectIds: string[]) {
  if (subjectIds.length === 0) return [];
  return db
    .select()
    .from(boardingComments)
    .where(
      sql`${boardingComments.subjectId} IN (${sql.join(
        subjectIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    )
    .orderBy(boardingComments.createdAt);
}
