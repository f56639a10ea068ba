import type { HttpMethod, RouteDef, RouteResponse } from '@portal/domain';
import type { z } from 'zod';
import { getToken } from '../session/session-store.ts';
import { ApiError, NetworkError, toApiError } from './api-error.ts';
import { buildPath } from '@portal/domain';

export const API_BASE = '/api';

type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;
export type QueryParams = Record<string, QueryValue>;

export interface FetchOptions {
  /** JSON body (sent as `application/json`); ignored on GET. */
  body?: unknown;
  /** A body sent as it is, e.g. multipart `FormData` (the browser sets its Content-Type); wins over `body`. */
  form?: FormData;
  query?: QueryParams;
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Accept header; JSON unless the call downloads a file. */
  accept?: string;
  /**
   * The token to send instead of the session's (a token kept aside, e.g. the impersonating admin's,
   * or the one being logged out); `null` sends none.
   */
  token?: string | null;
  /** Lets the call finish while the page navigates away (logout). */
  keepalive?: boolean;
  /** Extra headers (rarely needed; auth, timezone and JSON are added here). */
  headers?: Record<string, string>;
}

type Input<S> = S extends z.ZodType ? z.input<S> : never;
export type ParamsOf<R> = R extends RouteDef<z.ZodType, infer P> ? Input<P> : never;
export type BodyOf<R> = R extends RouteDef<infer B> ? Input<B> : never;
export type QueryOf<R> = R extends RouteDef<z.ZodType, z.ZodType, infer Q> ? Input<Q> : never;

/** Options of `callApi`, typed from the route's schemas; fields the route does not declare are `undefined`. */
export interface CallOptions<R extends RouteDef> {
  params?: ParamsOf<R> extends undefined ? undefined : ParamsOf<R>;
  body?: BodyOf<R> extends undefined ? undefined : BodyOf<R>;
  query?: QueryOf<R> extends undefined ? undefined : QueryOf<R>;
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Another token than the session's (see `FetchOptions.token`). */
  token?: string | null;
  keepalive?: boolean;
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

const notifyFailure = (error: ApiError): ApiError => {
  for (const listener of failureListeners) listener(error);
  return error;
};

const parseJson = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** The server's error body (spec §8 envelope) as an ApiError; the request id header fills in a body without one. */
function errorOf(status: number, body: unknown, response: Response): ApiError {
  const requestId = response.headers.get('x-request-id');
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return toApiError(status, requestId && record.requestId === undefined ? { ...record, requestId } : body);
}

/**
 * The request core every browser call goes through (JSON calls, uploads, downloads, logout, token
 * refresh): `/api` + path + query, the session's token (or the one given), the Timezone header
 * (spec §7), the Idempotency-Key, and the error rule: no answer is a `NetworkError`, a non-2xx answer
 * is the `ApiError` of its §8 envelope, and both failure kinds reach `onApiFailure` listeners.
 * Answers the response of a 2xx call, body unread.
 */
export async function apiRequest(
  method: HttpMethod,
  path: string,
  options: FetchOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: options.accept ?? 'application/json',
    Timezone: String(timezoneOffsetMinutes()),
    ...options.headers,
  };
  const token = options.token === undefined ? getToken() : options.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let body: BodyInit | undefined;
  if (options.form !== undefined) body = options.form;
  else if (options.body !== undefined && method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${toSearch(options.query)}`, {
      method,
      headers,
      body,
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (cause) {
    throw new NetworkError(cause);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw notifyFailure(errorOf(response.status, parseJson(text), response));
  }
  return response;
}

/** Reads a 2xx answer as JSON; `success: false` in it is a failure too (spec §8). Empty → undefined. */
export async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text().catch(() => '');
  const body = parseJson(text);
  if (typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false)
    throw notifyFailure(errorOf(500, body, response));
  if (!text) return undefined as T;
  if (body === null) throw toApiError(502, { code: 'BAD_RESPONSE' });
  return body as T;
}

/**
 * Low-level JSON call of `/api` + path. Prefer `callApi` with an entry of the route table; this exists for
 * calls whose route another area has not added yet (the login form until identity lands).
 */
export async function apiFetch<T>(method: HttpMethod, path: string, options: FetchOptions = {}): Promise<T> {
  return readJson<T>(await apiRequest(method, path, options));
}

/** The path of a route of the table with its `:name` segments filled. */
export const routePath = (route: RouteDef, params: unknown): string =>
  buildPath(route.path, (params ?? {}) as Record<string, string | number | undefined>);

/** The caller's key, or a fresh one for a money-moving (`idempotent`) route. */
export const idempotencyKeyFor = (route: RouteDef, given: string | undefined): string | undefined =>
  given ?? (route.idempotent ? crypto.randomUUID() : undefined);

/**
 * Calls an entry of `apiRoutes`: path parameters filled with `buildPath`, typed body/query, typed response.
 * Money-moving routes (`idempotent: true`) get a fresh Idempotency-Key when the caller gives none;
 * pass your own key to make a retry of the same user action safe.
 */
export function callApi<R extends RouteDef>(
  route: R,
  options: CallOptions<R> = {},
): Promise<RouteResponse<R>> {
  return apiFetch<RouteResponse<R>>(route.method, routePath(route, options.params), {
    body: options.body,
    query: options.query as QueryParams | undefined,
    idempotencyKey: idempotencyKeyFor(route, options.idempotencyKey),
    signal: options.signal,
    token: options.token,
    keepalive: options.keepalive,
  });
}

export { ApiError, NetworkError };
