import {
  type EntryKind,
  type HoldKind,
  postingsBalance,
  type SystemAccountKind,
  WALLET_STATUS,
} from '@portal/domain';
import type { Clock } from '../../clock.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { EntryDetails } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import { createBalanceReader } from './ledger-balances.service.ts';
import * as repo from './ledger.repo.ts';

export interface PostingInput {
  accountId: number;
  /** Signed minor units from the account holder's view: + money in, − money out. */
  amount: bigint;
}

export interface EntryInput {
  kind: EntryKind;
  /** Posts once per (kind, reference): a retry with the same postings returns the first entry. */
  reference?: string | null;
  /** Effective date of the movement (statements, daily balances); now when absent. */
  valueDate?: Date;
  /**
   * Booking time, for a history posted after the fact (demo history, imports through `postBatch`):
   * its booking date is the day it happened, not the day it was loaded. Now when absent.
   */
  bookedAt?: Date;
  details?: EntryDetails;
  postings: PostingInput[];
}

export interface PostedEntry {
  id: number;
  /** True when (kind, reference) was already posted with the same postings and nothing moved now. */
  replayed: boolean;
}

export type { CurrencyBalances } from './ledger-balances.service.ts';

/** Balance rows of system accounts: concurrent writers spread over them (docs/decisions.md). */
export const SYSTEM_ACCOUNT_SLOTS = 16;
const STATUS_NAMES = ['closed', 'active', 'disabled'] as const;

export type LedgerService = ReturnType<typeof createLedgerService>;

/**
 * The ledger (design §5). Every function takes the caller's transaction, so a payment writes its
 * own rows and the money movement atomically; callers open it with `inTransaction`, which retries
 * serialization failures and deadlocks.
 */
