import { apiRoutes } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError, errorBody } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import type { PaymentEventRow } from '../payments/payments-read.service.ts';
import { onCompanyEvent, usePushPublisher } from './company-events.ts';
import { eventHub } from './event-hub.ts';

const HEARTBEAT_MS = 15_000;
const PAGE = 500;

interface Stream {
  /** Highest payment event id written to this stream. */
  last: number;
  /** Replaying its own backlog (it resumed with Last-Event-ID): the feed skips it meanwhile. */
  catchingUp: boolean;
  write(chunk: string): void;
}

/**
 * Rows of payment_events become visible in commit order, not id order: with concurrent writers a
 * row with a lower id may commit after a higher one was read. So the feed never trusts `id >
 * cursor` alone: it re-reads the rows above its cursor, skips those it already delivered, and only
 * moves the cursor past rows older than this (a transaction open longer than that would be missed).
 */
const SETTLE_MS = 10_000;

/**
 * One reader of payment_events per company and process: a push for the company makes ONE query,
 * whose new rows go to every open stream of that company. Idle streams cost no query at all.
 */
class CompanyFeed {
  readonly streams = new Set<Stream>();
  /** Rows above the cursor already delivered: id → event time (ms). */
  private readonly delivered = new Map<number, number>();
  private busy = false;
  private again = false;

  constructor(
    private readonly deps: AppDeps,
    private readonly merchantId: string,
    public cursor: number,
  ) {}

  async pump(): Promise<void> {
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    try {
      do {
        this.again = false;
        let from = this.cursor;
        for (;;) {
          const rows = await service(this.deps, 'paymentsRead').eventsSince(this.merchantId, from, PAGE);
          for (const e of rows) {
            from = e.id;
            if (this.delivered.has(e.id)) continue;
            this.delivered.set(e.id, e.at.getTime());
            const frame = paymentFrame(e);
            for (const s of this.streams) {
              if (s.catchingUp) continue;
              s.write(frame);
              if (e.id > s.last) s.last = e.id;
            }
          }
          if (rows.length < PAGE) break;
        }
        this.settle();
      } while (this.again);
    } catch {
      // Retried on the next push or reconnect; the streams stay open.
    } finally {
      this.busy = false;
    }
  }

  /** Moves the cursor over delivered rows older than SETTLE_MS. */
  private settle(): void {
    const horizon = Date.now() - SETTLE_MS;
    for (const [id, at] of this.delivered) {
      if (at >= horizon) continue;
      this.delivered.delete(id);
      if (id > this.cursor) this.cursor = id;
    }
  }

  /** Replays a resumed stream's backlog (ids above its Last-Event-ID), then lets the feed carry it. */
  async catchUp(s: Stream): Promise<void> {
    try {
      for (;;) {
        const rows = await service(this.deps, 'paymentsRead').eventsSince(this.merchantId, s.last, PAGE);
        for (const e of rows) {
          s.write(paymentFrame(e));
          s.last = e.id;
        }
        if (rows.length < PAGE) break;
      }
    } finally {
      // Set in the same turn as the last read: the feed carries the stream from here (a row it
      // delivers later may repeat one just replayed; the browser only refetches on either).
      s.catchingUp = false;
    }
  }
}

