import { asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { currencyTable, referenceValues } from '../../db/schema/index.ts';
import type { CurrencyRecord, ReferenceList } from './reference-data.ts';

export async function valuesByCode(db: DbOrTx, code: string) {
  return db
    .select()
    .from(referenceValues)
    .where(eq(referenceValues.code, code))
    .orderBy(asc(referenceValues.sortOrder));
}

export async function valuesByRefId(db: DbOrTx, referenceId: number) {
  return db
    .select()
    .from(referenceValues)
    .where(eq(referenceValues.referenceId, referenceId))
    .orderBy(asc(referenceValues.sortOrder));
}

export async function currencies(db: DbOrTx, kind: 'fiat' | 'crypto' | undefined) {
  return db
    .select()
    .from(currencyTable)
    .where(kind ? eq(currencyTable.kind, kind) : undefined)
    .orderBy(asc(currencyTable.code));
}

export async function countValues(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(referenceValues);
  return row?.n ?? 0;
}

/** Replaces the lists with the shipped data (idempotent; several processes may run it at once). */
export async function upsertAll(db: DbOrTx, lists: ReferenceList[], records: CurrencyRecord[]) {
  const rows = lists.flatMap((l) =>
    l.values.map((v, i) => ({
      code: l.code,
      referenceId: l.referenceId,
      value: v.value,
      description: v.description,
      sortOrder: i + 1,
    })),
  );
  await db.delete(referenceValues);
  for (let i = 0; i < rows.length; i += 500) await db.insert(referenceValues).values(rows.slice(i, i + 500));
  await db
    .insert(currencyTable)
    .values(records)
    .onConflictDoUpdate({
      target: currencyTable.code,
      set: {
        numeric: sql`excluded.numeric`,
        name: sql`excluded.name`,
        exponent: sql`excluded.exponent`,
        kind: sql`excluded.kind`,
      },
    });
}
