import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { EntryDetails } from '../../db/schema/index.ts';
import type { AccountRow } from './ledger.repo.ts';
import { rowsOf } from './sql.ts';

/**
 * Group commit, statement 1: every balance row of `accountIds` locked in (account, slot) order —
 * the one order every ledger writer uses — with its account and wallet status, in one round trip.
 * Returns the accounts found and their available balance (balance − held, summed over slots).
 */
export async function lockAccountsForBatch(
  db: DbOrTx,
  accountIds: readonly number[],
): Promise<{ accounts: Map<number, AccountRow>; available: Map<number, bigint> }> {
  const rows = await rowsOf<{
    account_id: string;
    available: string;
    kind: string;
    wallet_id: string | null;
    merchant_id: string | null;
    currency: string;
    allow_negative: boolean;
    slots: number;
    wallet_status: number | null;
  }>(
    db,
    sql`SELECT b.account_id::text, (b.balance - b.held)::text AS available, a.kind, a.wallet_id::text,
               a.merchant_id::text, a.currency, a.allow_negative, a.slots, w.status AS wallet_status
          FROM ledger_balances b
          JOIN ledger_accounts a ON a.id = b.account_id
          LEFT JOIN wallets w ON w.id = a.wallet_id
         WHERE b.account_id = ANY(${`{${accountIds.join(',')}}`}::bigint[])
         ORDER BY b.account_id, b.slot
           FOR UPDATE OF b`,
  );
  const accounts = new Map<number, AccountRow>();
  const available = new Map<number, bigint>();
  for (const r of rows) {
    const id = Number(r.account_id);
    available.set(id, (available.get(id) ?? 0n) + BigInt(r.available));
    if (!accounts.has(id))
      accounts.set(id, {
        id,
        kind: r.kind,
        walletId: r.wallet_id === null ? null : Number(r.wallet_id),
        merchantId: r.merchant_id,
        currency: r.currency,
        allowNegative: r.allow_negative,
        slots: Number(r.slots),
        walletStatus: r.wallet_status === null ? null : Number(r.wallet_status),
      });
  }
  return { accounts, available };
}

/** (kind, reference) pairs already posted, with their entry ids. */
export async function postedReferences(
  db: DbOrTx,
  keys: readonly { kind: string; reference: string }[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (keys.length === 0) return found;
  const rows = await rowsOf<{ id: string; kind: string; reference: string }>(
    db,
    sql`SELECT e.id::text, e.kind, e.reference
          FROM journal_entries e
          JOIN jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) AS k(kind text, reference text)
            ON e.kind = k.kind AND e.reference = k.reference`,
  );
  for (const r of rows) found.set(referenceKey(r.kind, r.reference), Number(r.id));
  return found;
}

export const referenceKey = (kind: string, reference: string) => `${kind}\u0000${reference}`;

/**
 * Group commit, statement 2: the accepted entries, their postings and the balance deltas in ONE
 * statement (data-modifying CTEs); entry ids come from the identity sequence in input order.
 * Credits and debits of a batch land on slot 0 (the batch holds every slot's lock anyway).
 */
export async function writeBatch(
  db: DbOrTx,
  entries: readonly {
    kind: string;
    reference: string | null;
    valueDate: Date;
    details: EntryDetails;
    postings: readonly { accountId: number; currency: string; amount: bigint }[];
  }[],
): Promise<number[]> {
  const e = entries.map((x, ord) => ({
    ord,
    kind: x.kind,
    reference: x.reference,
    value_date: x.valueDate.toISOString(),
    details: x.details,
  }));
  const net = new Map<number, bigint>();
  const p = entries.flatMap((x, ord) =>
    x.postings.map((line) => {
      net.set(line.accountId, (net.get(line.accountId) ?? 0n) + line.amount);
      return {
        ord,
        account_id: String(line.accountId),
        currency: line.currency,
        amount: line.amount.toString(),
        value_date: x.valueDate.toISOString(),
      };
    }),
  );
  const d = [...net]
    .filter(([, delta]) => delta !== 0n)
    .map(([accountId, delta]) => ({ account_id: String(accountId), delta: delta.toString() }));
  const rows = await rowsOf<{ ord: number; id: string }>(
    db,
    sql`WITH e_in AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(e)}::jsonb)
            AS x(ord int, kind text, reference text, value_date timestamptz, details jsonb)
        ), ids AS MATERIALIZED (
          SELECT ord, nextval(pg_get_serial_sequence('journal_entries', 'id')) AS id FROM e_in ORDER BY ord
        ), entries AS (
          INSERT INTO journal_entries (id, kind, reference, value_date, details)
          SELECT ids.id, e_in.kind, e_in.reference, e_in.value_date, e_in.details
            FROM e_in JOIN ids USING (ord)
          RETURNING id
        ), lines AS (
          INSERT INTO postings (entry_id, account_id, currency, amount, value_date)
          SELECT ids.id, l.account_id, l.currency, l.amount, l.value_date
            FROM jsonb_to_recordset(${JSON.stringify(p)}::jsonb)
              AS l(ord int, account_id bigint, currency text, amount bigint, value_date timestamptz)
            JOIN ids USING (ord)
          RETURNING 1
        ), moved AS (
          UPDATE ledger_balances b SET balance = b.balance + v.delta
            FROM jsonb_to_recordset(${JSON.stringify(d)}::jsonb) AS v(account_id bigint, delta bigint)
           WHERE b.account_id = v.account_id AND b.slot = 0
          RETURNING 1
        )
        -- Every data-modifying CTE runs to completion; the foreign keys are checked at the statement's end.
        SELECT ord, id::text FROM ids ORDER BY ord`,
  );
  return rows.map((r) => Number(r.id));
}
