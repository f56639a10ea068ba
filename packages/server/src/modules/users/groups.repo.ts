import { and, asc, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { AdminGroup } from '@portal/domain';
import type { DbOrTx } from '../../db/client.ts';
import { userGroups, users } from '../../db/schema/index.ts';

export interface LinkFilter {
  status?: 'active' | 'deleted' | null | undefined;
  group?: AdminGroup | null | undefined;
  filterParam?: 'email' | 'user_name' | null | undefined;
  filterValue?: string | null | undefined;
  sortParam?: 'created' | 'modified' | 'email' | 'group_name' | null | undefined;
  sortOrder?: 'asc' | 'desc' | null | undefined;
}

const userName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

/** `*` in a filter is a wildcard (spec §5); other LIKE characters are taken literally. */
const likePattern = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%')}%`;

function where(f: LinkFilter): SQL | undefined {
  return and(
    f.status ? eq(userGroups.status, f.status === 'active' ? 1 : 0) : undefined,
    f.group ? eq(userGroups.groupCode, f.group) : undefined,
    f.filterValue && f.filterParam === 'email' ? ilike(users.email, likePattern(f.filterValue)) : undefined,
    f.filterValue && f.filterParam === 'user_name' ? ilike(userName, likePattern(f.filterValue)) : undefined,
  );
}

const columns = {
  userId: userGroups.userId,
  group: userGroups.groupCode,
  status: userGroups.status,
  createdAt: userGroups.createdAt,
  updatedAt: userGroups.updatedAt,
  email: users.email,
  userName,
};

export async function listLinks(db: DbOrTx, f: LinkFilter, limit: number, offset: number) {
  const sortCol = {
    created: userGroups.createdAt,
    modified: userGroups.updatedAt,
    email: users.email,
    group_name: userGroups.groupCode,
  }[f.sortParam ?? 'created'];
  const order = f.sortOrder === 'asc' ? asc(sortCol) : desc(sortCol);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(userGroups)
      .innerJoin(users, eq(users.id, userGroups.userId))
      .where(where(f))
      .orderBy(order, asc(userGroups.userId))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(userGroups)
      .innerJoin(users, eq(users.id, userGroups.userId))
      .where(where(f)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findLink(db: DbOrTx, userId: string, group: AdminGroup) {
  const [l] = await db
    .select(columns)
    .from(userGroups)
    .innerJoin(users, eq(users.id, userGroups.userId))
    .where(and(eq(userGroups.userId, userId), eq(userGroups.groupCode, group)));
  return l;
}

export async function upsertLink(db: DbOrTx, userId: string, group: AdminGroup, status: 0 | 1, now: Date) {
  await db
    .insert(userGroups)
    .values({ userId, groupCode: group, status, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [userGroups.userId, userGroups.groupCode],
      set: { status, updatedAt: now },
    });
}
