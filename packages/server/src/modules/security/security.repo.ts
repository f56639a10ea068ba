import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { securityHistory } from '../../db/schema/index.ts';

export async function insertRecord(db: DbOrTx, row: typeof securityHistory.$inferInsert) {
  await db.insert(securityHistory).values(row);
}

export interface HistoryFilter {
  userId: string;
  actionType?: string | null | undefined;
  actionResult?: 'success' | 'failure' | null | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function where(f: HistoryFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(securityHistory.userId, f.userId)];
  if (f.actionType) parts.push(eq(securityHistory.actionType, f.actionType));
  if (f.actionResult) parts.push(eq(securityHistory.actionResult, f.actionResult));
  if (f.from) parts.push(gte(securityHistory.createdAt, f.from));
  if (f.to) parts.push(lt(securityHistory.createdAt, f.to));
  return and(...parts);
}

/** One page, newest first; served by security_history_user_idx. */
export async function listRecords(db: DbOrTx, f: HistoryFilter, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(securityHistory)
      .where(where(f))
      .orderBy(desc(securityHistory.createdAt), desc(securityHistory.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(securityHistory).where(where(f)),
  ]);
  return { rows, total: total?.n ?? 0 };
}
