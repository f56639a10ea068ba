-- Group commit (issue 15): a batch's two statements as functions, so PostgreSQL plans them once per
-- connection instead of on every batch (planning the write was a third of a batch's time). The
-- batch sends `BEGIN; SELECT * FROM ledger_lock_batch(...)` and `SELECT * FROM ledger_write_batch(...);
-- COMMIT` as one round trip each; the rules (overdraft in arrival order, wallet status, references)
-- stay in the ledger service (ledger.group-commit.ts).

-- Every balance row of the accounts, locked in (account, slot) order: the one order all writers use.
CREATE FUNCTION ledger_lock_batch(account_ids bigint[])
RETURNS TABLE (account_id bigint, available bigint, kind text, wallet_id bigint, merchant_id uuid,
               currency text, allow_negative boolean, slots smallint, wallet_status smallint)
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
    SELECT b.account_id, b.balance - b.held, a.kind, a.wallet_id, a.merchant_id, a.currency,
           a.allow_negative, a.slots, w.status::smallint
      FROM ledger_balances b
      JOIN ledger_accounts a ON a.id = b.account_id
      LEFT JOIN wallets w ON w.id = a.wallet_id
     WHERE b.account_id = ANY(account_ids)
     ORDER BY b.account_id, b.slot
       FOR UPDATE OF b;
END $$;

-- The accepted entries, their postings and the balance deltas in one statement (data-modifying
-- CTEs; foreign keys are checked at its end). Credits and debits land on slot 0: the batch holds every
-- slot's lock. Entry ids come from the identity sequence in input order.
CREATE FUNCTION ledger_write_batch(entries_in jsonb, lines_in jsonb, deltas_in jsonb)
RETURNS TABLE (out_ord int, out_id bigint)
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
    WITH e_in AS (
      SELECT * FROM jsonb_to_recordset(entries_in)
        AS x(ord int, kind text, reference text, value_date timestamptz, details jsonb)
    ), ids AS MATERIALIZED (
      SELECT e_in.ord, nextval(pg_get_serial_sequence('journal_entries', 'id')) AS id FROM e_in ORDER BY e_in.ord
    ), new_entries AS (
      INSERT INTO journal_entries (id, kind, reference, value_date, details)
      SELECT ids.id, e_in.kind, e_in.reference, e_in.value_date, e_in.details
        FROM e_in JOIN ids ON ids.ord = e_in.ord
      RETURNING 1
    ), new_lines AS (
      INSERT INTO postings (entry_id, account_id, currency, amount, value_date)
      SELECT ids.id, l.account_id, l.currency, l.amount, l.value_date
        FROM jsonb_to_recordset(lines_in)
          AS l(ord int, account_id bigint, currency text, amount bigint, value_date timestamptz)
        JOIN ids ON ids.ord = l.ord
      RETURNING 1
    ), moved AS (
      UPDATE ledger_balances b SET balance = b.balance + v.delta
        FROM jsonb_to_recordset(deltas_in) AS v(account_id bigint, delta bigint)
       WHERE b.account_id = v.account_id AND b.slot = 0
      RETURNING 1
    )
    SELECT ids.ord, ids.id FROM ids ORDER BY ids.ord;
END $$;
