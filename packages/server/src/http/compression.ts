import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Below this a compressed answer saves less than it costs (one TCP packet holds ~1,400 bytes). */
export const COMPRESS_MIN_BYTES = 1024;

type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts (q > 0), brotli first; undefined for none. */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [token, ...params] = part.trim().split(';');
    if (!token) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(token, q === undefined ? 1 : Number(q));
  }
  const star = accepted.get('*');
  const ok = (name: string) => (accepted.get(name) ?? star ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}

/**
 * Compresses JSON answers above COMPRESS_MIN_BYTES when the client accepts brotli or gzip.
 * Brotli runs at a low quality (4): close to gzip's speed with smaller output, in the zlib
 * thread pool, never on the event loop. Streams (statements, files) and static files (served
 * precompressed by @fastify/static) are left as they are.
 */
export function installJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.getHeader('content-encoding')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.includes('json')) return payload;
    const size = Buffer.byteLength(payload);
    reply.header('vary', appendVary(reply.getHeader('vary')));
    if (size < COMPRESS_MIN_BYTES) return payload;
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const compressed =
      encoding === 'br'
        ? await brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          })
        : await gz(body, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.header('content-length', compressed.length);
    return compressed;
  });
}

function appendVary(current: unknown): string {
  const value = current === undefined ? '' : String(current);
  if (/(^|,)\s*accept-encoding\s*(,|$)/i.test(value)) return value;
  return value ? `${value}, Accept-Encoding` : 'Accept-Encoding';
}
