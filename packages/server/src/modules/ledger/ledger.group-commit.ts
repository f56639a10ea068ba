import { postingsBalance, WALLET_STATUS } from '@portal/domain';
import type { Clock } from '../../clock.ts';
import type { Database, Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { DomainError } from '../../http/errors.ts';
import * as groupRepo from './ledger-group.repo.ts';
import type * as repo from './ledger.repo.ts';
import type { EntryInput, PostedEntry, PostingInput } from './ledger.service.ts';

/** At most this many transfers share one database transaction. */
export const GROUP_MAX = 256;
const STATUS_NAMES = ['closed', 'active', 'disabled'] as const;

interface Pending {
  input: EntryInput;
  resolve: (entry: PostedEntry) => void;
  reject: (err: unknown) => void;
}

/** What one transfer became inside a batch before the commit. */
type Outcome =
  | { kind: 'post'; index: number }
  | { kind: 'replay'; id: number }
  | { kind: 'same-as'; index: number }
  | { kind: 'fail'; error: unknown };

export interface GroupCommitStats {
  batches: number;
  transfers: number;
  /** Batches that hit an unexpected database error and were re-run one transfer at a time. */
  fallbacks: number;
}

/**
 * Group commit of standalone transfers (design: docs/decisions.md "Performance"). Transfers that
 * arrive while a batch is being written wait and form the next batch; each batch is ONE database
 * transaction that locks the balance rows of all its accounts in (account, slot) order in one
 * statement, checks every transfer in arrival order against the running balances in memory, and
 * writes the accepted ones in one statement (entries, postings and balance deltas as CTEs); on
 * PostgreSQL that is two round trips, `BEGIN; lock; references` and `write; COMMIT`. A transfer
 * that fails a check (overdraft, closed wallet, unbalanced, reference conflict) fails alone and
 * writes nothing; a (kind, reference) already posted replays. Each caller's promise settles only
 * after the commit. An unexpected database error (a unique race with a writer outside the batch, a
 * lost connection) re-runs that batch's transfers one by one through `postOne`, each in its own
 * transaction, so outcomes stay per transfer and exactly once.
 */
export function createGroupCommit(deps: {
  database: Database;
  clock: Clock;
  /** The one-transfer path (ledger.postEntry in a transaction of its own). */
  postOne: (tx: Tx, input: EntryInput) => Promise<PostedEntry>;
  /** Batches written at the same time (each on its own connection); PGlite has one. */
  concurrency?: number;
}) {
  const queue: Pending[] = [];
  const limit = Math.max(1, deps.concurrency ?? 1);
  let running = 0;
  const stats: GroupCommitStats = { batches: 0, transfers: 0, fallbacks: 0 };

  const drain = () => {
    while (running < limit && queue.length > 0) {
      const batch = queue.splice(0, GROUP_MAX);
      running += 1;
      void runBatch(batch).finally(() => {
        running -= 1;
        drain();
      });
    }
  };

  async function runBatch(batch: Pending[]): Promise<void> {
    stats.batches += 1;
    stats.transfers += batch.length;
    let outcomes: Outcome[];
    let ids: number[];
    try {
      const inputs = batch.map((p) => p.input);
      ({ outcomes, ids } =
        deps.database.driver === 'pg'
          ? await groupRepo.pipelinedBatch(deps.database, (session) => writeBatch(session, inputs))
          : await inTransaction(deps.database.db, (tx) =>
              writeBatch(groupRepo.transactionBatch(tx), inputs),
            ));
    } catch {
      stats.fallbacks += 1;
      await Promise.all(
        batch.map((p) =>
          inTransaction(deps.database.db, (tx) => deps.postOne(tx, p.input)).then(p.resolve, p.reject),
        ),
      );
      return;
    }
    for (const [i, p] of batch.entries()) {
      const o = outcomes[i];
      if (!o) p.reject(new Error('group commit lost a transfer'));
      else if (o.kind === 'fail') p.reject(o.error);
      else if (o.kind === 'replay') p.resolve({ id: o.id, replayed: true });
      else p.resolve({ id: ids[o.index] ?? 0, replayed: o.kind === 'same-as' });
    }
  }

  async function writeBatch(
    session: groupRepo.BatchSession,
    inputs: EntryInput[],
  ): Promise<{ outcomes: Outcome[]; ids: number[] }> {
    const now = deps.clock.now();
    const outcomes: Outcome[] = new Array(inputs.length);
    const accountIds = [...new Set(inputs.flatMap((e) => e.postings.map((p) => p.accountId)))].sort(
      (a, b) => a - b,
    );
    const references = inputs.flatMap((e) => (e.reference ? [{ kind: e.kind, reference: e.reference }] : []));
    // Every balance row of every account of the batch, locked in the one global order; then the
    // (kind, reference) pairs already posted (read after the locks: a same-account duplicate committed).
    const [lockRows = [], referenceRows = []] = await session.read([
      groupRepo.lockStatement(accountIds),
      ...(references.length > 0 ? [groupRepo.postedReferencesStatement(references)] : []),
    ]);
    const { accounts, available } = groupRepo.lockedAccounts(lockRows);
    const existing = groupRepo.postedReferences(referenceRows);

    const accepted: { input: EntryInput; lines: (PostingInput & { currency: string })[] }[] = [];
    const inBatch = new Map<string, number>();
    for (const [i, input] of inputs.entries()) {
      try {
        const key = input.reference ? groupRepo.referenceKey(input.kind, input.reference) : undefined;
        const prior = key === undefined ? undefined : existing.get(key);
        if (prior !== undefined) {
          if (prior.postingsKey !== groupRepo.postingsKey(input.postings))
            throw new DomainError('LEDGER_REFERENCE_CONFLICT');
          outcomes[i] = { kind: 'replay', id: prior.id };
          continue;
        }
        const first = key === undefined ? undefined : inBatch.get(key);
        if (first !== undefined) {
          const original = accepted[first]?.input.postings ?? [];
          if (groupRepo.postingsKey(original) !== groupRepo.postingsKey(input.postings))
            throw new DomainError('LEDGER_REFERENCE_CONFLICT');
          outcomes[i] = { kind: 'same-as', index: first };
          continue;
        }
        const lines = check(input, accounts, available);
        outcomes[i] = { kind: 'post', index: accepted.length };
        if (key !== undefined) inBatch.set(key, accepted.length);
        accepted.push({ input, lines });
      } catch (error) {
        outcomes[i] = { kind: 'fail', error };
      }
    }
    const written = await session.write(
      accepted.length === 0
        ? null
        : groupRepo.writeStatement(
            accepted.map(({ input, lines }) => ({
              kind: input.kind,
              reference: input.reference ?? null,
              valueDate: input.valueDate ?? now,
              details: input.details ?? {},
              postings: lines,
            })),
          ),
    );
    return { outcomes, ids: groupRepo.writtenIds(written) };
  }

  /** The rules of ledger.postEntry, against the batch's running available balances. */
  function check(
    input: EntryInput,
    accounts: Map<number, repo.AccountRow>,
    available: Map<number, bigint>,
  ): (PostingInput & { currency: string })[] {
    if (input.postings.length < 2 || input.postings.some((p) => p.amount === 0n))
      throw new Error('a journal entry needs at least two non-zero postings');
    const lines = input.postings.map((p) => {
      const account = accounts.get(p.accountId);
      if (!account) throw new Error(`ledger account ${p.accountId} does not exist`);
      return { ...p, currency: account.currency };
    });
    if (!postingsBalance(lines)) throw new Error('journal entry does not balance per currency');
    const net = new Map<number, bigint>();
    for (const p of lines) net.set(p.accountId, (net.get(p.accountId) ?? 0n) + p.amount);
    for (const [accountId, delta] of net) {
      const account = accounts.get(accountId) as repo.AccountRow;
      if (account.walletStatus !== null) {
        if (account.walletStatus === WALLET_STATUS.closed) throw new DomainError('WALLET_CLOSED');
        if (delta < 0n && account.walletStatus !== WALLET_STATUS.active)
          throw new DomainError('WALLET_NOT_ACTIVE', {
            status: STATUS_NAMES[account.walletStatus] ?? 'inactive',
          });
      }
      if (delta < 0n && !account.allowNegative && (available.get(accountId) ?? 0n) + delta < 0n)
        throw new DomainError('INSUFFICIENT_FUNDS');
    }
    for (const [accountId, delta] of net) available.set(accountId, (available.get(accountId) ?? 0n) + delta);
    return lines;
  }

  return {
    /** Posts one entry in a transaction shared with the other transfers of its batch. */
    transfer(input: EntryInput): Promise<PostedEntry> {
      return new Promise<PostedEntry>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        drain();
      });
    },
    stats: (): GroupCommitStats => ({ ...stats }),
  };
}
