import { randomBytes } from 'node:crypto';
import {
  base58CheckEncode,
  NETWORKS,
  type OnchainNetwork,
  segwitEncode,
  toChecksumAddress,
} from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { DbOrTx } from '../../db/client.ts';
import { onchainSimState, onchainSimTxs } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';

export type TxFate = 'ok' | 'drop' | 'fail';

/** What the node says about a transaction. */
export interface TxStatus {
  /** mempool: broadcast, not mined; confirmed: in a block (count below); dropped / failed: final. */
  state: 'unknown' | 'mempool' | 'confirmed' | 'dropped' | 'failed';
  confirmations: number;
  required: number;
}

export interface ChainTx {
  hash: string;
  network: OnchainNetwork;
  asset: string;
  toAddress: string;
  amount: bigint;
  status: TxStatus;
}

export interface SendInput {
  network: OnchainNetwork;
  asset: string;
  to: string;
  amount: bigint;
}

/**
 * A blockchain node per network behind one interface (design §8). Every call takes the caller's
 * database handle so the simulator's chain lives in the same database (several server processes
 * see one chain) and a broadcast commits or rolls back with the transfer that makes it.
 * A node outage answers ONCHAIN_NODE_UNAVAILABLE (424) and changes nothing.
 */
export interface Blockchain {
  /** A fresh deposit address of the network (valid checksum). */
  newAddress(network: OnchainNetwork): string;
  broadcast(db: DbOrTx, tx: SendInput): Promise<string>;
  status(db: DbOrTx, hash: string): Promise<TxStatus>;
  find(db: DbOrTx, hash: string): Promise<ChainTx | null>;
  /** Replace-by-fee cancel: possible only while unconfirmed; true when the tx will never confirm. */
  cancel(db: DbOrTx, hash: string): Promise<boolean>;
  /** Throws the 424 while the node is unreachable. */
  assertAvailable(db: DbOrTx, network: OnchainNetwork): Promise<void>;
}

/** Simulator controls (tests, operator, journey). */
export interface BlockchainSimulator extends Blockchain {
  /** A counterparty sends coins to an address (escrow deposits, wallet top-ups). */
  deposit(db: DbOrTx, tx: SendInput): Promise<string>;
  setState(db: DbOrTx, s: Partial<SimState>): Promise<SimState>;
  state(db: DbOrTx): Promise<SimState>;
}

export interface SimState {
  outage: boolean;
  nextFate: TxFate;
  /** Treat the UK on-chain window as open (demo and journeys outside UK morning hours). */
  windowOpen: boolean;
}

/** A dropped transaction leaves the mempool after this many block times without being mined. */
const DROP_AFTER_BLOCKS = 3;

function randomHash(network: OnchainNetwork): string {
  const hex = randomBytes(32).toString('hex');
  return network === 'ethereum' ? `0x${hex}` : hex;
}

export function randomAddress(network: OnchainNetwork): string {
  const key = randomBytes(network === 'bitcoin' ? 20 : 20);
  if (network === 'ethereum') return toChecksumAddress(`0x${key.toString('hex')}`);
  if (network === 'tron') return base58CheckEncode(0x41, key);
  return segwitEncode('bc', 0, key);
}

/**
 * The simulator: transactions are rows; a broadcast is mined in the next block and gains one
 * confirmation per simulated block time of its network (NETWORKS[n].simBlockSeconds), counted from
 * the clock, so tests move time and browsers see the count go up. The fate of the next broadcast
 * can be set (drop, fail) and the node can be switched off (424).
 */
export function createBlockchainSimulator(clock: Clock): BlockchainSimulator {
  async function state(db: DbOrTx): Promise<SimState> {
    const [row] = await db.select().from(onchainSimState).where(eq(onchainSimState.id, 1));
    return {
      outage: row?.outage ?? false,
      nextFate: (row?.nextFate ?? 'ok') as TxFate,
      windowOpen: row?.windowOpen ?? false,
    };
  }

  async function assertAvailable(db: DbOrTx, network: OnchainNetwork) {
    if ((await state(db)).outage) {
      throw new DomainError('ONCHAIN_NODE_UNAVAILABLE', { network: NETWORKS[network].label });
    }
  }

  function statusOf(row: typeof onchainSimTxs.$inferSelect): TxStatus {
    const net = NETWORKS[row.network];
    const blocks = Math.floor(
      (clock.now().getTime() - row.broadcastAt.getTime()) / (net.simBlockSeconds * 1000),
    );
    const required = net.requiredConfirmations;
    if (row.fate === 'drop') {
      return { state: blocks >= DROP_AFTER_BLOCKS ? 'dropped' : 'mempool', confirmations: 0, required };
    }
    if (blocks <= 0) return { state: 'mempool', confirmations: 0, required };
    if (row.fate === 'fail') return { state: 'failed', confirmations: blocks, required };
    return { state: 'confirmed', confirmations: blocks, required };
  }

  async function insert(db: DbOrTx, tx: SendInput, fate: TxFate): Promise<string> {
    const hash = randomHash(tx.network);
    await db.insert(onchainSimTxs).values({
      hash,
      network: tx.network,
      asset: tx.asset,
      toAddress: tx.to,
      amount: tx.amount,
      fate,
      broadcastAt: clock.now(),
    });
    return hash;
  }

  return {
    newAddress: randomAddress,
    assertAvailable,
    state,

    async broadcast(db, tx) {
      await assertAvailable(db, tx.network);
      const { nextFate } = await state(db);
      if (nextFate !== 'ok')
        await db.update(onchainSimState).set({ nextFate: 'ok' }).where(eq(onchainSimState.id, 1));
      return insert(db, tx, nextFate);
    },

    async deposit(db, tx) {
      return insert(db, tx, 'ok');
    },

    async status(db, hash) {
      const [row] = await db.select().from(onchainSimTxs).where(eq(onchainSimTxs.hash, hash));
      if (!row) return { state: 'unknown', confirmations: 0, required: 0 };
      await assertAvailable(db, row.network);
      return statusOf(row);
    },

    async find(db, hash) {
      const [row] = await db
        .select()
        .from(onchainSimTxs)
        .where(sql`lower(${onchainSimTxs.hash}) = lower(${hash})`);
      if (!row) return null;
      await assertAvailable(db, row.network);
      return {
        hash: row.hash,
        network: row.network,
        asset: row.asset,
        toAddress: row.toAddress,
        amount: row.amount,
        status: statusOf(row),
      };
    },

    async cancel(db, hash) {
      const [row] = await db.select().from(onchainSimTxs).where(eq(onchainSimTxs.hash, hash));
      if (!row) return true;
      await assertAvailable(db, row.network);
      const s = statusOf(row);
      if (s.state === 'confirmed' || s.state === 'failed') return false;
      await db
        .update(onchainSimTxs)
        .set({ fate: 'drop', broadcastAt: new Date(0) })
        .where(eq(onchainSimTxs.hash, hash));
      return true;
    },

    async setState(db, s) {
      await db
        .update(onchainSimState)
        .set({
          ...(s.outage !== undefined ? { outage: s.outage } : {}),
          ...(s.nextFate !== undefined ? { nextFate: s.nextFate } : {}),
          ...(s.windowOpen !== undefined ? { windowOpen: s.windowOpen } : {}),
        })
        .where(eq(onchainSimState.id, 1));
      return state(db);
    },
  };
}
