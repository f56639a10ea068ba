import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { merchants } from '../../db/schema/index.ts';

/** The company name printed on statements and letters. */
export async function companyName(db: DbOrTx, merchantId: string): Promise<string> {
  const [row] = await db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, merchantId));
  return row?.name ?? '';
}