function paymentFrame(e: PaymentEventRow): string {
  const data = {
    payment_id: e.paymentId,
    direction: e.direction,
    event: e.event,
    status: e.status,
    at: e.at.toISOString(),
  };
  return `id: ${e.id}\nevent: payment\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * `GET /api/notifications/stream`: payment status changes of the caller's company pushed as
 * Server-Sent Events. The token comes as `Authorization: Bearer` or, for EventSource (which cannot
 * set headers), as `?access_token=`; request logs carry the path only, so it is not written down.
 * Changes arrive through PostgreSQL LISTEN/NOTIFY (channel portal_push: a trigger on payment_events,
 * and `publish` of the notifications service for other areas' counters), from every server process;
 * no stream polls. `Last-Event-ID` resumes after a reconnect. The stream ends when the session does.
 */
export function registerNotificationStream(app: FastifyInstance, deps: AppDeps): void {
  const def = apiRoutes.newTransactions;
  const hub = eventHub(deps);
  const feeds = new Map<string, CompanyFeed>();
  // emitCompanyEvent of other areas (messages, notices) goes out as NOTIFY to every process.
  const offPublisher = usePushPublisher((merchantId, kind) => hub.publish(merchantId, kind));
  // Notices sent while the LISTEN connection was down are lost: every feed re-reads once.
  const offReconnect = hub.onReconnect(() => {
    for (const feed of feeds.values()) void feed.pump();
  });
  // Open streams end when the server closes (graceful shutdown would otherwise wait for them).
  const openStreams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const stop of [...openStreams]) stop();
    offReconnect();
    offPublisher();
    await hub.close();
  });

  async function principalOf(req: FastifyRequest): Promise<UserPrincipal> {
    const resolver = deps.auth.get('user');
    if (!resolver) throw new DomainError('UNAUTHENTICATED');
    const p = await resolver(req, def);
    if (p.kind !== 'user' || !p.merchantId) throw new DomainError('UNAUTHENTICATED');
    if (!p.rights.has(def.right ?? '')) throw new DomainError('FORBIDDEN');
    await deps.maintenance.assertOpen(def, p);
    return p;
  }

  app.get('/notifications/stream', async (req, reply) => {
    const token = (req.query as Record<string, unknown>).access_token;
    if (!req.headers.authorization && typeof token === 'string')
      req.headers.authorization = `Bearer ${token}`;
    let principal: UserPrincipal;
    try {
      principal = await principalOf(req);
    } catch (err) {
      if (err instanceof DomainError) return reply.code(err.status).send(errorBody(err, req.id));
      throw err;
    }
    const merchantId = principal.merchantId ?? '';
    await hub.ready();
    const resumeFrom = Number(req.headers['last-event-id']);
    const resumed = Number.isInteger(resumeFrom) && resumeFrom > 0;
    const last = resumed ? resumeFrom : await service(deps, 'paymentsRead').lastEventId(merchantId);

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': req.id,
    });
    raw.write('retry: 5000\n: connected\n\n');

    let feed = feeds.get(merchantId);
    if (!feed) {
      // A new feed starts at the company's newest event, even for a stream that resumes from an older one.
      feed = new CompanyFeed(
        deps,
        merchantId,
        resumed ? await service(deps, 'paymentsRead').lastEventId(merchantId) : last,
      );
      feeds.set(merchantId, feed);
    }
    const companyFeed = feed;
    const stream: Stream = {
      last,
      catchingUp: resumed,
      write: (chunk) => raw.write(chunk),
    };
    companyFeed.streams.add(stream);

    let closed = false;
    const stop = () => {
      if (closed) return;
      closed = true;
      openStreams.delete(stop);
      companyFeed.streams.delete(stream);
      if (companyFeed.streams.size === 0 && feeds.get(merchantId) === companyFeed) feeds.delete(merchantId);
      offPush();
      offCompany();
      clearInterval(heartbeat);
      clearTimeout(expiry);
      raw.end();
    };
    const end = () => {
      raw.write('event: end\ndata: {"reason":"session"}\n\n');
      stop();
    };
    const offPush = hub.subscribe(merchantId, (kind, message) => {
      if (kind === 'payment') void companyFeed.pump();
      else if (kind === 'session-ended') {
        if (message.session === principal.sessionId) end();
      }
      // Counters of other areas (unread messages, notices): only the kind is sent, the browser refetches.
      else raw.write(`event: ${kind}\ndata: {}\n\n`);
    });
    const offCompany = onCompanyEvent(merchantId, (kind) => raw.write(`event: ${kind}\ndata: {}\n\n`));
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
    // No stream re-reads its session on a timer (that was a query per stream every 30 s): a revoked
    // session ends its streams by push (trigger 1200 on sessions), and the token the stream was opened
    // with ends it at its `exp` (TOKEN_TTL_MS, 14 min) — the browser then reconnects with a fresh
    // token, which is checked in full (rights, membership, maintenance) like any call.
    const expiry = setTimeout(end, Math.max(0, tokenExpiry(req) - Date.now()));
    req.raw.on('close', stop);
    openStreams.add(stop);
    if (stream.catchingUp) await companyFeed.catchUp(stream);
    // Events committed between the cursor read and the subscription above.
    await companyFeed.pump();
  });
}

/** `exp` of the (already verified) bearer token in ms; far future when it has none. */
function tokenExpiry(req: FastifyRequest): number {
  const token = req.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      exp?: unknown;
    };
    // setTimeout holds at most ~24.8 days.
    if (typeof payload.exp === 'number') return Math.min(payload.exp * 1000, Date.now() + 2 ** 31 - 1);
  } catch {
    // not a JWT: the re-check catches it
  }
  return Date.now() + 2 ** 31 - 1;
}
