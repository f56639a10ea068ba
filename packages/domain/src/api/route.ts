import { z } from 'zod';

// Zod-free, so the first chunk of the browser app can carry it alone.
export { buildPath } from './build-path.ts';

/**
 * Who may call a route:
 * - public: anyone (login, health, links from emails);
 * - mfa: a user who passed the password but not yet the second factor (pre-MFA token);
 * - user: a fully logged-in client or admin user;
 * - admin: a user whose current group is an admin group (admin, CSM, FIN_OPS_EXTRA);
 * - boarding: a boarding contact logged in through /crm_accounts/lgn;
 * - verification: a related person holding a verification OTP token.
 */
export type RouteAuth = 'public' | 'mfa' | 'user' | 'admin' | 'boarding' | 'verification';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef<
  B extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path under /api in Fastify syntax: `/wallets/:page/:rows`. */
  path: string;
  summary: string;
  tag: string;
  auth: RouteAuth;
  /** Action right (spec §6 naming, e.g. `wallets/accGetWalletsByMerchant`) the caller must hold. */
  right?: string;
  /** Boarding scope (spec §6: `appforms/read`, `offers/write` ...) the caller must hold. */
  scope?: string;
  body?: B;
  params?: P;
  query?: Q;
  response: R;
  /** Money-moving or otherwise non-repeatable call: honours the Idempotency-Key header. */
  idempotent?: boolean;
  /** The response is not JSON (PDF, CSV, stream); `response` then documents nothing. */
  raw?: boolean;
  /**
   * The refusals of its own this route can answer (catalogue codes), beyond those of every route of
   * its kind (authentication, rights, validation, idempotency …), which the OpenAPI document adds.
   * Checked against the catalogue in routes.ts: the catalogue imports the route helpers, so this
   * file cannot import its type.
   */
  errors?: readonly string[];
}

export const defineRoute = <
  A extends RouteAuth,
  B extends z.ZodType = z.ZodUndefined,
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
  const E extends readonly string[] = readonly [],
>(
  def: RouteDef<B, P, Q, R> & { auth: A; errors?: E },
): RouteDef<B, P, Q, R> & { auth: A; errors?: E } => def;

/** Success envelope used by the spec's calls (`success`, then the payload fields). */
export const ok = <S extends z.ZodRawShape>(shape: S) => z.object({ success: z.literal(true), ...shape });

/** Path segment that must be a positive integer (page, rows ...); `z.coerce` because paths are text. */
export const positiveInt = z.coerce.number().int().positive();

/** Page/rows segments of list calls (spec hides them as {a}/{b}; docs/decisions.md). */
export const pageParams = z.object({
  page: positiveInt,
  rows: positiveInt.max(1000),
});

export const sortOrder = z.enum(['asc', 'desc']);

export type RouteBody<T> = T extends RouteDef<infer B> ? z.input<B> : never;
export type RouteResponse<T> =
  T extends RouteDef<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;
