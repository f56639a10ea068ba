import type { PaymentMethod } from '@portal/domain';
import { and, asc, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { paymentTemplates, users } from '../../db/schema/index.ts';

export type TemplateRow = typeof paymentTemplates.$inferSelect;

const ownerName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

export async function list(
  db: DbOrTx,
  where: SQL | undefined,
  sort: { column: 'name' | 'created' | 'payee'; desc: boolean },
  limit: number,
  offset: number,
) {
  const col =
    sort.column === 'name'
      ? paymentTemplates.name
      : sort.column === 'payee'
        ? paymentTemplates.payeeName
        : paymentTemplates.createdAt;
  return db
    .select({ t: paymentTemplates, ownerName })
    .from(paymentTemplates)
    .innerJoin(users, eq(users.id, paymentTemplates.ownerId))
    .where(where)
    .orderBy(sort.desc ? desc(col) : asc(col), asc(paymentTemplates.id))
    .limit(limit)
    .offset(offset);
}

export async function count(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(paymentTemplates).where(where);
  return row?.n ?? 0;
}

/** What a user of a company may see: own templates and others' shared ones. */
export function visibleTo(merchantId: string, userId: string): SQL | undefined {
  return and(
    eq(paymentTemplates.merchantId, merchantId),
    eq(paymentTemplates.status, 1),
    or(eq(paymentTemplates.ownerId, userId), eq(paymentTemplates.shared, true)),
  );
}

export const byOwnership = {
  own: (userId: string) => eq(paymentTemplates.ownerId, userId),
  ownShared: (userId: string) => and(eq(paymentTemplates.ownerId, userId), eq(paymentTemplates.shared, true)),
  ownNotShared: (userId: string) =>
    and(eq(paymentTemplates.ownerId, userId), eq(paymentTemplates.shared, false)),
  others: (userId: string) => and(ne(paymentTemplates.ownerId, userId), eq(paymentTemplates.shared, true)),
} as const;

export const matches = (param: 'name' | 'payee', pattern: string) =>
  ilike(param === 'name' ? paymentTemplates.name : paymentTemplates.payeeName, pattern);

export async function find(db: DbOrTx, id: string, merchantId: string) {
  const [row] = await db
    .select({ t: paymentTemplates, ownerName })
    .from(paymentTemplates)
    .innerJoin(users, eq(users.id, paymentTemplates.ownerId))
    .where(
      and(
        eq(paymentTemplates.id, id),
        eq(paymentTemplates.merchantId, merchantId),
        eq(paymentTemplates.status, 1),
      ),
    );
  return row;
}

export async function insert(db: DbOrTx, row: typeof paymentTemplates.$inferInsert): Promise<string> {
  const [t] = await db.insert(paymentTemplates).values(row).returning({ id: paymentTemplates.id });
  if (!t) throw new Error('template not inserted');
  return t.id;
}

export async function update(
  db: DbOrTx,
  id: string,
  patch: Partial<typeof paymentTemplates.$inferInsert>,
): Promise<void> {
  await db.update(paymentTemplates).set(patch).where(eq(paymentTemplates.id, id));
}

export function withFlags(f: {
  method: PaymentMethod | undefined;
  shared: boolean | undefined;
  crossScheme: boolean | undefined;
}) {
  return and(
    f.method === undefined ? undefined : eq(paymentTemplates.method, f.method),
    f.shared === undefined ? undefined : eq(paymentTemplates.shared, f.shared),
    f.crossScheme === undefined ? undefined : eq(paymentTemplates.crossScheme, f.crossScheme),
  );
}

/** The WHERE of a template list: what the user may see, narrowed by the list's filters. */
export function templateFilter(f: {
  merchantId: string;
  userId: string;
  ownership: keyof typeof byOwnership | undefined;
  method: PaymentMethod | undefined;
  shared: boolean | undefined;
  crossScheme: boolean | undefined;
  /** An ILIKE pattern on the name or the payee. */
  match: { param: 'name' | 'payee'; pattern: string } | undefined;
}): SQL | undefined {
  return and(
    visibleTo(f.merchantId, f.userId),
    f.ownership ? byOwnership[f.ownership](f.userId) : undefined,
    withFlags({ method: f.method, shared: f.shared, crossScheme: f.crossScheme }),
    f.match ? matches(f.match.param, f.match.pattern) : undefined,
  );
}
