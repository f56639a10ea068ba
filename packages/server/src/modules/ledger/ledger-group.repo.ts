import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Tx } from '../../db/client.ts';
import type { EntryDetails } from '../../db/schema/index.ts';
import type { AccountRow } from './ledger.repo.ts';
import { rowsOf } from './sql.ts';

/*
 * Group commit's statements are built as text with every value inlined as a literal (ids checked as
 * safe integers, everything else through `pg.escapeLiteral`): on PostgreSQL a batch is two round
 * trips — `BEGIN; lock; references` and `write; COMMIT` — and a multi-statement simple query carries
 * no parameters. Values come back as text on both paths.
 */
type Row = Record<string, unknown>;

/** The rows a batch reads and writes; `BatchSession` runs them in one transaction. */
export interface BatchSession {
  /** Opens the transaction and runs `statements` (lock first); answers each one's rows. */
  read(statements: readonly string[]): Promise<Row[][]>;
  /** Runs `statement` (if any) and commits; answers its rows. */
  write(statement: string | null): Promise<Row[]>;
}

/**
 * PostgreSQL: the session's two calls are one round trip each on a pinned connection. A failure rolls
 * back; the connection is then closed by `pinned`, never reused half-way through a transaction.
 */
export function pipelinedBatch<T>(database: Database, fn: (session: BatchSession) => Promise<T>): Promise<T> {
  return database.pinned(async (conn) => {
    try {
      return await fn({
        read: async (statements) =>
          (await conn.script(['BEGIN ISOLATION LEVEL READ COMMITTED', ...statements].join(';\n'))).slice(1),
        write: async (statement) => {
          const results = await conn.script(statement ? `${statement};\nCOMMIT` : 'COMMIT');
          return statement ? (results[0] ?? []) : [];
        },
      });
    } catch (err) {
      await conn.script('ROLLBACK').catch(() => {});
      throw err;
    }
  });
}

/** PGlite (one connection): the same statements inside a drizzle transaction the caller commits. */
export function transactionBatch(tx: Tx): BatchSession {
  const run = (text: string) => rowsOf<Row>(tx, sql.raw(text));
  return {
    read: (statements) => Promise.all(statements.map(run)),
    write: async (statement) => (statement ? run(statement) : []),
  };
}

const idLiteral = (id: number): string => {
  if (!Number.isSafeInteger(id)) throw new Error(`not an id: ${id}`);
  return String(id);
};
const jsonLiteral = (value: unknown) => `${pg.escapeLiteral(JSON.stringify(value))}::jsonb`;

/**
 * Statement 1: every balance row of `accountIds` locked in (account, slot) order — the one order
 * every ledger writer uses — with its account and wallet status (migration 1600).
 */
export function lockStatement(accountIds: readonly number[]): string {
  return `SELECT * FROM ledger_lock_batch('{${accountIds.map(idLiteral).join(',')}}'::bigint[])`;
}

/** The accounts found by `lockStatement` and their available balance (balance − held, over slots). */
export function lockedAccounts(rows: readonly Row[]): {
  accounts: Map<number, AccountRow>;
  available: Map<number, bigint>;
} {
  const accounts = new Map<number, AccountRow>();
  const available = new Map<number, bigint>();
  for (const r of rows) {
    const id = Number(r.account_id);
    available.set(id, (available.get(id) ?? 0n) + BigInt(String(r.available)));
    if (!accounts.has(id))
      accounts.set(id, {
        id,
        kind: String(r.kind),
        walletId: r.wallet_id === null ? null : Number(r.wallet_id),
        merchantId: r.merchant_id === null ? null : String(r.merchant_id),
        currency: String(r.currency),
        allowNegative: r.allow_negative === true || r.allow_negative === 't',
        slots: Number(r.slots),
        walletStatus: r.wallet_status === null ? null : Number(r.wallet_status),
      });
  }
  return { accounts, available };
}

/**
 * Statement 2 (read after the locks, so a same-account duplicate has committed): the (kind,
 * reference) pairs already posted, with their entry id and postings as `postingsKey` spells them.
 */
export function postedReferencesStatement(keys: readonly { kind: string; reference: string }[]): string {
  return `SELECT e.id::text, e.kind, e.reference,
                 (SELECT string_agg(p.account_id || ':' || p.amount, ',' ORDER BY (p.account_id || ':' || p.amount) COLLATE "C")
                    FROM postings p WHERE p.entry_id = e.id) AS postings_key
            FROM journal_entries e
            JOIN jsonb_to_recordset(${jsonLiteral(keys)}) AS k(kind text, reference text)
              ON e.kind = k.kind AND e.reference = k.reference`;
}

export function postedReferences(rows: readonly Row[]): Map<string, { id: number; postingsKey: string }> {
  const found = new Map<string, { id: number; postingsKey: string }>();
  for (const r of rows)
    found.set(referenceKey(String(r.kind), String(r.reference)), {
      id: Number(r.id),
      postingsKey: String(r.postings_key ?? ''),
    });
  return found;
}

export const referenceKey = (kind: string, reference: string) => `${kind}\u0000${reference}`;

/** The key `postedReferencesStatement` computes in SQL: `account:amount` pairs in byte order. */
export function postingsKey(ps: readonly { accountId: number; amount: bigint }[]): string {
  return ps
    .map((p) => `${p.accountId}:${p.amount}`)
    .sort()
    .join(',');
}

/**
 * Statement 3: the accepted entries, their postings and the balance deltas in ONE statement
 * (migration 1600); entry ids come from the identity sequence in input order.
 */
export function writeStatement(
  entries: readonly {
    kind: string;
    reference: string | null;
    valueDate: Date;
    details: EntryDetails;
    postings: readonly { accountId: number; currency: string; amount: bigint }[];
  }[],
): string {
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
  return `SELECT * FROM ledger_write_batch(${jsonLiteral(e)}, ${jsonLiteral(p)}, ${jsonLiteral(d)})`;
}

export const writtenIds = (rows: readonly Row[]): number[] => rows.map((r) => Number(r.out_id));
