import { inTransaction } from '../../db/tx.ts';
import { service } from '../../deps.ts';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import type { TestApp } from '../../test/test-app.ts';

/** A company with EUR and GBP wallets funded by pay-ins, and a member user's token. */
export async function fundedCompany(t: TestApp, opts: { eur?: bigint; gbp?: bigint; valueDate?: Date } = {}) {
  const company = await makeCompany(t);
  const { token, user } = await makeUser(t, { merchantId: company.id });
  const wallets = service(t.deps, 'wallets');
  const [eur, gbp] = await inTransaction(t.deps.db, (tx) =>
    wallets.openCompanyWallets(tx, { merchantId: company.id, currencies: ['GBP', 'EUR'], platform: 'UK' }),
  );
  if (!eur || !gbp) throw new Error('wallets not opened');
  await inTransaction(t.deps.db, async (tx) => {
    const date = opts.valueDate ? { valueDate: opts.valueDate } : {};
    await wallets.recordPayIn(tx, {
      walletId: eur.id,
      currency: 'EUR',
      amount: opts.eur ?? 100_000n,
      reference: `in-${eur.uuid}`,
      ...date,
      details: { counterparty: 'Northwind' },
    });
    await wallets.recordPayIn(tx, {
      walletId: gbp.id,
      currency: 'GBP',
      amount: opts.gbp ?? 50_000n,
      reference: `in-${gbp.uuid}`,
      ...date,
    });
  });
  return { company, token, user, eur, gbp };
}

/** Postings, balances and holds as the database holds them, for "changes nothing" checks. */
export async function ledgerSnapshot(t: TestApp) {
  const q = (text: string) => t.deps.database.query(text).then((r) => JSON.stringify(r.rows));
  return [
    await q('SELECT count(*)::text AS n FROM postings'),
    await q('SELECT account_id::text, slot, balance::text, held::text FROM ledger_balances ORDER BY 1, 2'),
    await q('SELECT id::text, ui_name, status FROM wallets ORDER BY id'),
    await q('SELECT count(*)::text AS n FROM ledger_holds'),
  ].join('|');
}
