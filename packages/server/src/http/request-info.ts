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

export const requestPlatform = (req: FastifyRequest): PlatformLabel =>
  platformFromHost(String(req.headers['x-forwarded-host'] ?? req.headers.host ?? ''));
