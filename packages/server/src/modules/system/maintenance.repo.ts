import type { MaintenanceState } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { maintenance } from '../../db/schema/index.ts';

export async function readMaintenance(db: DbOrTx): Promise<MaintenanceState> {
  const [row] = await db.select().from(maintenance).where(eq(maintenance.id, 1));
  return {
    state: row?.state ?? 'none',
    startsAt: row?.startsAt?.toISOString() ?? null,
    message: row?.message ?? null,
    messageRu: row?.messageRu ?? null,
  };
}

export async function writeMaintenance(
  db: DbOrTx,
  s: MaintenanceState,
  by: string,
): Promise<MaintenanceState> {
  await db
    .update(maintenance)
    .set({
      state: s.state,
      startsAt: s.startsAt ? new Date(s.startsAt) : null,
      message: s.message,
      messageRu: s.messageRu,
      updatedAt: new Date(),
      updatedBy: by,
    })
    .where(eq(maintenance.id, 1));
  return readMaintenance(db);
}
