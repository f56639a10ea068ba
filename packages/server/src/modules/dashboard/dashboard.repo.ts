import { asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { boardingAccounts, dashboardWidgets } from '../../db/schema/index.ts';

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

/** The boarding record a company went (or is going) live from; the newest when there are several. */
export async function boardingAccountOf(db: DbOrTx, merchantId: string) {
  const [row] = await db
    .select({ id: boardingAccounts.id, state: boardingAccounts.state, goLiveAt: boardingAccounts.goLiveAt })
    .from(boardingAccounts)
    .where(eq(boardingAccounts.merchantId, merchantId))
    .orderBy(desc(boardingAccounts.createdAt))
    .limit(1);
  return row;
}
