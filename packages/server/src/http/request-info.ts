import { type PlatformLabel, platformFromHost } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { DomainError } from './errors.ts';

/**
 * Timezone header (spec §7): the browser's offset east of UTC, in minutes (`120`, `-300`) or as
 * `+02:00`; absent means UTC.
 */
export function parseTzOffset(raw: string | string[] | undefined): number {
  if (raw === undefined || raw === '') return 0;
  const text = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  const hm = /^([+-])(\d{2}):(\d{2})$/.exec(text);
  let minutes: number;
  if (hm) {
    minutes = (hm[1] === '-' ? -1 : 1) * (Number(hm[2]) * 60 + Number(hm[3]));
    if (Number(hm[3]) > 59) throw new DomainError('BAD_TIMEZONE');
  } else if (/^[+-]?\d{1,3}$/.test(text)) {
    minutes = Number(text);
  } else {
    throw new DomainError('BAD_TIMEZONE');
  }
  if (minutes < -840 || minutes > 840) throw new DomainError('BAD_TIMEZONE');
  return minutes;
}

export const requestTzOffset = (req: FastifyRequest): number => parseTzOffset(req.headers.timezone);

/** `req.host` honours X-Forwarded-Host only from a trusted proxy (same rule as the address). */
export const requestPlatform = (req: FastifyRequest): PlatformLabel =>
  platformFromHost(String(req.host ?? req.headers.host ?? ''));

/**
 * The client's address, by ONE rule for rate limits, security history, IP country and the IP white
 * list: Fastify's `trustProxy` is set from TRUSTED_PROXIES (app.ts), so `X-Forwarded-For` is only
 * walked while the hop that added it is a configured proxy; with the default (none) the TCP peer is
 * the client and a forged header changes nothing.
 */
export const clientIp = (req: FastifyRequest): string =>
  normaliseIp(req.ip ?? req.socket?.remoteAddress ?? '');

/** `::ffff:10.0.0.1` → `10.0.0.1`, so white lists and countries see one spelling. */
function normaliseIp(ip: string): string {
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
}

/** Fastify's `trustProxy` option for a TRUSTED_PROXIES list (empty → trust nobody). */
export const trustProxyOption = (proxies: readonly string[]): false | string[] =>
  proxies.length ? [...proxies] : false;
