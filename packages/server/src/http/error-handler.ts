import { type ErrorCode, formatMessage, errorCatalogue, PROVIDER_ENTITIES } from '@portal/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { sqlStateOf } from '../db/tx.ts';
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
  // A value the database refuses as data (not a uuid, out of range, bad encoding, NUL) is bad
  // input that slipped past a schema: a 417, never a 500 (issue 17). Nothing was written: the
  // statement failed and its transaction rolled back.
  // An update whose every field was optional and absent: nothing to change is bad input, not a bug.
  if (err.message === 'No values to set')
    return new DomainError('VALIDATION', {}, { fields: { _: 'nothing to change' } });
  if (DATA_EXCEPTION.test(sqlStateOf(err) ?? ''))
    return new DomainError('VALIDATION', {}, { fields: { _: 'invalid value' } });
  return undefined;
}

/** SQLSTATE class 22 (data exception). */
const DATA_EXCEPTION = /^22[0-9A-Z]{3}$/;

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const domain = toDomainError(err, req);
    if (domain) {
      if (domain.status >= 500) req.log.error({ err: loggableError(err) }, 'domain error 5xx');
      return reply.code(domain.status).send(errorBody(domain, req.id));
    }
    // A bug: detail to the log with the request id, nothing internal to the caller. Query
    // parameters and database messages are left out: they carry payees, IBANs and comments.
    req.log.error({ err: loggableError(err), requestId: req.id }, 'unhandled error');
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

/**
 * What of an error may reach the log (issue 17: logs never carry payment details): the query text
 * without its parameters, and of a database error only its SQLSTATE and the object names — never
 * its message or detail, which quote the refused values (`Key (iban)=(GB…)`).
 */
export function loggableError(err: unknown): {
  type: string;
  message: string;
  stack: string;
  [k: string]: unknown;
} {
  if (!(err instanceof Error)) return { type: typeof err, message: '', stack: '' };
  const scrub = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [redacted]');
  const out: { type: string; message: string; stack: string; [k: string]: unknown } = {
    type: err.name,
    message: scrub(err.message),
    stack: scrub(err.stack ?? ''),
  };
  const cause = (err as { cause?: unknown }).cause;
  const db =
    cause && typeof cause === 'object' && 'routine' in cause ? cause : 'routine' in err ? err : undefined;
  if (db) {
    const d = db as Record<string, unknown>;
    out.db = { code: d.code, table: d.table, column: d.column, constraint: d.constraint, routine: d.routine };
    if ((db as unknown) === err) {
      out.message = `database error ${String(d.code)}`;
      out.stack = '';
    }
  } else if (cause instanceof Error) {
    out.cause = { type: cause.name, message: scrub(cause.message) };
  }
  return out;
}
