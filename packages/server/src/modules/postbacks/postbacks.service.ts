import {
  POSTBACK_TYPES,
  type PostbackData,
  type PostbackEventRow,
  type PostbackType,
  postbackRetryDelayMs,
} from '@portal/domain';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { outboxDelivery } from '../../db/outbox.ts';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { appendAudit } from '../audit/audit.service.ts';
import * as repo from './postbacks.repo.ts';
import { postJson, type SendResult } from './sender.ts';
import { newWebhookSecret, signWebhook, webhookSecretBox } from './signing.ts';
import { vetTarget } from './url-guard.ts';

/**
 * One event for the company's postback URL of its type (spec §9 postback types). The payload is
 * typed per type by the domain's published body schemas, so a producer that drifts from the
 * documented body fails the type check.
 */
export type PostbackEvent = {
  [T in PostbackType]: {
    merchantId: string;
    type: T;
    /** What happened to the subject: created, approved, settled, allocated ... */
    event: string;
    /** The object the event is about (payment id, exchange id, VA id ...); delivery keeps its order. */
    subjectId: string;
    payload: PostbackData<T>;
    createdAt: Date;
  };
}[PostbackType];

/**
 * Queues a postback in the transactional outbox (design §7). Always call it with the transaction
 * that makes the state change, so the event exists exactly when the change does.
 */
export async function enqueuePostback(tx: DbOrTx, e: PostbackEvent): Promise<void> {
  await repo.insertPostback(tx, e);
}

/** Several postbacks (a bulk chunk, a payment's changes) as one statement for `executeTogether`. */
export const postbacksStatement = (events: readonly PostbackEvent[]): SQL | undefined =>
  repo.postbacksInsert(events);

/** pg-boss queue that carries batches of claimed event ids to a delivery worker. */
export const DELIVER_JOB = 'postbacks.deliver';
/** Events one sweep claims; their lease covers a batch even if every receiver times out. */
const BATCH = 50;
const LEASE_MS = 10 * 60_000;
/** Receivers called at the same time by one worker (events of one object go one after another). */
const CONCURRENCY = 16;
/** After a rotation the old secret keeps signing beside the new one for this long. */
const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60_000;

export interface RequestMeta {
  ip: string;
  userAgent: string;
}

/** The webhook-id, and the `id` of the body: the same on every retry, so receivers drop duplicates. */
export const webhookId = (id: number): string => `evt_${id}`;

export function eventView(r: repo.PostbackRow): PostbackEventRow {
  return {
    id: String(r.id),
    type: r.type,
    kind:
      typeof (r.payload as { kind?: unknown } | null)?.kind === 'string'
        ? (r.payload as { kind: string }).kind
        : null,
    event: r.event,
    subject_id: r.subjectId,
    created_at: r.createdAt.toISOString(),
    status: r.status,
    attempts: r.attempts,
    last_status_code: r.lastStatusCode,
    last_error: r.lastError,
    last_duration_ms: r.lastDurationMs,
    next_attempt_at: r.status === 'pending' && r.nextAttemptAt ? r.nextAttemptAt.toISOString() : null,
    delivered_at: r.deliveredAt?.toISOString() ?? null,
    is_test: r.isTest,
  };
}

/**
 * Who may manage a company's settings and postbacks: its Master User acting for it, or staff for
 * any company. Another company's id (or an unknown one) answers 404, as if it did not exist.
 */
export async function assertCompanyManager(
  deps: AppDeps,
  p: UserPrincipal,
  merchantId: string,
): Promise<void> {
  if (p.isAdmin) {
    if (!(await service(deps, 'merchants').settingsOf(deps.db, merchantId)))
      throw new DomainError('NOT_FOUND');
    return;
  }
  if (p.merchantId !== merchantId) throw new DomainError('NOT_FOUND');
  if (!p.isMaster) throw new DomainError('ONLY_MASTER_USER');
}

