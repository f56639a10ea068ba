import { PROVIDER_ENTITIES, RIGHT_REFUSALS, type RouteAuth, type RouteDef } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import type { RequestContext } from './context.ts';
import { DomainError, validationError } from './errors.ts';
import { hashRequest, runIdempotent } from './idempotency.ts';
import { enforceRateLimit } from './rate-limit.ts';
import type { Principal, PrincipalFor } from './principal.ts';
import { clientIp, requestPlatform, requestTzOffset } from './request-info.ts';

export interface RouteInput<B, P, Q> {
  body: B;
  params: P;
  query: Q;
}

type Handler<
  B extends z.ZodType,
  P extends z.ZodType,
  Q extends z.ZodType,
  R extends z.ZodType,
  A extends RouteAuth,
> = (
  input: RouteInput<z.output<B>, z.output<P>, z.output<Q>>,
  ctx: RequestContext<PrincipalFor<A>>,
  req: FastifyRequest,
  reply: FastifyReply,
) => Promise<z.input<R> | FastifyReply>;

/** Turns zod issues into one message per field (dot path), the 417 body's `fields`. */
export function zodFields(error: z.ZodError, prefix = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '_';
    fields[path] ??= issue.message;
  }
  return fields;
}

/**
 * Issue 17: PostgreSQL text refuses NUL and no field of ours means a control character, so any
 * string in params, query or body carrying one (other than tab, LF, CR) is a 417 naming the field,
 * before a schema or a query sees it. Returns the dot path of the first such string.
 */
export function controlCharPath(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point of the rule
    return /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(value) ? path || '_' : undefined;
  }
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const sub = path ? `${path}.${k}` : k;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: keys are checked the same way
    if (/[\u0000-\u001F\u007F]/.test(k)) return sub;
    const found = controlCharPath(v, sub, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function assertNoControlChars(req: FastifyRequest): void {
  const parts: [string, unknown][] = [
    ['params', req.params],
    ['query', req.query],
    ['', req.body],
  ];
  for (const [prefix, value] of parts) {
    const found = controlCharPath(value, prefix);
    if (found) throw validationError({ [found]: 'must not contain control characters' });
  }
}

function parsePart<S extends z.ZodType>(schema: S | undefined, value: unknown, part: string): z.output<S> {
  if (!schema) return undefined as z.output<S>;
  const r = schema.safeParse(value ?? (part === 'body' ? {} : value));
  if (!r.success) throw validationError(zodFields(r.error, part === 'body' ? '' : part));
  return r.data;
}

/** The caller of a request, resolved by the route's onRequest hook before its body is read. */
const principals = new WeakMap<FastifyRequest, Principal>();

/**
 * Registers one entry of the domain route table. Before the body is even read (onRequest), it
 * resolves the caller and checks right/scope (issue 34: authentication, then rights, then the
 * body, so a caller without the right learns nothing about the body); then it parses params,
 * query and body with the table's schemas (417 with field messages), runs the handler (through
 * Idempotency-Key when the route is idempotent) and serialises the answer through the response
 * schema, so fields outside it never leak.
 */
export function registerRoute<
  B extends z.ZodType,
  P extends z.ZodType,
  Q extends z.ZodType,
  R extends z.ZodType,
  A extends RouteAuth,
>(
  app: FastifyInstance,
  deps: AppDeps,
  def: RouteDef<B, P, Q, R> & { auth: A },
  handler: Handler<B, P, Q, R, A>,
): void {
  app.route({
    method: def.method,
    url: def.path,
    onRequest: async (req, reply) => {
      // No answer of the table (errors included) is stored by browsers or proxies: public ones
      // carry data too (the hosted pay-in page). app.ts sets it again for every /api answer.
      reply.header('cache-control', 'no-store');
      await enforceRateLimit(deps, def, req, reply);
      const principal = await resolvePrincipal(deps, req, def);
      await deps.maintenance.assertOpen(def, principal);
      principals.set(req, principal);
    },
    handler: async (req, reply) => {
      const principal = principals.get(req);
      if (!principal) throw new Error('route ran without its onRequest hook');
      assertNoControlChars(req);
      const ctx: RequestContext<PrincipalFor<A>> = {
        principal: principal as PrincipalFor<A>,
        requestId: req.id,
        ip: clientIp(req),
        userAgent: String(req.headers['user-agent'] ?? ''),
        tzOffset: requestTzOffset(req),
        platform: requestPlatform(req),
        idempotencyKey: headerValue(req, 'idempotency-key'),
      };
      const input = {
        params: parsePart(def.params, req.params, 'params'),
        query: parsePart(def.query, req.query, 'query'),
        body: parsePart(def.body, req.body, 'body'),
      };

      const execute = async () => {
        const result = await handler(input, ctx, req, reply);
        if (def.raw) return { statusCode: reply.statusCode, body: result };
        const out = def.response.safeParse(result);
        if (!out.success) {
          req.log.error({ issues: out.error.issues, route: def.path }, 'response does not match its schema');
          throw new Error('response schema mismatch');
        }
        return { statusCode: 200, body: out.data };
      };

      if (def.idempotent && ctx.idempotencyKey && !def.raw) {
        const scope = `${principalScope(principal)}:${def.method} ${def.path}`;
        const answer = await runIdempotent(
          deps.db,
          scope,
          ctx.idempotencyKey,
          hashRequest(def.method, req.url, req.body),
          execute,
        );
        if (answer.replayed) reply.header('idempotent-replayed', 'true');
        return reply.code(answer.statusCode).send(answer.body);
      }
      const answer = await execute();
      if (def.raw) return answer.body;
      return reply.code(answer.statusCode).send(answer.body);
    },
  });
}

async function resolvePrincipal(deps: AppDeps, req: FastifyRequest, def: RouteDef): Promise<Principal> {
  if (def.auth === 'public') return { kind: 'public' };
  const resolver = deps.auth.get(def.auth);
  if (!resolver) throw new DomainError('UNAUTHENTICATED');
  const principal = await resolver(req, def);
  const expected = def.auth === 'admin' ? 'user' : def.auth;
  if (principal.kind !== expected) throw new DomainError('UNAUTHENTICATED');
  if (def.auth === 'admin' && !(principal.kind === 'user' && principal.isAdmin))
    throw new DomainError('FORBIDDEN');
  if (def.right && !(principal.kind === 'user' && (principal.rights.has(def.right) || principal.isAdmin))) {
    throw new DomainError(RIGHT_REFUSALS[def.right] ?? 'FORBIDDEN');
  }
  if (def.scope && !(principal.kind === 'boarding' && principal.scopes.has(def.scope))) {
    throw new DomainError('FORBIDDEN');
  }
  return principal;
}

function principalScope(p: Principal): string {
  switch (p.kind) {
    case 'user':
      return `user:${p.userId}:${p.merchantId ?? '-'}`;
    case 'mfa':
      return `mfa:${p.userId}`;
    case 'boarding':
      return `boarding:${p.accountUuid}:${p.contactId}`;
    case 'verification':
      return `verification:${p.contactUuid}`;
    case 'public':
      return 'public';
  }
}

function headerValue(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export const supportEmailFor = (req: FastifyRequest): string =>
  PROVIDER_ENTITIES[requestPlatform(req)].support.email;
