import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite names built assets by content hash: a changed file gets a new name, so it may be kept for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html (and other unhashed files) must be revalidated so a new build is picked up at once. */
export const REVALIDATE = 'no-cache';

const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+(?:\.(?:br|gz))?$/;

export function cacheControlFor(path: string): string {
  return HASHED_ASSET.test(path) ? IMMUTABLE : REVALIDATE;
}

/**
 * Serves the built browser app: the brotli/gzip copies written at build time are chosen by
 * Accept-Encoding (`preCompressed`), hashed assets are cached for a year, index.html never.
 */
export async function registerStaticFiles(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed copies are served in place of their originals, never under their own names.
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader('cache-control', cacheControlFor(path));
      res.setHeader('vary', 'Accept-Encoding');
    },
  });
  app.get('/', (_req, reply) => reply.sendFile('index.html'));
}