export function createLedgerService(deps: { clock: Clock }) {
  const { clock } = deps;

  async function post(
    tx: Tx,
    input: EntryInput,
    opts: { release?: { accountId: number; amount: bigint }; reversesEntryId?: number } = {},
  ): Promise<PostedEntry> {
    if (input.postings.length < 2 || input.postings.some((p) => p.amount === 0n)) {
      throw new Error('a journal entry needs at least two non-zero postings');
    }
    const reference = input.reference ?? null;
    const valueDate = input.valueDate ?? clock.now();
    // The entry row goes first: a concurrent duplicate waits on the unique index here, before any
    // balance lock, and then finds the winner's entry instead of moving money twice.
    const entryId = await repo.insertEntry(tx, {
      kind: input.kind,
      reference,
      valueDate,
      reversesEntryId: opts.reversesEntryId ?? null,
      details: input.details ?? {},
    });
    if (entryId === undefined) return duplicate(tx, input, opts.reversesEntryId);

    const accounts = new Map(
      (await repo.findAccounts(tx, [...new Set(input.postings.map((p) => p.accountId))])).map((a) => [
        a.id,
        a,
      ]),
    );
    const withCurrency = input.postings.map((p) => {
      const account = accounts.get(p.accountId);
      if (!account) throw new Error(`ledger account ${p.accountId} does not exist`);
      return { ...p, currency: account.currency };
    });
    if (!postingsBalance(withCurrency)) throw new Error('journal entry does not balance per currency');

    const net = new Map<number, bigint>();
    for (const p of input.postings) net.set(p.accountId, (net.get(p.accountId) ?? 0n) + p.amount);
    if (opts.release && !net.has(opts.release.accountId)) net.set(opts.release.accountId, 0n);

    // Which balance rows to lock: a checked debit locks every slot of its account (it needs the
    // total); anything else books to one slot, spread at random over a split (hot) account.
    const pairs: [number, number][] = [];
    const target = new Map<number, number>();
    const checked = new Set<number>();
    for (const [accountId, delta] of net) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`ledger account ${accountId} does not exist`);
      assertWalletAccepts(account, delta);
      if ((delta < 0n || opts.release?.accountId === accountId) && !account.allowNegative) {
        checked.add(accountId);
        for (let s = 0; s < account.slots; s++) pairs.push([accountId, s]);
        target.set(accountId, 0);
      } else {
        const slot = account.slots > 1 ? Math.floor(Math.random() * account.slots) : 0;
        pairs.push([accountId, slot]);
        target.set(accountId, slot);
      }
    }
    pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const locked = await repo.lockSlots(tx, pairs);

    for (const accountId of checked) {
      const rows = locked.filter((r) => r.accountId === accountId);
      const balance = rows.reduce((s, r) => s + r.balance, 0n);
      const released = opts.release?.accountId === accountId ? opts.release.amount : 0n;
      const held = rows.reduce((s, r) => s + r.held, 0n) - released;
      if (balance + (net.get(accountId) ?? 0n) - held < 0n) throw new DomainError('INSUFFICIENT_FUNDS');
    }

    await repo.insertPostings(
      tx,
      withCurrency.map((p) => ({
        entryId,
        accountId: p.accountId,
        currency: p.currency,
        amount: p.amount,
        valueDate,
      })),
    );
    await repo.applySlotDeltas(
      tx,
      [...net].map(([accountId, delta]) => ({
        accountId,
        slot: target.get(accountId) ?? 0,
        balance: delta,
        held: opts.release?.accountId === accountId ? -opts.release.amount : 0n,
      })),
    );
    return { id: entryId, replayed: false };
  }

  /** The entry already exists: same postings → replay it; other postings → conflict. */
  async function duplicate(
    tx: Tx,
    input: EntryInput,
    reversesEntryId: number | undefined,
  ): Promise<PostedEntry> {
    if (reversesEntryId !== undefined) throw new DomainError('ENTRY_ALREADY_REVERSED');
    const existing = input.reference
      ? await repo.findEntryByReference(tx, input.kind, input.reference)
      : undefined;
    if (!existing) throw new Error('journal entry insert conflicted without a reference');
    const key = (ps: readonly PostingInput[]) =>
      ps
        .map((p) => `${p.accountId}:${p.amount}`)
        .sort()
        .join(',');
    if (key(await repo.entryPostings(tx, existing.id)) !== key(input.postings)) {
      throw new DomainError('LEDGER_REFERENCE_CONFLICT');
    }
    return { id: existing.id, replayed: true };
  }

  function assertWalletAccepts(account: repo.AccountRow, delta: bigint): void {
    if (account.walletStatus === null) return;
    if (account.walletStatus === WALLET_STATUS.closed) throw new DomainError('WALLET_CLOSED');
    if (delta < 0n && account.walletStatus !== WALLET_STATUS.active) {
      throw new DomainError('WALLET_NOT_ACTIVE', {
        status: STATUS_NAMES[account.walletStatus] ?? 'inactive',
      });
    }
  }

  async function walletAccount(
    tx: DbOrTx,
    walletId: number,
    currency: string,
    merchantId?: string,
  ): Promise<number> {
    const found = await repo.findWalletAccount(tx, walletId, currency);
    if (found !== undefined) return found;
    const owner = merchantId ?? (await walletOwner(tx, walletId));
    const created = await repo.insertAccount(tx, {
      kind: 'wallet',
      walletId,
      merchantId: owner,
      currency,
      allowNegative: false,
      slots: 1,
    });
    const id = created ?? (await repo.findWalletAccount(tx, walletId, currency));
    if (id === undefined) throw new Error('wallet account not created');
    return id;
  }

  async function walletOwner(tx: DbOrTx, walletId: number): Promise<string> {
    const owner = await repo.walletOwner(tx, walletId);
    if (owner === undefined) throw new DomainError('WALLET_NOT_FOUND');
    return owner;
  }

  async function systemAccount(tx: DbOrTx, kind: SystemAccountKind, currency: string): Promise<number> {
    const found = await repo.findSystemAccount(tx, kind, currency);
    if (found !== undefined) return found;
    const created = await repo.insertAccount(tx, {
      kind,
      walletId: null,
      merchantId: null,
      currency,
      allowNegative: true,
      slots: SYSTEM_ACCOUNT_SLOTS,
    });
    const id = created ?? (await repo.findSystemAccount(tx, kind, currency));
    if (id === undefined) throw new Error('system account not created');
    return id;
  }

  return {
    postEntry: (tx: Tx, input: EntryInput) => post(tx, input),

    /**
     * Reserves `amount` of a wallet's available balance (a pending payout, a block). Refuses with
     * INSUFFICIENT_FUNDS when available (balance − holds) is below it.
     */
    async placeHold(
      tx: Tx,
      h: { walletId: number; currency: string; amount: bigint; reference?: string | null; kind?: HoldKind },
    ): Promise<number> {
      if (h.amount <= 0n) throw new Error('a hold must be positive');
      // One statement reads a wallet account in use and locks its balance rows; a first use creates
      // the account before it.
      let found = await repo.lockWalletAccount(tx, h.walletId, h.currency);
      if (!found) {
        await walletAccount(tx, h.walletId, h.currency);
        found = await repo.lockWalletAccount(tx, h.walletId, h.currency);
      }
      if (!found) throw new Error('account vanished');
      const { account, slots: locked } = found;
      const accountId = account.id;
      assertWalletAccepts(account, -h.amount);
      const available = locked.reduce((s, r) => s + r.balance - r.held, 0n);
      if (available < h.amount) throw new DomainError('INSUFFICIENT_FUNDS');
      const id = await repo.insertHold(tx, {
        accountId,
        kind: h.kind ?? 'pending',
        amount: h.amount,
        reference: h.reference ?? null,
      });
      return id;
    },

    /**
     * Holds for many payments at once (a bulk chunk): each wallet account's balance rows are locked
     * once, holds are granted in the given order while the available balance covers them, and the
     * rest are refused alone (null) — as the same holds placed one by one would be. Three statements
     * per chunk, plus one per wallet account not looked up before.
     */
    async placeHolds(
      tx: Tx,
      holds: readonly { walletId: number; currency: string; amount: bigint; reference: string }[],
    ): Promise<(number | null)[]> {
      if (holds.length === 0) return [];
      const accountOf = new Map<string, number>();
      for (const h of holds) {
        if (h.amount <= 0n) throw new Error('a hold must be positive');
        const key = `${h.walletId}:${h.currency}`;
        if (!accountOf.has(key)) accountOf.set(key, await walletAccount(tx, h.walletId, h.currency));
      }
      const accounts = await repo.findAccounts(tx, [...new Set(accountOf.values())]);
      const available = new Map<number, bigint>();
      const slots = accounts.flatMap((a) => Array.from({ length: a.slots }, (_, s) => [a.id, s] as const));
      for (const r of await repo.lockSlots(tx, slots))
        available.set(r.accountId, (available.get(r.accountId) ?? 0n) + r.balance - r.held);
      const byId = new Map(accounts.map((a) => [a.id, a]));
      const granted: { index: number; accountId: number; amount: bigint; reference: string }[] = [];
      const heldPer = new Map<number, bigint>();
      holds.forEach((h, index) => {
        const accountId = accountOf.get(`${h.walletId}:${h.currency}`) as number;
        const account = byId.get(accountId);
        if (!account) throw new Error('account vanished');
        assertWalletAccepts(account, -h.amount);
        const left = available.get(accountId) ?? 0n;
        if (left < h.amount) return;
        available.set(accountId, left - h.amount);
        heldPer.set(accountId, (heldPer.get(accountId) ?? 0n) + h.amount);
        granted.push({ index, accountId, amount: h.amount, reference: h.reference });
      });
      const ids = await repo.insertHolds(
        tx,
        granted.map((g) => ({
          accountId: g.accountId,
          kind: 'pending',
          amount: g.amount,
          reference: g.reference,
        })),
      );
      await repo.applySlotDeltas(
        tx,
        [...heldPer].map(([accountId, held]) => ({ accountId, slot: 0, balance: 0n, held })),
      );
      const out: (number | null)[] = holds.map(() => null);
      granted.forEach((g, i) => {
        out[g.index] = ids[i] ?? null;
      });
      return out;
    },

    /** Gives a held amount back to the available balance. */
    async releaseHold(tx: Tx, holdId: number): Promise<void> {
      const hold = await repo.closeHold(tx, holdId, 'released', clock.now());
      if (!hold) throw new DomainError('HOLD_NOT_OPEN');
      await repo.lockSlots(tx, [[hold.accountId, 0]]);
      await repo.applySlotDeltas(tx, [
        { accountId: hold.accountId, slot: 0, balance: 0n, held: -hold.amount },
      ]);
    },

    /**
     * Turns a hold into postings: the wallet is debited the held amount; `fee.amount` of it goes to
     * `fee.account` and the rest to `counterAccount` (the fee is inside the hold).
     */
    async settleHold(
      tx: Tx,
      holdId: number,
      s: {
        counterAccount: number;
        fee?: { amount: bigint; account: number };
        kind?: EntryKind;
        reference?: string | null;
        valueDate?: Date;
        details?: EntryDetails;
      },
    ): Promise<PostedEntry> {
      const hold = await repo.closeHold(tx, holdId, 'settled', clock.now());
      if (!hold) throw new DomainError('HOLD_NOT_OPEN');
      const fee = s.fee && s.fee.amount > 0n ? s.fee : undefined;
      if (fee && fee.amount >= hold.amount) throw new Error('the fee must be less than the held amount');
      const postings: PostingInput[] = [
        { accountId: hold.accountId, amount: -hold.amount },
        { accountId: s.counterAccount, amount: hold.amount - (fee?.amount ?? 0n) },
        ...(fee ? [{ accountId: fee.account, amount: fee.amount }] : []),
      ];
      const entry = await post(
        tx,
        {
          kind: s.kind ?? 'payout',
          reference: s.reference ?? hold.reference,
          postings,
          ...(s.valueDate ? { valueDate: s.valueDate } : {}),
          ...(s.details ? { details: s.details } : {}),
        },
        { release: { accountId: hold.accountId, amount: hold.amount } },
      );
      await repo.setHoldEntry(tx, holdId, entry.id);
      return entry;
    },

    /** A correction: a new entry with every posting negated (append-only; once per entry). */
    async reverse(tx: Tx, entryId: number, reason: string): Promise<PostedEntry> {
      const original = await repo.findEntry(tx, entryId);
      if (!original) throw new DomainError('NOT_FOUND');
      const lines = await repo.entryPostings(tx, entryId);
      return post(
        tx,
        {
          kind: 'reversal',
          reference: null,
          details: {
            ...original.details,
            reason,
            description: `Reversal of ${original.kind} ${original.reference ?? original.id}`,
          },
          postings: lines.map((p) => ({ accountId: p.accountId, amount: -p.amount })),
        },
        { reversesEntryId: entryId },
      );
    },

    systemAccount,
    walletAccount,

    ...createBalanceReader(clock),
  };
}
