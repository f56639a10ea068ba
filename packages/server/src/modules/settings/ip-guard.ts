import { isAddressWhitelisted } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import { clientIp } from '../../http/request-info.ts';

/**
 * How long a server process keeps a company's white list before reading it again. A change made
 * through this process applies at once; other processes see it within this bound, far inside the
 * 20 minutes of spec §9 (docs/decisions.md).
 */
export const IP_WHITELIST_CACHE_MS = 60_000;
/** One security-history record per user and address per this period, so a refused script cannot flood it. */
const RECORD_EVERY_MS = 60_000;

export function createIpGuard(deps: AppDeps) {
  const cache = new Map<string, { list: string[]; until: number }>();
  const recorded = new Map<string, number>();

  async function listOf(merchantId: string): Promise<string[]> {
    const now = Date.now();
    const hit = cache.get(merchantId);
    if (hit && hit.until > now) return hit.list;
    const list = (await service(deps, 'merchants').settingsOf(deps.db, merchantId))?.ipWhitelist ?? [];
    cache.set(merchantId, { list, until: now + IP_WHITELIST_CACHE_MS });
    return list;
  }

  async function recordRefusal(
    userId: string,
    ip: string,
    req: FastifyRequest,
    impersonatorId: string | null,
  ) {
    const key = `${userId}|${ip}`;
    const now = Date.now();
    if ((recorded.get(key) ?? 0) > now) return;
    recorded.set(key, now + RECORD_EVERY_MS);
    if (recorded.size > 10_000) recorded.clear();
    await service(deps, 'securityHistory').record(deps.db, {
      userId,
      action: 'ip_refused',
      result: 'failure',
      ip,
      userAgent: String(req.headers['user-agent'] ?? ''),
      error: 'IP_NOT_WHITELISTED',
      impersonatorId,
    });
  }

  return {
    /** Forget a company's cached list (after this process changed it). */
    invalidate(merchantId: string) {
      cache.delete(merchantId);
    },

    /**
     * Issue 34: a login from outside the white list of the company the new session would act for
     * (the user's last company) is refused before any token is issued, and recorded as a failed
     * login. Staff are checked by the caller (they are not bound by a client's list).
     */
    async checkLogin(
      user: { id: string; currentMerchantId: string | null },
      meta: { ip: string; userAgent: string },
    ): Promise<void> {
      if (!user.currentMerchantId) return;
      const list = await listOf(user.currentMerchantId);
      if (!list.length || isAddressWhitelisted(meta.ip, list)) return;
      await service(deps, 'securityHistory').record(deps.db, {
        userId: user.id,
        action: 'login',
        result: 'failure',
        error: 'IP_NOT_WHITELISTED',
        ...meta,
      });
      throw new DomainError('IP_NOT_WHITELISTED', { ip: meta.ip });
    },

    /**
     * Refuses a client user's call from outside the white list of the company they act for.
     * Staff (their own group, or acting as a user) are not bound by a client's list.
     */
    async check(principal: Principal, req: FastifyRequest): Promise<void> {
      if (principal.kind !== 'user' || principal.isAdmin || principal.impersonatorId || !principal.merchantId)
        return;
      const list = await listOf(principal.merchantId);
      if (!list.length) return;
      const ip = clientIp(req);
      if (isAddressWhitelisted(ip, list)) return;
      await recordRefusal(principal.userId, ip, req, principal.impersonatorId);
      throw new DomainError('IP_NOT_WHITELISTED', { ip });
    },
  };
}

export type IpGuard = ReturnType<typeof createIpGuard>;
