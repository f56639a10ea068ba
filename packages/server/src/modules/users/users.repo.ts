import { and, asc, count, desc, eq, exists, gt, inArray, lte, not, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { merchants, userGroups, userInvitations, userMerchants, users } from '../../db/schema/index.ts';

export async function findUser(db: DbOrTx, id: string) {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u;
}

export async function findUserByLogin(db: DbOrTx, login: string) {
  const [u] = await db.select().from(users).where(sql`lower(${users.login}) = lower(${login})`);
  return u;
}

export async function emailInUse(db: DbOrTx, email: string) {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return !!u;
}

export async function updateUser(db: DbOrTx, id: string, set: Partial<typeof users.$inferInsert>) {
  const [u] = await db.update(users).set(set).where(eq(users.id, id)).returning();
  if (!u) throw new Error('user update matched nothing');
  return u;
}

export async function insertUser(db: DbOrTx, row: typeof users.$inferInsert) {
  const [u] = await db.insert(users).values(row).returning();
  if (!u) throw new Error('user insert returned nothing');
  return u;
}

export async function findMerchant(db: DbOrTx, id: string) {
  const [m] = await db.select().from(merchants).where(eq(merchants.id, id));
  return m;
}

export async function insertMembership(db: DbOrTx, row: typeof userMerchants.$inferInsert) {
  await db.insert(userMerchants).values(row);
}

/** Active memberships of a user in active companies, with the company. */
export async function membershipsOf(db: DbOrTx, userId: string) {
  return db
    .select({
      merchantId: merchants.id,
      name: merchants.name,
      serviceCode: merchants.serviceCode,
      isMaster: userMerchants.isMaster,
      rights: userMerchants.rights,
    })
    .from(userMerchants)
    .innerJoin(merchants, eq(merchants.id, userMerchants.merchantId))
    .where(and(eq(userMerchants.userId, userId), eq(userMerchants.status, 1), eq(merchants.status, 1)))
    .orderBy(asc(merchants.name), asc(merchants.id));
}

export async function membership(db: DbOrTx, userId: string, merchantId: string) {
  const [m] = await db
    .select()
    .from(userMerchants)
    .where(
      and(
        eq(userMerchants.userId, userId),
        eq(userMerchants.merchantId, merchantId),
        eq(userMerchants.status, 1),
      ),
    );
  return m;
}

export async function updateMembership(
  db: DbOrTx,
  userId: string,
  merchantId: string,
  set: Partial<typeof userMerchants.$inferInsert>,
) {
  await db
    .update(userMerchants)
    .set(set)
    .where(and(eq(userMerchants.userId, userId), eq(userMerchants.merchantId, merchantId)));
}

export async function activeGroupsOf(db: DbOrTx, userId: string) {
  const rows = await db
    .select({ group: userGroups.groupCode })
    .from(userGroups)
    .where(and(eq(userGroups.userId, userId), eq(userGroups.status, 1)));
  return rows.map((r) => r.group);
}

const isStaff = (userId: SQL | typeof users.id) =>
  exists(
    sql`(SELECT 1 FROM ${userGroups} WHERE ${userGroups.userId} = ${userId} AND ${userGroups.status} = 1)`,
  );

export const isStaffUser = async (db: DbOrTx, userId: string) =>
  (await activeGroupsOf(db, userId)).length > 0;

/** Client users of a company (staff excluded), oldest first; served by user_merchants_merchant_idx. */
export async function companyUsers(
  db: DbOrTx,
  merchantId: string,
  kind: 'master' | 'standard' | null,
  limit: number,
  offset: number,
) {
  const where = and(
    eq(userMerchants.merchantId, merchantId),
    eq(userMerchants.status, 1),
    not(isStaff(users.id)),
    kind === null ? undefined : eq(userMerchants.isMaster, kind === 'master'),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, isMaster: userMerchants.isMaster, rights: userMerchants.rights })
      .from(userMerchants)
      .innerJoin(users, eq(users.id, userMerchants.userId))
      .where(where)
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(userMerchants)
      .innerJoin(users, eq(users.id, userMerchants.userId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Master Users of a company (who receive reset requests). */
export async function mastersOf(db: DbOrTx, merchantId: string) {
  return db
    .select({ id: users.id, email: users.email, uiLanguage: users.uiLanguage })
    .from(userMerchants)
    .innerJoin(users, eq(users.id, userMerchants.userId))
    .where(
      and(
        eq(userMerchants.merchantId, merchantId),
        eq(userMerchants.status, 1),
        eq(userMerchants.isMaster, true),
        eq(users.status, 'activated'),
      ),
    );
}

export async function latestInvitationOf(db: DbOrTx, userId: string) {
  const [i] = await db
    .select()
    .from(userInvitations)
    .where(eq(userInvitations.userId, userId))
    .orderBy(desc(userInvitations.createdAt))
    .limit(1);
  return i;
}

export type InvitationFilter = 'invited' | 'expired' | 'registered' | 'canceled' | null;

/** Invitations of a company, newest first; served by user_invitations_merchant_idx. */
export async function listInvitations(
  db: DbOrTx,
  merchantId: string,
  filter: InvitationFilter,
  now: Date,
  limit: number,
  offset: number,
) {
  const byStatus: Record<Exclude<InvitationFilter, null>, SQL | undefined> = {
    invited: and(eq(userInvitations.status, 'invited'), gt(userInvitations.expiresAt, now)),
    expired: and(eq(userInvitations.status, 'invited'), lte(userInvitations.expiresAt, now)),
    registered: eq(userInvitations.status, 'registered'),
    canceled: eq(userInvitations.status, 'canceled'),
  };
  const where = and(eq(userInvitations.merchantId, merchantId), filter ? byStatus[filter] : undefined);
  const inviter = sql<
    string | null
  >`(SELECT trim(${users.firstName} || ' ' || ${users.lastName}) FROM ${users} WHERE ${users.id} = ${userInvitations.invitedBy})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        invitation: userInvitations,
        inviterName: inviter,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(userInvitations)
      .innerJoin(users, eq(users.id, userInvitations.userId))
      .where(where)
      .orderBy(desc(userInvitations.createdAt), desc(userInvitations.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(userInvitations).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findInvitation(db: DbOrTx, id: string) {
  const [i] = await db.select().from(userInvitations).where(eq(userInvitations.id, id));
  return i;
}

export async function findInvitationByCode(db: DbOrTx, codeHash: string) {
  const [i] = await db.select().from(userInvitations).where(eq(userInvitations.codeHash, codeHash));
  return i;
}

export async function insertInvitation(db: DbOrTx, row: typeof userInvitations.$inferInsert) {
  const [i] = await db.insert(userInvitations).values(row).returning();
  if (!i) throw new Error('invitation insert returned nothing');
  return i;
}

/** Updates an invitation only while it is still in `status`; undefined when it moved on meanwhile. */
export async function updateInvitationIf(
  db: DbOrTx,
  id: string,
  status: 'invited' | 'registered' | 'canceled',
  set: Partial<typeof userInvitations.$inferInsert>,
) {
  const [i] = await db
    .update(userInvitations)
    .set(set)
    .where(and(eq(userInvitations.id, id), eq(userInvitations.status, status)))
    .returning();
  return i;
}

export async function inviterName(db: DbOrTx, id: string | null) {
  if (!id) return null;
  const u = await findUser(db, id);
  return u ? `${u.firstName} ${u.lastName}`.trim() : null;
}

/** Active staff users (an active admin group), for assigning support cases. */
export async function staffUsers(db: DbOrTx) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(isStaff(users.id), eq(users.status, 'activated')))
    .orderBy(asc(users.email));
}

/** Names and platform labels of companies by id. */
export async function merchantsByIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: merchants.id, name: merchants.name, platform: merchants.platform })
    .from(merchants)
    .where(inArray(merchants.id, ids));
}

/** Adds the membership, or revives one that was switched off (status 0) with the new role and rights. */
export async function upsertMembership(
  db: DbOrTx,
  row: { userId: string; merchantId: string; isMaster: boolean; rights: string[]; at: Date },
) {
  const rows = await db
    .insert(userMerchants)
    .values({
      userId: row.userId,
      merchantId: row.merchantId,
      isMaster: row.isMaster,
      rights: row.rights,
      status: 1,
    })
    .onConflictDoUpdate({
      target: [userMerchants.userId, userMerchants.merchantId],
      set: { isMaster: row.isMaster, rights: row.rights, status: 1, updatedAt: row.at },
      setWhere: sql`${userMerchants.status} <> 1`,
    })
    .returning({ userId: userMerchants.userId });
  // Nothing returned: the membership was already active (a concurrent add won).
  return rows.length > 0;
}
