import type { Database } from '../db/client.ts';

/**
 * The ledger's invariants read straight from the tables (backup restore checks, chaos runs):
 * every journal entry balanced per currency, every balance row equal to its postings and holds,
 * no negative available balance where none is allowed, postings summing to zero.
 */
export async function ledgerInvariants(db: Pick<Database, 'query'>) {
  const q = <T>(text: string) => db.query<T>(text).then((r) => r.rows);
  const unbalanced = await q<{ entry_id: string }>(
    'SELECT entry_id::text FROM postings GROUP BY entry_id, currency HAVING sum(amount) <> 0',
  );
  const drift = await q<{ account_id: string }>(
    `SELECT a.id::text AS account_id FROM ledger_accounts a
       LEFT JOIN (SELECT account_id, sum(amount) AS s FROM postings GROUP BY account_id) p ON p.account_id = a.id
       JOIN (SELECT account_id, sum(balance) AS b, sum(held) AS h FROM ledger_balances GROUP BY account_id) b ON b.account_id = a.id
       LEFT JOIN (SELECT account_id, sum(amount) AS h FROM ledger_holds WHERE status = 'placed' GROUP BY account_id) o ON o.account_id = a.id
      WHERE coalesce(p.s, 0) <> b.b OR coalesce(o.h, 0) <> b.h`,
  );
  const negative = await q<{ account_id: string }>(
    `SELECT a.id::text AS account_id FROM ledger_accounts a JOIN ledger_balances b ON b.account_id = a.id
      WHERE NOT a.allow_negative GROUP BY a.id HAVING sum(b.balance) - sum(b.held) < 0`,
  );
  const [total] = await q<{ s: string | null }>('SELECT sum(amount)::text AS s FROM postings');
  const [entries] = await q<{ n: string }>('SELECT count(*)::text AS n FROM journal_entries');
  return {
    unbalanced: unbalanced.length,
    drift: drift.length,
    negative: negative.length,
    grandTotal: BigInt(total?.s ?? '0'),
    entries: Number(entries?.n ?? 0),
    /** The offending ids behind each count, so a failing check can name them. */
    offending: {
      unbalancedEntries: unbalanced.map((r) => r.entry_id),
      driftingAccounts: drift.map((r) => r.account_id),
      negativeAccounts: negative.map((r) => r.account_id),
    },
  };
}
