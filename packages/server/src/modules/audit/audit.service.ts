import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './audit.repo.ts';

export interface AuditEvent {
  actorType: repo.AuditRow['actorType'];
  actorId: string | null;
  action: string;
  subjectType?: string;
  subjectId?: string;
  ip?: string;
  userAgent?: string;
  details?: Record<string, unknown>;
}

const GENESIS = '0'.repeat(64);
/** Serialises appends so the chain has no forks; held only until the caller's transaction ends. */
const AUDIT_LOCK = 7_302_115;

/**
 * Orders object keys as PostgreSQL's jsonb stores them (shorter keys first, then bytewise), so a
 * hash computed before the insert matches one recomputed from the stored row.
 */
function jsonbOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonbOrder);
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value).sort((a, b) => {
    const la = Buffer.byteLength(a);
    const lb = Buffer.byteLength(b);
    return la !== lb ? la - lb : Buffer.compare(Buffer.from(a), Buffer.from(b));
  });
  return Object.fromEntries(keys.map((k) => [k, jsonbOrder((value as Record<string, unknown>)[k])]));
}

function chainHash(prevHash: string, at: string, e: AuditEvent): string {
  const content = JSON.stringify([
    prevHash,
    at,
    e.actorType,
    e.actorId ?? null,
    e.action,
    e.subjectType ?? null,
    e.subjectId ?? null,
    e.ip ?? null,
    e.userAgent ?? null,
    jsonbOrder(JSON.parse(JSON.stringify(e.details ?? {}))),
  ]);
  return createHash('sha256').update(content).digest('hex');
}

/**
 * Appends one event to the hash-chained audit log (design §7). Call it with the transaction that
 * makes the change it records, so the record and the change commit or fail together.
 */
export async function appendAudit(db: DbOrTx, event: AuditEvent): Promise<{ id: number; hash: string }> {
  await repo.lockChain(db, AUDIT_LOCK);
  const prevHash = (await repo.lastHash(db)) ?? GENESIS;
  // Millisecond precision, so the hash can be recomputed from the stored timestamp.
  const at = new Date(Math.floor(Date.now()));
  const hash = chainHash(prevHash, at.toISOString(), event);
  const row = await repo.insertRow(db, {
    at,
    actorType: event.actorType,
    actorId: event.actorId,
    action: event.action,
    subjectType: event.subjectType ?? null,
    subjectId: event.subjectId ?? null,
    ip: event.ip ?? null,
    userAgent: event.userAgent ?? null,
    details: event.details ?? {},
    prevHash,
    hash,
  });
  if (!row) throw new Error('audit insert returned nothing');
  return row;
}

type BrokenLink = { id: number; reason: 'prev_hash' | 'hash' };

/** Walks the stored rows from the genesis hash; the first row whose link or hash does not match. */
function firstBrokenLink(rows: repo.AuditRow[]): BrokenLink | null {
  let prev = GENESIS;
  for (const r of rows) {
    const expected = chainHash(prev, r.at.toISOString(), {
      actorType: r.actorType,
      actorId: r.actorId,
      action: r.action,
      ...(r.subjectType ? { subjectType: r.subjectType } : {}),
      ...(r.subjectId ? { subjectId: r.subjectId } : {}),
      ...(r.ip ? { ip: r.ip } : {}),
      ...(r.userAgent ? { userAgent: r.userAgent } : {}),
      details: r.details as Record<string, unknown>,
    });
    if (r.prevHash !== prev) return { id: r.id, reason: 'prev_hash' };
    if (r.hash !== expected) return { id: r.id, reason: 'hash' };
    prev = r.hash;
  }
  return null;
}

/** Recomputes the chain; returns the id of the first row that does not match, or null. */
export async function verifyAuditChain(db: DbOrTx): Promise<number | null> {
  return firstBrokenLink(await repo.allRows(db))?.id ?? null;
}

/** `npm run audit:verify`: the chain's length and its first broken link (id, and what broke). */
export async function auditChainReport(
  db: DbOrTx,
): Promise<{ length: number; firstBroken: BrokenLink | null }> {
  const rows = await repo.allRows(db);
  return { length: rows.length, firstBroken: firstBrokenLink(rows) };
}