export function createPostbacksService(deps: AppDeps) {
  const box = webhookSecretBox(deps.config.jwtSecret);
  const allowInsecure = deps.config.postbackAllowInsecure;
  const merchants = () => service(deps, 'merchants');

  /** Creates the company's first secret when it has none; returns it (plain) only when created. */
  async function ensureSecret(db: DbOrTx, merchantId: string): Promise<string | null> {
    const s = await repo.findSecrets(db, merchantId);
    if (s?.secret) return null;
    const secret = newWebhookSecret();
    await repo.storeSecret(db, merchantId, box.seal(secret), deps.clock.now(), deps.clock.now());
    return secret;
  }

  async function signingSecrets(merchantId: string, now: Date): Promise<string[]> {
    let s = await repo.findSecrets(deps.db, merchantId);
    if (!s?.secret) {
      await ensureSecret(deps.db, merchantId);
      s = await repo.findSecrets(deps.db, merchantId);
    }
    const out = s?.secret ? [box.open(s.secret)] : [];
    if (s?.previous && s.previousUntil && s.previousUntil > now) out.push(box.open(s.previous));
    return out;
  }

  /** What one delivery batch reads once per company: its URLs and signing secrets. */
  interface BatchCache {
    settings: Map<string, Promise<{ postbackUrls: Record<string, string> } | undefined>>;
    secrets: Map<string, Promise<string[]>>;
  }
  const cached = <T>(m: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> => {
    let p = m.get(key);
    if (!p) {
      p = load();
      m.set(key, p);
    }
    return p;
  };

  /** Sends one event once and records the attempt; schedules the next one or marks it failed. */
  async function attempt(row: repo.PostbackRow, cache: BatchCache): Promise<void> {
    const now = deps.clock.now();
    const settings = await cached(cache.settings, row.merchantId, () =>
      merchants().settingsOf(deps.db, row.merchantId),
    );
    const url = settings?.postbackUrls[row.type] ?? '';
    if (!url) {
      // No URL for the type: the company does not take these events. Nothing was sent, so no
      // attempt and no failure is logged; the event stays 'not_sent' until resent (issue 36).
      await repo.updateEvent(deps.db, row.id, { status: 'not_sent', nextAttemptAt: null, lockedUntil: null });
      return;
    }
    let result: SendResult;
    const target = await vetTarget(url, { allowInsecure });
    if ('problem' in target) {
      const error = target.problem === 'URL_UNRESOLVABLE' ? 'unresolvable' : 'refused_address';
      result = { ok: false, statusCode: null, durationMs: 0, error, location: null };
    } else {
      const id = webhookId(row.id);
      const timestamp = Math.floor(now.getTime() / 1000);
      const body = JSON.stringify({
        id,
        type: row.type,
        event: row.event,
        created_at: row.createdAt.toISOString(),
        subject_id: row.subjectId,
        test: row.isTest,
        data: row.payload,
      });
      const secrets = await cached(cache.secrets, row.merchantId, () => signingSecrets(row.merchantId, now));
      result = await postJson(
        target,
        {
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(secrets, id, timestamp, body),
        },
        body,
      );
      if (result.error === 'redirect' && result.location) {
        // Never followed; a redirect towards a refused address is named as such in the log.
        const next = await vetTarget(new URL(result.location, target.url).toString(), { allowInsecure });
        if ('problem' in next) result = { ...result, error: 'redirect_refused_address' };
      }
    }
    const attempts = row.attempts + 1;
    const firstAttemptAt = row.firstAttemptAt ?? now;
    const delay = result.ok ? null : postbackRetryDelayMs(attempts, now.getTime() - firstAttemptAt.getTime());
    await repo.recordAttempt(
      deps.db,
      {
        eventId: row.id,
        attempt: attempts,
        startedAt: now,
        durationMs: result.durationMs,
        statusCode: result.statusCode,
        error: result.error,
        url: url.slice(0, 2048),
      },
      {
        attempts,
        firstAttemptAt,
        lockedUntil: null,
        lastStatusCode: result.statusCode,
        lastError: result.error,
        lastDurationMs: result.durationMs,
        ...(result.ok
          ? { status: 'delivered', deliveredAt: now, nextAttemptAt: null }
          : delay === null
            ? { status: 'failed', nextAttemptAt: null }
            : { status: 'pending', nextAttemptAt: new Date(now.getTime() + delay) }),
      },
    );
  }

  /** Delivers a claimed batch: one object's events in order, different objects side by side. */
  async function deliver(ids: number[]): Promise<void> {
    const rows = await repo.findEvents(deps.db, ids);
    const chains = new Map<string, repo.PostbackRow[]>();
    for (const r of rows) {
      if (r.status !== 'pending') continue;
      const key = `${r.merchantId}:${r.subjectId}`;
      chains.set(key, [...(chains.get(key) ?? []), r]);
    }
    const queue = [...chains.values()];
    const cache: BatchCache = { settings: new Map(), secrets: new Map() };
    const worker = async () => {
      for (let chain = queue.shift(); chain; chain = queue.shift()) {
        for (const r of chain) await attempt(r, cache);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
  }

  async function eventOf(merchantId: string, eventId: string) {
    const row = await repo.findEvent(deps.db, merchantId, Number(eventId));
    if (!row) throw new DomainError('POSTBACK_EVENT_NOT_FOUND');
    return row;
  }

  const delivery = outboxDelivery({
    claim: () => {
      const now = deps.clock.now();
      return repo.claimDue(deps.db, now, new Date(now.getTime() + LEASE_MS), BATCH);
    },
    deliver,
    send: (ids) => deps.jobs.send(DELIVER_JOB, { ids }),
  });

  const actor = (p: UserPrincipal) => ({
    actorType: p.isAdmin ? ('admin' as const) : ('user' as const),
    actorId: p.impersonatorId ?? p.userId,
  });

  return {
    ensureSecret,
    deliver,

    /** Settings' notification URLs and messengers (company_settings row), in the caller's transaction. */
    saveNotificationSettings: repo.saveNotificationSettings,

    drainDue: delivery.drainDue,
    dispatch: delivery.dispatch,

    async log(
      p: UserPrincipal,
      merchantId: string,
      f: { status?: string | undefined; type?: PostbackType | undefined },
      page: number,
      rows: number,
    ) {
      await assertCompanyManager(deps, p, merchantId);
      const { list, total } = await repo.listEvents(deps.db, { merchantId, ...f }, rows, (page - 1) * rows);
      return { events: list.map(eventView), quantity: total };
    },

    async attempts(p: UserPrincipal, merchantId: string, eventId: string) {
      await assertCompanyManager(deps, p, merchantId);
      const row = await eventOf(merchantId, eventId);
      const list = await repo.listAttempts(deps.db, row.id);
      return {
        event: eventView(row),
        attempts: list.map((a) => ({
          attempt: a.attempt,
          started_at: a.startedAt.toISOString(),
          duration_ms: a.durationMs,
          status_code: a.statusCode,
          error: a.error,
          url: a.url,
        })),
      };
    },

    /** Puts one event back in the queue now, whatever its state; it keeps its id (receivers dedupe). */
    async resend(p: UserPrincipal, merchantId: string, eventId: string, meta: RequestMeta) {
      await assertCompanyManager(deps, p, merchantId);
      const row = await eventOf(merchantId, eventId);
      const updated = await inTransaction(deps.db, async (tx) => {
        await appendAudit(tx, {
          ...actor(p),
          action: 'postbacks.resend',
          subjectType: 'postback',
          subjectId: String(row.id),
          ...meta,
        });
        return repo.updateEvent(tx, row.id, {
          status: 'pending',
          nextAttemptAt: deps.clock.now(),
          lockedUntil: null,
        });
      });
      return eventView(updated);
    },

    async sendTest(p: UserPrincipal, merchantId: string, type: PostbackType, meta: RequestMeta) {
      await assertCompanyManager(deps, p, merchantId);
      const settings = await merchants().settingsOf(deps.db, merchantId);
      if (!settings?.postbackUrls[type]) throw new DomainError('POSTBACK_URL_NOT_SET', { type });
      const row = await inTransaction(deps.db, async (tx) => {
        await appendAudit(tx, {
          ...actor(p),
          action: 'postbacks.test',
          subjectType: 'merchant',
          subjectId: merchantId,
          ...meta,
        });
        return repo.insertPostback(tx, {
          merchantId,
          type,
          event: 'test',
          subjectId: `test-${deps.clock.now().getTime()}`,
          payload: { message: 'Test event from the portal', type },
          createdAt: deps.clock.now(),
          isTest: true,
        });
      });
      return eventView(row);
    },

    /** A new secret, returned once; the previous one keeps signing for a day so receivers can switch. */
    async rotateSecret(p: UserPrincipal, merchantId: string, meta: RequestMeta) {
      await assertCompanyManager(deps, p, merchantId);
      const secret = newWebhookSecret();
      const at = deps.clock.now();
      await inTransaction(deps.db, async (tx) => {
        await appendAudit(tx, {
          ...actor(p),
          action: 'postbacks.secret_rotated',
          subjectType: 'merchant',
          subjectId: merchantId,
          ...meta,
        });
        await repo.storeSecret(
          tx,
          merchantId,
          box.seal(secret),
          at,
          new Date(at.getTime() + PREVIOUS_SECRET_GRACE_MS),
        );
      });
      return { secret, created_at: at.toISOString() };
    },

    async secretState(merchantId: string) {
      const s = await repo.findSecrets(deps.db, merchantId);
      return { has_secret: !!s?.secret, created_at: s?.createdAt?.toISOString() ?? null };
    },

    /** Every postback type has a place in the log filter, even with no event yet. */
    types: POSTBACK_TYPES,
  };
}

export type PostbacksService = ReturnType<typeof createPostbacksService>;
