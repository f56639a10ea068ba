import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  gte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { noticeReads, notices } from '../../db/schema/index.ts';

export type NoticeRow = typeof notices.$inferSelect;

export interface Audience {
  userId: string;
  merchantId: string | null;
  platform: string | null;
  /** YYYY-MM-DD (UTC): notices are shown from their start day to their end day. */
  today: string;
}

/** Notices addressed to the caller (all, its company's platform label, or its company) and live today. */
function visibleTo(a: Audience): SQL | undefined {
  return and(
    lte(notices.startsOn, a.today),
    gte(notices.endsOn, a.today),
    or(
      eq(notices.audience, 'all'),
      a.platform
        ? and(eq(notices.audience, 'platform'), eq(notices.platform, a.platform as 'UK'))
        : undefined,
      a.merchantId ? and(eq(notices.audience, 'company'), eq(notices.merchantId, a.merchantId)) : undefined,
    ),
  );
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%')}%`;

export interface NoticeListQuery {
  status: 'unread' | 'read' | 'all';
  limit: number;
  offset: number;
  sortParam: 'created' | 'title' | 'starts_on';
  sortOrder: 'asc' | 'desc';
  filterParam: 'any' | 'title' | 'text';
  filterValue?: string | undefined;
}

export async function listVisible(db: DbOrTx, a: Audience, q: NoticeListQuery) {
  const read = and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.userId, a.userId));
  const p = q.filterValue ? likePattern(q.filterValue) : undefined;
  const where = and(
    visibleTo(a),
    q.status === 'unread'
      ? isNull(noticeReads.noticeId)
      : q.status === 'read'
        ? isNotNull(noticeReads.noticeId)
        : undefined,
    p
      ? q.filterParam === 'title'
        ? ilike(notices.title, p)
        : q.filterParam === 'text'
          ? ilike(notices.body, p)
          : or(ilike(notices.title, p), ilike(notices.body, p))
      : undefined,
  );
  const dir = q.sortOrder === 'asc' ? asc : desc;
  const key =
    q.sortParam === 'title'
      ? dir(notices.title)
      : q.sortParam === 'starts_on'
        ? dir(notices.startsOn)
        : dir(notices.createdAt);
  const [rows, [total]] = await Promise.all([
    db
      .select({ notice: notices, readAt: noticeReads.readAt })
      .from(notices)
      .leftJoin(noticeReads, read)
      .where(where)
      .orderBy(key, dir(notices.createdAt), dir(notices.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(notices).leftJoin(noticeReads, read).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function visibleByIds(db: DbOrTx, a: Audience, ids: string[]) {
  return db
    .select({ notice: notices, readAt: noticeReads.readAt })
    .from(notices)
    .leftJoin(noticeReads, and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.userId, a.userId)))
    .where(and(inArray(notices.id, ids), visibleTo(a)));
}

export async function markRead(db: DbOrTx, userId: string, ids: string[], at: Date) {
  await db
    .insert(noticeReads)
    .values(ids.map((noticeId) => ({ noticeId, userId, readAt: at })))
    .onConflictDoNothing();
}

export async function insertNotice(db: DbOrTx, row: typeof notices.$inferInsert) {
  const [n] = await db.insert(notices).values(row).returning();
  if (!n) throw new Error('notice insert returned nothing');
  return n;
}

export async function listAll(db: DbOrTx, limit: number, offset: number) {
  const reads = sql<number>`(SELECT count(*)::int FROM notice_reads nr WHERE nr.notice_id = "notices"."id")`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ notice: notices, reads })
      .from(notices)
      .orderBy(desc(notices.createdAt), desc(notices.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(notices),
  ]);
  return { rows, total: total?.n ?? 0 };
}
