import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dashboardWidgets } from '../../db/schema/index.ts';

export async function widgetsOf(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(dashboardWidgets)
    .where(eq(dashboardWidgets.userId, userId))
    .orderBy(asc(dashboardWidgets.slideNo), asc(dashboardWidgets.placement));
}

/** A layout is replaced as a whole (the user rearranged the dashboard). */
export async function replaceWidgets(
  db: DbOrTx,
  userId: string,
  rows: Omit<typeof dashboardWidgets.$inferInsert, 'userId'>[],
) {
  await db.delete(dashboardWidgets).where(eq(dashboardWidgets.userId, userId));
  if (rows.length) await db.insert(dashboardWidgets).values(rows.map((r) => ({ ...r, userId })));
}
