import { type ErrorCode, formatMessage, errorCatalogue, PROVIDER_ENTITIES } from '@portal/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { DomainError, errorBody } from './errors.ts';
import { zodFields } from './register.ts';
import { requestPlatform } from './request-info.ts';

/** Fastify's own failures (parsing, limits) mapped to catalogue codes. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_JSON',
};

function toDomainError(err: FastifyError | Error, req: FastifyRequest): DomainError | undefined {
  if (err instanceof DomainError) return err;
  if (err instanceof ZodError) return new DomainError('VALIDATION', {}, { fields: zodFields(err) });
  const fe = err as FastifyError;
  const mapped = fe.code ? FASTIFY_CODES[fe.code] : undefined;
  if (mapped === 'UNSUPPORTED_MEDIA_TYPE') {
    return new DomainError(mapped, { contentType: String(req.headers['content-type'] ?? 'none') });
  }
  if (mapped) return new DomainError(mapped);
  // JSON.parse failures surface as a SyntaxError with statusCode 400.
  if (fe.statusCode === 400 && err instanceof SyntaxError) return new DomainError('BAD_JSON');
  if (fe.statusCode === 429) return new DomainError('RATE_LIMITED');
  return undefined;
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const domain = toDomainError(err, req);
    if (domain) {
      if (domain.status >= 500) req.log.error({ err }, 'domain error 5xx');
      return reply.code(domain.status).send(errorBody(domain, req.id));
    }
    // A bug: full detail to the log with the request id, nothing internal to the caller.
    req.log.error({ err, requestId: req.id }, 'unhandled error');
    return sendInternal(req, reply);
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') || path === '/api' || req.method !== 'GET') {
      const e = new DomainError('ROUTE_NOT_FOUND', { method: req.method, path });
      return reply.code(404).send(errorBody(e, req.id));
    }
    // Every other path belongs to the SPA's router (it redirects unknown paths itself).
    if (typeof reply.sendFile === 'function') return reply.type('text/html').sendFile('index.html');
    return reply
      .code(404)
      .type('text/plain')
      .send('The browser app is not built yet: run `npm run build:web` (npm start does it for you).');
  });
}

function sendInternal(req: FastifyRequest, reply: FastifyReply) {
  const supportEmail = PROVIDER_ENTITIES[requestPlatform(req)].support.email;
  return reply.code(500).send({
    success: false,
    code: 'INTERNAL',
    messages: [formatMessage(errorCatalogue.INTERNAL.message, { supportEmail })],
    requestId: req.id,
  });
}
