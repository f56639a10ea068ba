import { postingsBalance } from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import * as repo from './ledger.repo.ts';
import type { EntryInput } from './ledger.service.ts';

/**
 * Posts many entries in one go (imports, demo history): a handful of statements instead of five
 * per entry. Rules are the same as one by one: each entry balances per currency, no debit of a
 * closed or inactive wallet, and, replaying the entries in the given order from the locked
 * balances, no wallet account's available balance ever goes below zero.
 */
export async function postBatch(tx: Tx, entries: readonly EntryInput[], now: Date): Promise<number[]> {
  if (entries.length === 0) return [];
  const accountIds = [...new Set(entries.flatMap((e) => e.postings.map((p) => p.accountId)))];
  const accounts = new Map((await repo.findAccounts(tx, accountIds)).map((a) => [a.id, a]));
  const pairs: [number, number][] = [];
  for (const id of accountIds.sort((a, b) => a - b)) {
    const account = accounts.get(id);
    if (!account) throw new Error(`ledger account ${id} does not exist`);
    for (let s = 0; s < account.slots; s++) pairs.push([id, s]);
  }
  const locked = await repo.lockSlots(tx, pairs);
  const running = new Map<number, bigint>();
  for (const r of locked) running.set(r.accountId, (running.get(r.accountId) ?? 0n) + r.balance - r.held);

  const ids = await repo.nextEntryIds(tx, entries.length);
  const postingRows: {
    entryId: number;
    accountId: number;
    currency: string;
    amount: bigint;
    valueDate: Date;
  }[] = [];
  const entryRows = entries.map((e, i) => {
    const entryId = ids[i] ?? 0;
    const valueDate = e.valueDate ?? now;
    const lines = e.postings.map((p) => ({ ...p, currency: accounts.get(p.accountId)?.currency ?? '' }));
    if (!postingsBalance(lines) || lines.some((p) => p.amount === 0n))
      throw new Error(`batch entry ${i} does not balance`);
    for (const p of lines) {
      const account = accounts.get(p.accountId);
      if (!account) throw new Error('account vanished');
      if (account.walletStatus === 0) throw new DomainError('WALLET_CLOSED');
      if (p.amount < 0n && account.walletStatus !== null && account.walletStatus !== 1) {
        throw new DomainError('WALLET_NOT_ACTIVE', { status: 'disabled' });
      }
      const next = (running.get(p.accountId) ?? 0n) + p.amount;
      running.set(p.accountId, next);
      postingRows.push({
        entryId,
        accountId: p.accountId,
        currency: p.currency,
        amount: p.amount,
        valueDate,
      });
    }
    for (const p of lines) {
      if (!accounts.get(p.accountId)?.allowNegative && (running.get(p.accountId) ?? 0n) < 0n) {
        throw new DomainError('INSUFFICIENT_FUNDS');
      }
    }
    return {
      id: entryId,
      kind: e.kind,
      reference: e.reference ?? null,
      valueDate,
      details: e.details ?? {},
      ...(e.bookedAt ? { createdAt: e.bookedAt } : {}),
    };
  });

  await repo.insertEntriesWithIds(tx, entryRows);
  await repo.insertPostings(tx, postingRows);
  const net = new Map<number, bigint>();
  for (const p of postingRows) net.set(p.accountId, (net.get(p.accountId) ?? 0n) + p.amount);
  await repo.applySlotDeltas(
    tx,
    [...net].map(([accountId, delta]) => ({ accountId, slot: 0, balance: delta, held: 0n })),
  );
  return ids;
}
