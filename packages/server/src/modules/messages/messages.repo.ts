import type { CaseStatus, MessageFolder } from '@portal/domain';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { messageAttachments, messages, supportCases } from '../../db/schema/index.ts';

export type CaseRow = typeof supportCases.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type AttachmentRow = typeof messageAttachments.$inferSelect;
export interface MessageWithCase {
  message: MessageRow;
  case: CaseRow;
}

export interface MessageListQuery {
  merchantId: string;
  folder: MessageFolder;
  limit: number;
  offset: number;
  order: 'asc' | 'desc';
  crmStatus?: CaseStatus | undefined;
  type?: CaseRow['type'] | undefined;
  filterParam: 'any' | 'subject' | 'text' | 'case_number';
  filterValue?: string | undefined;
  caseNo?: number | null;
  sortParam: 'created' | 'priority' | 'case_number' | 'subject';
  unread?: boolean | undefined;
}

/** `%` and `_` typed by the user match themselves; `*` is the spec's wildcard (§5). */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%')}%`;

/** The expression of messages_priority_idx (migration 1620): change both together. */
const priorityRank = sql`CASE ${messages.priority} WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END`;

/**
 * One page of a company's inbox or outbox, with the total. Served by the indexes of migration 1620:
 * messages_list_idx (newest first, totals), messages_priority_idx and messages_subject_idx (those
 * sorts), the trigram indexes (text search).
 */
