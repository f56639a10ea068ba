import { isIP } from 'node:net';
import type { SecurityActionResult, SecurityActionType } from '@portal/domain';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import * as repo from './security.repo.ts';

export interface SecurityEvent {
  userId: string;
  action: SecurityActionType;
  result: SecurityActionResult;
  ip?: string | undefined;
  userAgent?: string | undefined;
  /** Catalogue code or short reason of a failure; never a password or code. */
  error?: string | undefined;
  impersonatorId?: string | null | undefined;
}

/** Runs in the transaction of a record, just before it is written (so it sees only earlier ones). */
export type SecurityListener = (db: DbOrTx, event: SecurityEvent, at: Date) => Promise<void>;

export interface SecurityHistoryService {
  /** Records an event; call it with the transaction of the change it describes. */
  record(db: DbOrTx, event: SecurityEvent): Promise<void>;
  /** Adds a listener of every record (the settings area queues the user's security notifications). */
  listen(listener: SecurityListener): void;
  list(
    userId: string,
    filter: {
      actionType?: string | null;
      actionResult?: SecurityActionResult | null;
      from?: Date;
      to?: Date;
    },
    page: number,
    rows: number,
  ): ReturnType<typeof repo.listRecords>;
}

type Lookup = (ip: string) => { country: string } | null;
let geoLookup: Promise<Lookup> | undefined;

/** Private, loopback and link-local addresses have no country; the database is not even loaded. */
function isPublicIp(ip: string): boolean {
  if (isIP(ip) === 4) {
    return !/^(10\.|127\.|0\.|169\.254\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.)/.test(
      ip,
    );
  }
  if (isIP(ip) === 6) return !/^(::1$|::$|fe80:|fc|fd|::ffff:(10|127|192\.168)\.)/i.test(ip);
  return false;
}

/** Country of an IP from geoip-lite's offline database (no network call), loaded on first use. */
export async function ipCountry(ip: string | undefined): Promise<string | null> {
  if (!ip || !isPublicIp(ip)) return null;
  geoLookup ??= import('geoip-lite').then((m) => (addr: string) => m.default.lookup(addr));
  return (await geoLookup)(ip)?.country || null;
}

export function createSecurityHistoryService(deps: { db: Db; clock: Clock }): SecurityHistoryService {
  const listeners: SecurityListener[] = [];
  return {
    async record(db, e) {
      const at = deps.clock.now();
      for (const listener of listeners) await listener(db, e, at);
      await repo.insertRecord(db, {
        userId: e.userId,
        actionType: e.action,
        actionResult: e.result,
        createdAt: at,
        ip: e.ip ?? null,
        ipCountry: await ipCountry(e.ip),
        userAgent: e.userAgent ? e.userAgent.slice(0, 500) : null,
        errors: e.error ?? null,
        impersonatorId: e.impersonatorId ?? null,
      });
    },
    listen(listener) {
      listeners.push(listener);
    },
    list: (userId, f, page, rows) =>
      repo.listRecords(
        deps.db,
        { userId, actionType: f.actionType, actionResult: f.actionResult, from: f.from, to: f.to },
        rows,
        (page - 1) * rows,
      ),
  };
}
