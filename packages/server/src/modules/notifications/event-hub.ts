import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { afterCommit } from '../../http/idempotency.ts';
import * as repo from './notifications.repo.ts';

/** The one PostgreSQL channel every server process LISTENs on (payload: {"m": merchantId | "*", "k": kind}). */
export const PUSH_CHANNEL = 'portal_push';

/**
 * What changed: `payment` (a row in payment_events, sent by the 1200 trigger on commit) or a counter
 * another area owns (`messages`, `notices`, …): only the kind travels, the browser refetches.
 */
export type PushKind = string;
/** `session` is set on `session-ended` (a revoked session: its streams end). */
export type PushListener = (kind: PushKind, message: { session?: string }) => void;

export interface EventHub {
  /**
   * Tells every open stream of `merchantId` ('*' = every company) in every server process that
   * `kind` changed. Given a transaction the notice leaves on its commit and never on rollback.
   */
  publish(merchantId: string, kind: PushKind, tx?: DbOrTx): Promise<void>;
  /** Listens for one company's pushes (starts this process's LISTEN on first use). */
  subscribe(merchantId: string, listener: PushListener): () => void;
  /** Called after the LISTEN connection came back: notices sent meanwhile are lost, so re-read. */
  onReconnect(listener: () => void): () => void;
  /** Resolves once this process is LISTENing. */
  ready(): Promise<void>;
  stats(): { received: number; delivered: number; companies: number };
  close(): Promise<void>;
}

const hubs = new WeakMap<AppDeps, EventHub>();

/** The hub of an app (one per process and database). */
export function eventHub(deps: AppDeps): EventHub {
  let hub = hubs.get(deps);
  if (!hub) {
    hub = createEventHub(deps);
    hubs.set(deps, hub);
  }
  return hub;
}

function createEventHub(deps: AppDeps): EventHub {
  const byCompany = new Map<string, Set<PushListener>>();
  const reconnectListeners = new Set<() => void>();
  let received = 0;
  let delivered = 0;
  let listening: Promise<() => Promise<void>> | undefined;
  let closed = false;

  const dispatch = (payload: string) => {
    received += 1;
    let message: { m?: unknown; k?: unknown; s?: unknown };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    if (typeof message.m !== 'string' || typeof message.k !== 'string') return;
    const kind = message.k;
    const detail = typeof message.s === 'string' ? { session: message.s } : {};
    const targets = message.m === '*' ? [...byCompany.values()] : [byCompany.get(message.m)];
    for (const set of targets) {
      for (const listener of set ?? []) {
        delivered += 1;
        try {
          listener(kind, detail);
        } catch {
          // One broken stream must not stop the others.
        }
      }
    }
  };

  const start = () => {
    listening ??= deps.database.listen(PUSH_CHANNEL, dispatch, () => {
      for (const listener of reconnectListeners) listener();
    });
    return listening;
  };

  return {
    async publish(merchantId, kind, tx) {
      const payload = JSON.stringify({ m: merchantId, k: kind });
      if (tx) await repo.notify(tx, PUSH_CHANNEL, payload);
      // Without a transaction the notice goes on the pool: after the idempotent call commits.
      else
        await afterCommit(async () => {
          await repo.notifyNow(deps.database, PUSH_CHANNEL, payload);
        });
    },
    subscribe(merchantId, listener) {
      void start();
      let set = byCompany.get(merchantId);
      if (!set) {
        set = new Set();
        byCompany.set(merchantId, set);
      }
      set.add(listener);
      return () => {
        const current = byCompany.get(merchantId);
        current?.delete(listener);
        if (current?.size === 0) byCompany.delete(merchantId);
      };
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    async ready() {
      await start();
    },
    stats: () => ({ received, delivered, companies: byCompany.size }),
    async close() {
      if (closed) return;
      closed = true;
      byCompany.clear();
      const unlisten = await listening?.catch(() => undefined);
      await unlisten?.();
    },
  };
}
