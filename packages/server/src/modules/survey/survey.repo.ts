import { and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { surveyResponses, surveys } from '../../db/schema/index.ts';

export type SurveyRow = typeof surveys.$inferSelect;

/** The newest active survey this user has no response to. */
export async function openSurveyFor(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ survey: surveys })
    .from(surveys)
    .leftJoin(
      surveyResponses,
      and(eq(surveyResponses.surveyId, surveys.id), eq(surveyResponses.userId, userId)),
    )
    .where(and(eq(surveys.active, true), isNull(surveyResponses.userId)))
    .orderBy(desc(surveys.createdAt))
    .limit(1);
  return row?.survey;
}

export async function findSurvey(db: DbOrTx, id: string) {
  const [row] = await db.select().from(surveys).where(eq(surveys.id, id));
  return row;
}

/** One response per user and survey: false when there already is one (answered twice, or a race). */
export async function insertResponse(db: DbOrTx, row: typeof surveyResponses.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(surveyResponses)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: surveyResponses.surveyId });
  return rows.length === 1;
}

export async function insertSurvey(db: DbOrTx, row: typeof surveys.$inferInsert) {
  const [s] = await db.insert(surveys).values(row).returning();
  if (!s) throw new Error('survey not inserted');
  return s;
}

/** Only one survey is active at a time: activating one retires the others. */
export async function setActive(db: DbOrTx, id: string, active: boolean): Promise<boolean> {
  if (active)
    await db
      .update(surveys)
      .set({ active: false })
      .where(and(eq(surveys.active, true), ne(surveys.id, id)));
  const rows = await db
    .update(surveys)
    .set({ active })
    .where(eq(surveys.id, id))
    .returning({ id: surveys.id });
  return rows.length === 1;
}

export async function listSurveys(db: DbOrTx, page: number, rows: number) {
  return db
    .select({
      survey: surveys,
      answered: sql<number>`(SELECT count(*)::int FROM ${surveyResponses} r WHERE r.survey_id = ${surveys.id} AND r.status = 'answered')`,
      skipped: sql<number>`(SELECT count(*)::int FROM ${surveyResponses} r WHERE r.survey_id = ${surveys.id} AND r.status = 'skipped')`,
    })
    .from(surveys)
    .orderBy(desc(surveys.createdAt))
    .limit(rows)
    .offset((page - 1) * rows);
}

export async function countSurveys(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(surveys);
  return row?.n ?? 0;
}

export async function responsesOf(db: DbOrTx, surveyId: string) {
  return db
    .select()
    .from(surveyResponses)
    .where(eq(surveyResponses.surveyId, surveyId))
    .orderBy(desc(surveyResponses.at));
}
