import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { merchants, sessions, userGroups, userMerchants, users } from '../../db/schema/index.ts';

/** A new session starts in the company its user last acted for (users.current_merchant_id). */
export async function insertSession(
  db: DbOrTx,
  row: Omit<typeof sessions.$inferInsert, 'currentMerchantId'>,
) {
  const [s] = await db
    .insert(sessions)
    .values({
      ...row,
      currentMerchantId: sql`(SELECT u.current_merchant_id FROM users u WHERE u.id = ${row.userId})`,
    })
    .returning();
  if (!s) throw new Error('session insert returned nothing');
  return s;
}

export async function findSession(db: DbOrTx, id: string) {
  const [s] = await db.select().from(sessions).where(eq(sessions.id, id));
  return s;
}

export interface SessionPrincipalRow {
  id: string;
  user_id: string;
  purpose: string;
  impersonator_id: string | null;
  expires_at: Date | string;
  revoked: boolean;
  user_status: string;
  current_merchant_id: string | null;
  current_group: string | null;
  /** Null without an active membership of an active current company. */
  is_master: boolean | null;
  rights: string[] | null;
  group_active: boolean;
  auto_approve_payouts: boolean;
}

/**
 * Everything a call's principal needs in one statement (every authenticated call runs it): the
 * session, its user, the membership of the session's current company (active, company active) and
 * whether the user's current group is still granted.
 */
export async function findSessionPrincipal(db: DbOrTx, id: string): Promise<SessionPrincipalRow | undefined> {
  const result: unknown = await db.execute(sql`
    SELECT s.id, s.user_id, s.purpose, s.impersonator_id, s.expires_at, s.revoked_at IS NOT NULL AS revoked,
           u.status AS user_status, s.current_merchant_id, u.current_group, u.auto_approve_payouts,
           um.is_master, um.rights,
           EXISTS (SELECT 1 FROM user_groups g
                    WHERE g.user_id = u.id AND g.group_code = u.current_group AND g.status = 1) AS group_active
      FROM sessions s
      JOIN users u ON u.id = s.user_id
      LEFT JOIN user_merchants um
             ON um.user_id = u.id AND um.merchant_id = s.current_merchant_id AND um.status = 1
            AND EXISTS (SELECT 1 FROM merchants m WHERE m.id = um.merchant_id AND m.status = 1)
     WHERE s.id = ${id}`);
  return (result as { rows: SessionPrincipalRow[] }).rows[0];
}

export async function extendSession(db: DbOrTx, id: string, expiresAt: Date) {
  await db
    .update(sessions)
    .set({ expiresAt })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Switches the company one session acts for; the user's other sessions keep theirs. */
export async function setSessionMerchant(db: DbOrTx, id: string, merchantId: string) {
  await db.update(sessions).set({ currentMerchantId: merchantId }).where(eq(sessions.id, id));
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

/** Open full sessions of a user that hold a confirmation verifier. */
export async function openSessionVerifiers(db: DbOrTx, userId: string, now: Date) {
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
      ),
    );
  return rows.flatMap((r) => (r.verifier ? [{ id: r.id, verifier: r.verifier }] : []));
}
