import type { DealStatus, TransferStatus } from '@portal/domain';
import { and, count, desc, eq, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { escrowDeals, onchainAddresses, onchainTransfers } from '../../db/schema/index.ts';

export type TransferRow = typeof onchainTransfers.$inferSelect;
export type NewTransfer = typeof onchainTransfers.$inferInsert;
export type DealRow = typeof escrowDeals.$inferSelect;
export type AddressRow = typeof onchainAddresses.$inferSelect;

/** Serialises the first opening of a company's crypto wallets (two first visits at once). */
export async function lockCompany(tx: DbOrTx, merchantId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`onchain:${merchantId}`}))`);
}

export async function addressesOf(db: DbOrTx, merchantId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(onchainAddresses)
    .where(eq(onchainAddresses.merchantId, merchantId))
    .orderBy(onchainAddresses.asset, onchainAddresses.network);
}

export async function insertAddress(db: DbOrTx, row: typeof onchainAddresses.$inferInsert): Promise<void> {
  await db.insert(onchainAddresses).values(row);
}

export async function addressByText(db: DbOrTx, address: string) {
  const [row] = await db.select().from(onchainAddresses).where(eq(onchainAddresses.address, address));
  return row;
}

/** The company owning an address: one of its wallet deposit addresses or escrow deal addresses. */
export async function addressOwner(db: DbOrTx, address: string): Promise<string | undefined> {
  const [wallet] = await db
    .select({ merchantId: onchainAddresses.merchantId })
    .from(onchainAddresses)
    .where(eq(onchainAddresses.address, address));
  if (wallet) return wallet.merchantId;
  const [deal] = await db
    .select({ merchantId: escrowDeals.merchantId })
    .from(escrowDeals)
    .where(eq(escrowDeals.depositAddress, address));
  return deal?.merchantId;
}

export async function ownAddress(db: DbOrTx, merchantId: string, address: string) {
  const [row] = await db
    .select()
    .from(onchainAddresses)
    .where(and(eq(onchainAddresses.merchantId, merchantId), eq(onchainAddresses.address, address)));
  return row;
}

export async function insertTransfer(db: DbOrTx, row: NewTransfer): Promise<TransferRow> {
  const [t] = await db.insert(onchainTransfers).values(row).returning();
  if (!t) throw new Error('transfer not inserted');
  return t;
}

export async function findTransfer(db: DbOrTx, id: string, merchantId?: string) {
  const [t] = await db
    .select()
    .from(onchainTransfers)
    .where(
      and(eq(onchainTransfers.id, id), merchantId ? eq(onchainTransfers.merchantId, merchantId) : undefined),
    );
  return t;
}

export async function lockTransfer(db: DbOrTx, id: string, merchantId?: string) {
  const [t] = await db
    .select()
    .from(onchainTransfers)
    .where(
      and(eq(onchainTransfers.id, id), merchantId ? eq(onchainTransfers.merchantId, merchantId) : undefined),
    )
    .for('update');
  return t;
}

export async function updateTransfer(
  db: DbOrTx,
  id: string,
  patch: Partial<NewTransfer>,
): Promise<TransferRow> {
  const [t] = await db.update(onchainTransfers).set(patch).where(eq(onchainTransfers.id, id)).returning();
  if (!t) throw new Error('transfer vanished');
  return t;
}

export async function listTransfers(
  db: DbOrTx,
  q: {
    merchantId: string;
    status?: TransferStatus | undefined;
    asset?: string | undefined;
    offset: number;
    limit: number;
  },
) {
  const where = and(
    eq(onchainTransfers.merchantId, q.merchantId),
    q.status ? eq(onchainTransfers.status, q.status) : undefined,
    q.asset ? eq(onchainTransfers.asset, q.asset) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(onchainTransfers)
      .where(where)
      .orderBy(desc(onchainTransfers.createdAt), desc(onchainTransfers.id))
      .offset(q.offset)
      .limit(q.limit),
    db.select({ n: count() }).from(onchainTransfers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Transfers the sweep must look at: queued ones due, and every pending one. */
export async function openTransferIds(db: DbOrTx, now: Date, limit = 500): Promise<string[]> {
  const rows = await db
    .select({ id: onchainTransfers.id })
    .from(onchainTransfers)
    .where(
      or(
        eq(onchainTransfers.status, 'pending'),
        and(
          eq(onchainTransfers.status, 'queued'),
          or(lte(onchainTransfers.sendAt, now), lte(onchainTransfers.cancelAt, now)),
        ),
      ),
    )
    .orderBy(onchainTransfers.createdAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function insertDeal(db: DbOrTx, row: typeof escrowDeals.$inferInsert): Promise<DealRow> {
  const [d] = await db.insert(escrowDeals).values(row).returning();
  if (!d) throw new Error('deal not inserted');
  return d;
}

export async function findDeal(db: DbOrTx, id: string, merchantId?: string) {
  const [d] = await db
    .select()
    .from(escrowDeals)
    .where(and(eq(escrowDeals.id, id), merchantId ? eq(escrowDeals.merchantId, merchantId) : undefined));
  return d;
}

export async function lockDeal(db: DbOrTx, id: string, merchantId?: string) {
  const [d] = await db
    .select()
    .from(escrowDeals)
    .where(and(eq(escrowDeals.id, id), merchantId ? eq(escrowDeals.merchantId, merchantId) : undefined))
    .for('update');
  return d;
}

export async function updateDeal(
  db: DbOrTx,
  id: string,
  patch: Partial<typeof escrowDeals.$inferInsert>,
): Promise<DealRow> {
  const [d] = await db.update(escrowDeals).set(patch).where(eq(escrowDeals.id, id)).returning();
  if (!d) throw new Error('deal vanished');
  return d;
}

export async function dealByTrx(db: DbOrTx, trxId: string) {
  const [d] = await db
    .select({ id: escrowDeals.id })
    .from(escrowDeals)
    .where(sql`lower(${escrowDeals.trxId}) = lower(${trxId})`);
  return d;
}

export async function listDeals(
  db: DbOrTx,
  q: {
    merchantId: string;
    status?: DealStatus | undefined;
    ticker?: string | undefined;
    network?: string | undefined;
    text?: string | undefined;
    offset: number;
    limit: number;
  },
) {
  const conds: (SQL | undefined)[] = [
    eq(escrowDeals.merchantId, q.merchantId),
    q.status ? eq(escrowDeals.status, q.status) : undefined,
    q.ticker ? eq(escrowDeals.ticker, q.ticker) : undefined,
    // The filter is text as typed: a network that does not exist matches nothing.
    q.network ? sql`${escrowDeals.network} = ${q.network}` : undefined,
  ];
  if (q.text) {
    const like = `%${q.text.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%')}%`;
    conds.push(
      or(
        ilike(escrowDeals.receiverWallet, like),
        ilike(escrowDeals.depositAddress, like),
        ilike(escrowDeals.trxId, like),
      ),
    );
  }
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(escrowDeals)
      .where(where)
      .orderBy(desc(escrowDeals.createdAt), desc(escrowDeals.id))
      .offset(q.offset)
      .limit(q.limit),
    db.select({ n: count() }).from(escrowDeals).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function dueDealIds(db: DbOrTx, now: Date, limit = 500): Promise<string[]> {
  const rows = await db
    .select({ id: escrowDeals.id })
    .from(escrowDeals)
    .where(and(eq(escrowDeals.status, 'awaiting'), lte(escrowDeals.expiresAt, now)))
    .limit(limit);
  return rows.map((r) => r.id);
}
