import { inTransaction } from '../../db/tx.ts';
import { service } from '../../deps.ts';
import { makeCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ledgerInvariants as readLedgerInvariants } from '../../ops/invariants.ts';

/**
 * The ledger's invariants, read straight from the tables by the same queries the backup and chaos
 * checks use (ops/invariants.ts): the offending entry and account ids and the grand total, so a
 * failing test names them; compare with `INVARIANTS_HOLD`.
 */
export async function ledgerInvariants(t: TestApp) {
  const { offending, grandTotal } = await readLedgerInvariants(t.deps.database);
  return {
    unbalanced: offending.unbalancedEntries,
    drift: offending.driftingAccounts,
    negative: offending.negativeAccounts,
    grandTotal,
  };
}

/** What `ledgerInvariants` reads when every invariant holds. */
export const INVARIANTS_HOLD = { unbalanced: [], drift: [], negative: [], grandTotal: 0n };

export interface LoadWallet {
  id: number;
  /** The wallet's EUR ledger account. */
  account: number;
}

export type LoadTestApp = TestApp & { wallets: LoadWallet[]; payout: number };

/**
 * A test app set up for the ledger load tests: five EUR wallets of one company — wallet 0 holds
 * exactly three 100.00 withdrawals' worth, the others 1000.00 each — and the EUR payout clearing
 * account.
 */
export async function createLoadTestApp(): Promise<LoadTestApp> {
  const t = await createTestApp();
  const company = await makeCompany(t);
  const ws = service(t.deps, 'wallets');
  const ledger = service(t.deps, 'ledger');
  const wallets: LoadWallet[] = [];
  const payout = await inTransaction(t.deps.db, async (tx) => {
    for (let i = 0; i < 5; i++) {
      const w = await ws.openWallet(tx, { merchantId: company.id, currency: 'EUR', platform: 'UK' });
      wallets.push({ id: w.id, account: await ledger.walletAccount(tx, w.id, 'EUR') });
      await ws.recordPayIn(tx, {
        walletId: w.id,
        currency: 'EUR',
        amount: i === 0 ? 30_000n : 100_000n,
        reference: `seed-${w.id}`,
      });
    }
    return ledger.systemAccount(tx, 'payout_clearing', 'EUR');
  });
  return Object.assign(t, { wallets, payout });
}

/** Postings of a 100.00 withdrawal from `wallet` into the payout clearing account. */
export const withdrawalPostings = (wallet: LoadWallet, payout: number) => [
  { accountId: wallet.account, amount: -10_000n },
  { accountId: payout, amount: 10_000n },
];

/**
 * Postings of the `i`-th transfer of a load run: between wallets 1-4 (wallet 0 is left to the
 * withdrawals), 0.01 to 400.00; undefined where the two wallets would be the same.
 */
export function loadTransferPostings(wallets: LoadWallet[], i: number) {
  const from = wallets[1 + (i % 4)];
  const to = wallets[1 + ((i * 7 + 3) % 4)];
  if (!from || !to || from === to) return undefined;
  const amount = BigInt(1 + ((i * 7919) % 40_000));
  return [
    { accountId: from.account, amount: -amount },
    { accountId: to.account, amount },
  ];
}
