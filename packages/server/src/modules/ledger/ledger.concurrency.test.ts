import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/tx.ts';
import { service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import { makeCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ledgerInvariants } from './ledger.test-helpers.ts';

// PGlite is one connection, so nothing there runs at the same instant: this needs PostgreSQL.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'ledger under concurrent load (PostgreSQL; skipped without TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    const wallets: { id: number; account: number }[] = [];
    let payout = 0;

    beforeAll(async () => {
      t = await createTestApp();
      const company = await makeCompany(t);
      const ws = service(t.deps, 'wallets');
      await inTransaction(t.deps.db, async (tx) => {
        for (let i = 0; i < 5; i++) {
          const w = await ws.openWallet(tx, { merchantId: company.id, currency: 'EUR', platform: 'UK' });
          wallets.push({ id: w.id, account: await service(t.deps, 'ledger').walletAccount(tx, w.id, 'EUR') });
          // Wallet 0 holds exactly three withdrawals' worth; the others 1000.00 each.
          await ws.recordPayIn(tx, {
            walletId: w.id,
            currency: 'EUR',
            amount: i === 0 ? 30_000n : 100_000n,
            reference: `seed-${w.id}`,
          });
        }
        payout = await service(t.deps, 'ledger').systemAccount(tx, 'payout_clearing', 'EUR');
      });
    });
    afterAll(() => t.close());

    const walletSum = async () => {
      const ledger = service(t.deps, 'ledger');
      let sum = 0n;
      for (const w of wallets) sum += (await ledger.balances(t.deps.db, w.id))[0]?.balance ?? 0n;
      return sum;
    };

    it('conserves money, allows exactly the affordable withdrawals and never overdraws', async () => {
      const ledger = service(t.deps, 'ledger');
      const before = await walletSum();
      const outcome = async (fn: () => Promise<unknown>) => {
        try {
          await fn();
          return 'ok';
        } catch (err) {
          if (err instanceof DomainError && err.code === 'INSUFFICIENT_FUNDS') return 'refused';
          throw err;
        }
      };
      const withdraw = (w: { account: number }) =>
        outcome(() =>
          inTransaction(t.deps.db, (tx) =>
            ledger.postEntry(tx, {
              kind: 'payout',
              postings: [
                { accountId: w.account, amount: -10_000n },
                { accountId: payout, amount: 10_000n },
              ],
            }),
          ),
        );
      const transfer = (i: number) => {
        const from = wallets[1 + (i % 4)];
        const to = wallets[1 + ((i * 7 + 3) % 4)];
        if (!from || !to || from === to) return Promise.resolve('skip');
        const amount = BigInt(1 + ((i * 7919) % 40_000));
        return outcome(() =>
          inTransaction(t.deps.db, (tx) =>
            ledger.postEntry(tx, {
              kind: 'transfer',
              postings: [
                { accountId: from.account, amount: -amount },
                { accountId: to.account, amount },
              ],
            }),
          ),
        );
      };
      const w0 = wallets[0];
      if (!w0) throw new Error('no wallet');
      // Twelve full-balance-share withdrawals from wallet 0 at the same instant, among 300 transfers.
      const results = await Promise.all([
        ...Array.from({ length: 12 }, () => withdraw(w0)),
        ...Array.from({ length: 300 }, (_, i) => transfer(i)),
      ]);
      const withdrawals = results.slice(0, 12);
      expect(withdrawals.filter((r) => r === 'ok')).toHaveLength(3);
      expect(withdrawals.filter((r) => r === 'refused')).toHaveLength(9);
      expect(await walletSum()).toBe(before - 30_000n);
      expect(await ledgerInvariants(t)).toEqual({ unbalanced: [], drift: [], negative: [], grandTotal: 0n });
    });

    it('concurrent duplicates of one pay-in move money once', async () => {
      const w = wallets[1];
      if (!w) throw new Error('no wallet');
      const before = (await service(t.deps, 'ledger').balances(t.deps.db, w.id))[0]?.balance ?? 0n;
      const posted = await Promise.all(
        Array.from({ length: 10 }, () =>
          inTransaction(t.deps.db, (tx) =>
            service(t.deps, 'wallets').recordPayIn(tx, {
              walletId: w.id,
              currency: 'EUR',
              amount: 777n,
              reference: 'dup-1',
            }),
          ),
        ),
      );
      expect(new Set(posted.map((p) => p.id)).size).toBe(1);
      expect(posted.filter((p) => !p.replayed)).toHaveLength(1);
      expect((await service(t.deps, 'ledger').balances(t.deps.db, w.id))[0]?.balance).toBe(before + 777n);
    });
  },
);
