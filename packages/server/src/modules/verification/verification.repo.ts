import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { boardingMeetings } from '../../db/schema/index.ts';

export type MeetingRow = typeof boardingMeetings.$inferSelect;

/** The meetings a contact is invited to, earliest first. */
export async function listContactMeetings(db: DbOrTx, contactId: string) {
  return db
    .select()
    .from(boardingMeetings)
    .where(eq(boardingMeetings.contactId, contactId))
    .orderBy(boardingMeetings.startsAt);
}

export async function insertMeeting(db: DbOrTx, row: typeof boardingMeetings.$inferInsert) {
  const [m] = await db.insert(boardingMeetings).values(row).returning();
  if (!m) throw new Error('meeting insert returned nothing');
  return m;
}

/** The meeting `id` if `contactId` is its invitee. */
export async function findInviteeMeeting(db: DbOrTx, id: string, contactId: string) {
  const [m] = await db
    .select()
    .from(boardingMeetings)
    .where(and(eq(boardingMeetings.id, id), eq(boardingMeetings.contactId, contactId)));
  return m;
}

/** Records the invitee's answer; no row when `contactId` is not the meeting's invitee. */
export async function setInviteeAnswer(
  db: DbOrTx,
  id: string,
  contactId: string,
  set: { acceptStatus: MeetingRow['acceptStatus']; respondedAt: Date },
) {
  const [m] = await db
    .update(boardingMeetings)
    .set(set)
    .where(and(eq(boardingMeetings.id, id), eq(boardingMeetings.contactId, contactId)))
    .returning();
  return m;
}
