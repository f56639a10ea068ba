import { buildPath, type HttpMethod, type RouteDef, type RouteResponse } from '@portal/domain';
import type { z } from 'zod';
import { getToken } from '../session/session-store.ts';
import { ApiError, NetworkError, toApiError } from './api-error.ts';

export const API_BASE = '/api';

type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;
export type QueryParams = Record<string, QueryValue>;

export interface FetchOptions {
  body?: unknown;
  query?: QueryParams;
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Extra headers (rarely needed; auth, timezone and JSON are added here). */
  headers?: Record<string, string>;
}

type Input<S> = S extends z.ZodType ? z.input<S> : never;
type ParamsOf<R> = R extends RouteDef<z.ZodType, infer P> ? Input<P> : never;
type BodyOf<R> = R extends RouteDef<infer B> ? Input<B> : never;
type QueryOf<R> = R extends RouteDef<z.ZodType, z.ZodType, infer Q> ? Input<Q> : never;

/** Options of `callApi`, typed from the route's schemas; fields the route does not declare are `undefined`. */
export interface CallOptions<R extends RouteDef> {
  params?: ParamsOf<R> extends undefined ? undefined : ParamsOf<R>;
  body?: BodyOf<R> extends undefined ? undefined : BodyOf<R>;
  query?: QueryOf<R> extends undefined ? undefined : QueryOf<R>;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

type FailureListener = (error: ApiError) => void;
const failureListeners = new Set<FailureListener>();

/** Called for every failed answer (the app uses it for the maintenance rule of spec §2). */
export function onApiFailure(listener: FailureListener): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

/** Offset of the browser's time zone from UTC in minutes, east positive (Timezone header, spec §7). */
export const timezoneOffsetMinutes = (): number => {
  const offset = -new Date().getTimezoneOffset();
  return offset === 0 ? 0 : offset; // avoid "-0"
};

function toSearch(query: QueryParams | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Low-level call of `/api` + path. Prefer `callApi` with an entry of the route table; this exists for
 * calls whose route another area has not added yet (the login form until identity lands).
 */
export async function apiFetch<T>(method: HttpMethod, path: string, options: FetchOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Timezone: String(timezoneOffsetMinutes()),
    ...options.headers,
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const hasBody = options.body !== undefined && method !== 'GET';
  if (hasBody) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${toSearch(options.query)}`, {
      method,
      headers,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (cause) {
    throw new NetworkError(cause);
  }

  const text = await response.text().catch(() => '');
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  const failed =
    !response.ok ||
    (typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false);
  if (failed) {
    const error = toApiError(response.ok ? 500 : response.status, body);
    for (const listener of failureListeners) listener(error);
    throw error;
  }
  if (!text) return undefined as T;
  if (body === null) throw toApiError(502, { code: 'BAD_RESPONSE' });
  return body as T;
}

/**
 * Calls an entry of `apiRoutes`: path parameters filled with `buildPath`, typed body/query, typed response.
 * Money-moving routes (`idempotent: true`) get a fresh Idempotency-Key when the caller gives none;
 * pass your own key to make a retry of the same user action safe.
 */
export function callApi<R extends RouteDef>(
  route: R,
  options: CallOptions<R> = {},
): Promise<RouteResponse<R>> {
  const path = buildPath(route.path, (options.params ?? {}) as Record<string, string | number | undefined>);
  const idempotencyKey = options.idempotencyKey ?? (route.idempotent ? crypto.randomUUID() : undefined);
  return apiFetch<RouteResponse<R>>(route.method, path, {
    body: options.body,
    query: options.query as QueryParams | undefined,
    idempotencyKey,
    signal: options.signal,
  });
}

export { ApiError, NetworkError };
