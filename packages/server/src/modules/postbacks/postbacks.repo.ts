import type { PostbackType } from '@portal/domain';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { claimDueLeased } from '../../db/outbox.ts';
import { companySettings, postbackAttempts, postbackOutbox } from '../../db/schema/index.ts';

export type NewPostback = typeof postbackOutbox.$inferInsert;
export type PostbackRow = typeof postbackOutbox.$inferSelect;

export async function insertPostback(db: DbOrTx, e: NewPostback): Promise<PostbackRow> {
  const [row] = await db.insert(postbackOutbox).values(e).returning();
  if (!row) throw new Error('postback not written');
  return row;
}

/** Postbacks in one statement, the rows as one JSON parameter (see payments' `insertEvents`). */
/** Postbacks as one INSERT for `executeTogether`; undefined for none. */
export function postbacksInsert(
  events: readonly Pick<
    NewPostback,
    'merchantId' | 'type' | 'event' | 'subjectId' | 'payload' | 'createdAt'
  >[],
): SQL | undefined {
  if (events.length === 0) return undefined;
  const rows = events.map((e) => ({
    merchant_id: e.merchantId,
    type: e.type,
    event: e.event,
    subject_id: e.subjectId,
    payload: e.payload,
    created_at: e.createdAt,
  }));
  return sql`
    INSERT INTO postback_outbox (merchant_id, type, event, subject_id, payload, created_at)
    SELECT merchant_id, type, event, subject_id, payload, created_at
      FROM json_populate_recordset(NULL::postback_outbox, ${JSON.stringify(rows)}::json)`;
}

/** Leases up to `limit` due events (see claimDueLeased), oldest first. */
export async function claimDue(db: DbOrTx, now: Date, leaseUntil: Date, limit: number): Promise<number[]> {
  return claimDueLeased(db, postbackOutbox, now, leaseUntil, limit);
}

export async function findEvents(db: DbOrTx, ids: number[]): Promise<PostbackRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(postbackOutbox)
    .where(
      sql`${postbackOutbox.id} IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    )
    .orderBy(asc(postbackOutbox.id));
}

export async function findEvent(
  db: DbOrTx,
  merchantId: string,
  id: number,
): Promise<PostbackRow | undefined> {
  const [row] = await db
    .select()
    .from(postbackOutbox)
    .where(and(eq(postbackOutbox.id, id), eq(postbackOutbox.merchantId, merchantId)));
  return row;
}

export async function insertAttempt(db: DbOrTx, a: typeof postbackAttempts.$inferInsert): Promise<void> {
  await db.insert(postbackAttempts).values(a);
}

/** The attempt and the event's new state in one statement, so neither is written without the other. */
export async function recordAttempt(
  db: DbOrTx,
  a: typeof postbackAttempts.$inferInsert,
  patch: Partial<NewPostback>,
): Promise<void> {
  const attempt = db
    .$with('attempt')
    .as(db.insert(postbackAttempts).values(a).returning({ id: postbackAttempts.id }));
  await db.with(attempt).update(postbackOutbox).set(patch).where(eq(postbackOutbox.id, a.eventId));
}

export async function updateEvent(db: DbOrTx, id: number, patch: Partial<NewPostback>): Promise<PostbackRow> {
  const [row] = await db.update(postbackOutbox).set(patch).where(eq(postbackOutbox.id, id)).returning();
  if (!row) throw new Error('postback vanished');
  return row;
}

export interface LogFilter {
  merchantId: string;
  status?: string | undefined;
  type?: PostbackType | undefined;
}

function logWhere(f: LogFilter): SQL | undefined {
  return and(
    eq(postbackOutbox.merchantId, f.merchantId),
    f.status ? eq(postbackOutbox.status, f.status as PostbackRow['status']) : undefined,
    f.type ? eq(postbackOutbox.type, f.type) : undefined,
  );
}

export async function listEvents(db: DbOrTx, f: LogFilter, rows: number, offset: number) {
  const [list, [total]] = await Promise.all([
    db
      .select()
      .from(postbackOutbox)
      .where(logWhere(f))
      .orderBy(desc(postbackOutbox.id))
      .limit(rows)
      .offset(offset),
    db.select({ n: count() }).from(postbackOutbox).where(logWhere(f)),
  ]);
  return { list, total: total?.n ?? 0 };
}

export async function listAttempts(db: DbOrTx, eventId: number) {
  return db
    .select()
    .from(postbackAttempts)
    .where(eq(postbackAttempts.eventId, eventId))
    .orderBy(asc(postbackAttempts.id));
}

export async function findSecrets(db: DbOrTx, merchantId: string) {
  const [row] = await db
    .select({
      secret: companySettings.postbackSecret,
      createdAt: companySettings.secretCreatedAt,
      previous: companySettings.previousSecret,
      previousUntil: companySettings.previousSecretUntil,
    })
    .from(companySettings)
    .where(eq(companySettings.merchantId, merchantId));
  return row;
}

/** Stores a new secret; the current one becomes the previous one until `previousUntil`. */
export async function storeSecret(
  db: DbOrTx,
  merchantId: string,
  sealed: string,
  at: Date,
  previousUntil: Date,
): Promise<void> {
  await db
    .insert(companySettings)
    .values({ merchantId, postbackSecret: sealed, secretCreatedAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: companySettings.merchantId,
      set: {
        previousSecret: sql`company_settings.postback_secret`,
        previousSecretUntil: sql`CASE WHEN company_settings.postback_secret IS NULL THEN NULL ELSE ${previousUntil.toISOString()}::timestamptz END`,
        postbackSecret: sealed,
        secretCreatedAt: at,
        updatedAt: at,
      },
    });
}

/**
 * The settings area's notification URLs and messengers, in the same company_settings row as the
 * postback secret (this module owns the table, issue 33; settings calls the postbacks service).
 */
export async function saveNotificationSettings(
  db: DbOrTx,
  merchantId: string,
  v: { notificationUrls: Record<string, string>; messengers: Record<string, string> },
  at: Date,
): Promise<void> {
  await db
    .insert(companySettings)
    .values({ merchantId, ...v, updatedAt: at })
    .onConflictDoUpdate({ target: companySettings.merchantId, set: { ...v, updatedAt: at } });
}
