import { apiRoutes } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { DomainError, errorBody } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { paymentBus } from '../payments/payment-flow.ts';
import { eventsSince, lastEventId } from '../payments/payments.repo.ts';

const POLL_MS = 2_000;
const HEARTBEAT_MS = 15_000;
const REAUTH_MS = 30_000;

/**
 * `GET /api/notifications/stream`: payment status changes of the caller's company pushed as
 * Server-Sent Events. The token comes as `Authorization: Bearer` or, for EventSource (which cannot
 * set headers), as `?access_token=`; request logs carry the path only, so it is not written down.
 * Changes arrive at once through the in-process bus and within 2 s from other server processes
 * (the stream polls payment_events); `Last-Event-ID` resumes after a reconnect. The stream ends when
 * the session does.
 */
export function registerNotificationStream(app: FastifyInstance, deps: AppDeps): void {
  const def = apiRoutes.newTransactions;
  // Open streams end when the server closes (graceful shutdown would otherwise wait for them).
  const openStreams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const stop of [...openStreams]) stop();
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
    const resumeFrom = Number(req.headers['last-event-id']);
    let last =
      Number.isInteger(resumeFrom) && resumeFrom > 0 ? resumeFrom : await lastEventId(deps.db, merchantId);

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': req.id,
    });
    raw.write('retry: 5000\n: connected\n\n');

    let busy = false;
    let closed = false;
    const pump = async () => {
      if (busy || closed) return;
      busy = true;
      try {
        for (const e of await eventsSince(deps.db, merchantId, last, 100)) {
          const data = {
            payment_id: e.paymentId,
            direction: e.direction,
            event: e.event,
            status: e.status,
            at: e.at.toISOString(),
          };
          raw.write(`id: ${e.id}\nevent: payment\ndata: ${JSON.stringify(data)}\n\n`);
          last = e.id;
        }
      } catch {
        // A failed poll is retried on the next tick; the stream stays open.
      } finally {
        busy = false;
      }
    };
    const onChange = (m: string) => {
      if (m === merchantId) void pump();
    };
    const stop = () => {
      if (closed) return;
      closed = true;
      openStreams.delete(stop);
      paymentBus.off('change', onChange);
      clearInterval(poll);
      clearInterval(heartbeat);
      clearInterval(reauth);
      raw.end();
    };
    paymentBus.on('change', onChange);
    const poll = setInterval(() => void pump(), POLL_MS);
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
    const reauth = setInterval(() => {
      principalOf(req).catch(() => {
        raw.write('event: end\ndata: {"reason":"session"}\n\n');
        stop();
      });
    }, REAUTH_MS);
    req.raw.on('close', stop);
    openStreams.add(stop);
    await pump();
  });
}
