import { RATE_LIMITS, type RouteDef } from '@portal/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { DomainError } from './errors.ts';
import { clientIp } from './request-info.ts';

/** Rows older than this are swept now and then; a window never lasts that long. */
const KEEP_MS = 24 * 3_600_000;

/**
 * Counts one hit of `route` from the caller's IP in the current window and refuses with 429 and
 * Retry-After past the limit. Counters live in the database so every process shares them.
 */
export async function enforceRateLimit(
  deps: Pick<AppDeps, 'database' | 'clock' | 'config'>,
  route: RouteDef,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (!deps.config.rateLimit) return;
  const limit = RATE_LIMITS[`${route.method} ${route.path}`];
  if (!limit) return;
  const now = deps.clock.now();
  const windowMs = limit.windowSeconds * 1000;
  const staleBefore = new Date(now.getTime() - windowMs);
  const { rows } = await deps.database.query<{ hits: number; window_start: Date | string }>(
    `INSERT INTO rate_limit_hits (key, window_start, hits) VALUES ($1, $2, 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limit_hits.window_start <= $3 THEN 1 ELSE rate_limit_hits.hits + 1 END,
       window_start = CASE WHEN rate_limit_hits.window_start <= $3 THEN $2 ELSE rate_limit_hits.window_start END
     RETURNING hits, window_start`,
    [`${route.method} ${route.path}|${clientIp(req)}`, now.toISOString(), staleBefore.toISOString()],
  );
  const row = rows[0];
  if (Math.random() < 0.01) {
    await deps.database.query('DELETE FROM rate_limit_hits WHERE window_start < $1', [
      new Date(now.getTime() - KEEP_MS).toISOString(),
    ]);
  }
  if (!row || row.hits <= limit.max) return;
  const resetAt = new Date(row.window_start).getTime() + windowMs;
  reply.header('retry-after', String(Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000))));
  throw new DomainError('RATE_LIMITED');
}
