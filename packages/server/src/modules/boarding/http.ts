import type { FastifyReply } from 'fastify';

/** Sends a stored document: attachment by default, never sniffed into another type (design §7). */
export function sendDocument(
  reply: FastifyReply,
  bytes: Buffer,
  name: string,
  type: 'application/pdf' | 'text/csv',
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  const ascii = name.replace(/[^\x20-\x7E]|["\\]/g, '_');
  reply
    .header('content-type', type === 'text/csv' ? 'text/csv; charset=utf-8' : type)
    .header(
      'content-disposition',
      `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    // A document opened inline cannot run script or reach anything.
    .header('content-security-policy', "default-src 'none'; sandbox");
  return bytes;
}

export const meta = (ctx: { ip: string; userAgent: string }) => ({ ip: ctx.ip, userAgent: ctx.userAgent });