export async function listMessages(db: DbOrTx, q: MessageListQuery) {
  const conds: (SQL | undefined)[] = [
    eq(messages.merchantId, q.merchantId),
    eq(messages.folder, q.folder),
    isNull(messages.clientDeletedAt),
    q.crmStatus ? eq(supportCases.crmStatus, q.crmStatus) : undefined,
    q.type ? eq(supportCases.type, q.type) : undefined,
    q.unread ? isNull(messages.readAt) : undefined,
  ];
  if (q.filterValue) {
    const p = likePattern(q.filterValue);
    // The case number as a condition on the message's own case_id, so the OR with the text
    // patterns stays within messages (the trigram indexes of migration 1620 and the case index).
    const byNumber = q.caseNo
      ? inArray(
          messages.caseId,
          db
            .select({ id: supportCases.id })
            .from(supportCases)
            .where(and(eq(supportCases.merchantId, q.merchantId), eq(supportCases.caseNo, q.caseNo))),
        )
      : sql`false`;
    conds.push(
      q.filterParam === 'subject'
        ? ilike(messages.subject, p)
        : q.filterParam === 'text'
          ? ilike(messages.body, p)
          : q.filterParam === 'case_number'
            ? byNumber
            : or(ilike(messages.subject, p), ilike(messages.body, p), byNumber),
    );
  }
  const where = and(...conds);
  const needsCase = !!(q.crmStatus || q.type);
  const dir = q.order === 'asc' ? asc : desc;
  const key =
    q.sortParam === 'priority'
      ? dir(priorityRank)
      : q.sortParam === 'case_number'
        ? dir(supportCases.caseNo)
        : q.sortParam === 'subject'
          ? dir(messages.subject)
          : dir(messages.createdAt);
  const [rows, [total]] = await Promise.all([
    db
      .select({ message: messages, case: supportCases })
      .from(messages)
      .innerJoin(supportCases, eq(supportCases.id, messages.caseId))
      .where(where)
      .orderBy(...(q.sortParam === 'created' ? [] : [key]), dir(messages.createdAt), dir(messages.id))
      .limit(q.limit)
      .offset(q.offset),
    // The total joins the cases only when a case column filters: the plain count reads the
    // messages index alone (bench/messages: the join made the count most of the call).
    needsCase
      ? db
          .select({ n: count() })
          .from(messages)
          .innerJoin(supportCases, eq(supportCases.id, messages.caseId))
          .where(where)
      : db.select({ n: count() }).from(messages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function attachmentsOf(db: DbOrTx, messageIds: string[]) {
  if (messageIds.length === 0) return [];
  return db
    .select()
    .from(messageAttachments)
    .where(inArray(messageAttachments.messageId, messageIds))
    .orderBy(asc(messageAttachments.createdAt), asc(messageAttachments.id));
}

export async function findMessage(db: DbOrTx, id: string): Promise<MessageWithCase | undefined> {
  const [row] = await db
    .select({ message: messages, case: supportCases })
    .from(messages)
    .innerJoin(supportCases, eq(supportCases.id, messages.caseId))
    .where(eq(messages.id, id));
  return row;
}

export async function messagesByIds(db: DbOrTx, ids: string[]): Promise<MessageWithCase[]> {
  return db
    .select({ message: messages, case: supportCases })
    .from(messages)
    .innerJoin(supportCases, eq(supportCases.id, messages.caseId))
    .where(inArray(messages.id, ids));
}

export async function findCase(db: DbOrTx, id: string, lock = false) {
  const q = db.select().from(supportCases).where(eq(supportCases.id, id));
  const [c] = lock ? await q.for('update') : await q;
  return c;
}

export async function casesByIds(db: DbOrTx, ids: string[], lock = false) {
  const q = db.select().from(supportCases).where(inArray(supportCases.id, ids));
  return lock ? q.for('update') : q;
}

/** A thread oldest first; `clientView` leaves out what the company deleted. */
export async function threadOf(db: DbOrTx, caseId: string, clientView: boolean) {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.caseId, caseId), clientView ? isNull(messages.clientDeletedAt) : undefined))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

export async function insertCase(db: DbOrTx, row: typeof supportCases.$inferInsert) {
  const [c] = await db.insert(supportCases).values(row).returning();
  if (!c) throw new Error('case insert returned nothing');
  return c;
}

export async function insertMessage(db: DbOrTx, row: typeof messages.$inferInsert) {
  const [m] = await db.insert(messages).values(row).returning();
  if (!m) throw new Error('message insert returned nothing');
  return m;
}

export async function insertAttachments(db: DbOrTx, rows: (typeof messageAttachments.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(messageAttachments).values(rows).returning();
}

export async function updateCase(db: DbOrTx, id: string, set: Partial<typeof supportCases.$inferInsert>) {
  const [c] = await db.update(supportCases).set(set).where(eq(supportCases.id, id)).returning();
  if (!c) throw new Error('case update matched nothing');
  return c;
}

export async function markRead(db: DbOrTx, ids: string[], at: Date) {
  await db
    .update(messages)
    .set({ readAt: at })
    .where(and(inArray(messages.id, ids), eq(messages.folder, 'inbox'), isNull(messages.readAt)));
}

export async function markStaffRead(db: DbOrTx, caseId: string, at: Date) {
  await db
    .update(messages)
    .set({ staffReadAt: at })
    .where(and(eq(messages.caseId, caseId), eq(messages.folder, 'outbox'), isNull(messages.staffReadAt)));
}

export async function softDeleteMessages(db: DbOrTx, ids: string[], at: Date) {
  await db
    .update(messages)
    .set({ clientDeletedAt: at })
    .where(and(inArray(messages.id, ids), isNull(messages.clientDeletedAt)));
}

export async function softDeleteThreads(db: DbOrTx, caseIds: string[], at: Date) {
  await db
    .update(messages)
    .set({ clientDeletedAt: at })
    .where(and(inArray(messages.caseId, caseIds), isNull(messages.clientDeletedAt)));
  await db
    .update(supportCases)
    .set({ clientDeletedAt: at })
    .where(and(inArray(supportCases.id, caseIds), isNull(supportCases.clientDeletedAt)));
}

/** Cases among `caseIds` whose every message the company has deleted. */
export async function emptiedCases(db: DbOrTx, caseIds: string[]) {
  if (caseIds.length === 0) return [];
  const rows = await db
    .select({ id: messages.caseId })
    .from(messages)
    .where(inArray(messages.caseId, caseIds))
    .groupBy(messages.caseId)
    .having(sql`bool_and(${messages.clientDeletedAt} IS NOT NULL)`);
  return rows.map((r) => r.id);
}

export async function unreadCount(db: DbOrTx, merchantId: string) {
  const [r] = await db
    .select({ n: count() })
    .from(messages)
    .where(
      and(
        eq(messages.merchantId, merchantId),
        eq(messages.folder, 'inbox'),
        isNull(messages.readAt),
        isNull(messages.clientDeletedAt),
      ),
    );
  return r?.n ?? 0;
}

export interface CaseListQuery {
  limit: number;
  offset: number;
  crmStatus?: CaseStatus | undefined;
  merchantId?: string | undefined;
  assignedTo?: string | null | undefined;
  filterValue?: string | undefined;
  caseNo?: number | null;
}

// Written out in SQL: inside a subquery an unqualified "id" would be the messages' own.
const unreadByStaff = sql<number>`(SELECT count(*)::int FROM messages um WHERE um.case_id = "support_cases"."id" AND um.folder = 'outbox' AND um.staff_read_at IS NULL)`;

/** Cases of every company for the console, latest activity first. */
export async function listCases(db: DbOrTx, q: CaseListQuery) {
  const conds: (SQL | undefined)[] = [
    q.crmStatus ? eq(supportCases.crmStatus, q.crmStatus) : undefined,
    q.merchantId ? eq(supportCases.merchantId, q.merchantId) : undefined,
    q.assignedTo === null
      ? isNull(supportCases.assignedTo)
      : q.assignedTo
        ? eq(supportCases.assignedTo, q.assignedTo)
        : undefined,
  ];
  if (q.filterValue) {
    const p = likePattern(q.filterValue);
    conds.push(or(ilike(supportCases.subject, p), q.caseNo ? eq(supportCases.caseNo, q.caseNo) : undefined));
  }
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select({ case: supportCases, unread: unreadByStaff })
      .from(supportCases)
      .where(where)
      .orderBy(desc(supportCases.updatedAt), desc(supportCases.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(supportCases).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findAttachment(db: DbOrTx, id: string, messageId: string) {
  const [a] = await db
    .select({ attachment: messageAttachments, message: messages })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .where(and(eq(messageAttachments.id, id), eq(messageAttachments.messageId, messageId)));
  return a;
}
