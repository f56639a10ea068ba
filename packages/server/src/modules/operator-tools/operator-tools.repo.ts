import { FILE_STATUS_CODE, type StaffQueues } from '@portal/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { merchants, userGroups, userMerchants, users, wallets } from '../../db/schema/index.ts';

// Reads of the operator console tools (issue 18): companies, wallets, memberships. The writes go
// through the owners' services: wallet status (wallets), memberships (users).

export async function liveCompanies(db: DbOrTx) {
  return db
    .select({ id: merchants.id, name: merchants.name })
    .from(merchants)
    .where(eq(merchants.status, 1))
    .orderBy(asc(merchants.name));
}

export async function findCompany(db: DbOrTx, id: string) {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, id));
  return row;
}

const walletColumns = {
  id: wallets.id,
  uuid: wallets.uuid,
  merchantId: wallets.merchantId,
  merchantName: merchants.name,
  uiName: wallets.uiName,
  status: wallets.status,
  statusReason: wallets.statusReason,
  statusChangedAt: wallets.statusChangedAt,
};

export type OperatorWalletRow = Awaited<ReturnType<typeof walletsOfCompany>>[number];

export async function walletsOfCompany(db: DbOrTx, merchantId: string) {
  return db
    .select(walletColumns)
    .from(wallets)
    .innerJoin(merchants, eq(merchants.id, wallets.merchantId))
    .where(eq(wallets.merchantId, merchantId))
    .orderBy(asc(wallets.id));
}

/** The wallet by uuid, row-locked inside a transaction so two status changes cannot interleave. */
export async function lockWallet(db: DbOrTx, uuid: string) {
  const [row] = await db
    .select(walletColumns)
    .from(wallets)
    .innerJoin(merchants, eq(merchants.id, wallets.merchantId))
    .where(eq(wallets.uuid, uuid))
    .for('update', { of: wallets });
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function isStaff(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .select({ g: userGroups.groupCode })
    .from(userGroups)
    .where(and(eq(userGroups.userId, userId), eq(userGroups.status, 1)));
  return rows.length > 0;
}

export async function findMembership(db: DbOrTx, userId: string, merchantId: string) {
  const [row] = await db
    .select()
    .from(userMerchants)
    .where(and(eq(userMerchants.userId, userId), eq(userMerchants.merchantId, merchantId)));
  return row;
}

/**
 * The staff landing page's queue sizes in one round trip (issue 36). Reads only: the tables belong
 * to boarding, messages and virtual accounts; each count uses an index on its status.
 */
export async function staffQueues(db: DbOrTx) {
  const result: unknown = await db.execute(sql`
    SELECT
      (SELECT count(*) FROM boarding_accounts
        WHERE state = 'in_progress' AND review_status = 'Submitted')::int AS boardings_waiting,
      (SELECT count(*) FROM support_cases
        WHERE crm_status NOT IN ('Closed', 'Declined-Closed'))::int AS open_cases,
      (SELECT count(*) FROM va_requests WHERE status IN ('created', 'pending'))::int AS va_requests,
      (SELECT count(*) FROM boarding_files f JOIN boarding_accounts a ON a.id = f.account_id
        WHERE a.state = 'in_progress' AND f.status = ${FILE_STATUS_CODE.PENDING_VERIFICATION})::int AS reviews_due`);
  const [row] = (result as { rows: StaffQueues[] }).rows;
  return row ?? { boardings_waiting: 0, open_cases: 0, va_requests: 0, reviews_due: 0 };
}
