import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { merchants, sessions, userGroups, userMerchants, users } from '../../db/schema/index.ts';

export async function insertSession(db: DbOrTx, row: typeof sessions.$inferInsert) {
  const [s] = await db.insert(sessions).values(row).returning();
  if (!s) throw new Error('session insert returned nothing');
  return s;
}

export async function findSession(db: DbOrTx, id: string) {
  const [s] = await db.select().from(sessions).where(eq(sessions.id, id));
  return s;
}

export async function extendSession(db: DbOrTx, id: string, expiresAt: Date) {
  await db
    .update(sessions)
    .set({ expiresAt })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

export async function revokeSession(db: DbOrTx, id: string, reason: string, at: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: at, revokeReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: DbOrTx, userId: string, reason: string, at: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: at, revokeReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function findUser(db: DbOrTx, id: string) {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u;
}

/** The user's active membership of a company, with the company still active. */
export async function findMembership(db: DbOrTx, userId: string, merchantId: string) {
  const [m] = await db
    .select({ isMaster: userMerchants.isMaster, rights: userMerchants.rights })
    .from(userMerchants)
    .innerJoin(merchants, eq(merchants.id, userMerchants.merchantId))
    .where(
      and(
        eq(userMerchants.userId, userId),
        eq(userMerchants.merchantId, merchantId),
        eq(userMerchants.status, 1),
        eq(merchants.status, 1),
      ),
    );
  return m;
}

export async function hasActiveGroup(db: DbOrTx, userId: string, group: string) {
  const [g] = await db
    .select({ g: userGroups.groupCode })
    .from(userGroups)
    .where(
      and(
        eq(userGroups.userId, userId),
        eq(userGroups.groupCode, group as 'admin'),
        eq(userGroups.status, 1),
      ),
    );
  return !!g;
}

/** Open full sessions of a user that hold a confirmation verifier (one session when given). */
export async function openSessionVerifiers(db: DbOrTx, userId: string, now: Date, sessionId?: string) {
  const rows = await db
    .select({ id: sessions.id, verifier: sessions.confirmationVerifier })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.purpose, 'session'),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        isNotNull(sessions.confirmationVerifier),
        sessionId ? eq(sessions.id, sessionId) : undefined,
      ),
    );
  return rows.flatMap((r) => (r.verifier ? [{ id: r.id, verifier: r.verifier }] : []));
}
