import type { TestApp } from '../../test/test-app.ts';

/** The ledger's invariants, read straight from the tables. */
export async function ledgerInvariants(t: TestApp) {
  const q = <T>(text: string) => t.deps.database.query<T>(text).then((r) => r.rows);
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
  return { unbalanced, drift, negative, grandTotal: BigInt(total?.s ?? '0') };
}
