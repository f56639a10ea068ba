import { type ErrorCode, errorCatalogue, RATE_LIMITS, RIGHT_REFUSALS, type RouteDef } from '@portal/domain';
import { ALWAYS_OPEN } from '../modules/system/maintenance.service.ts';

/** Path parameters that name a record (a 404 when none has it), not a page or a mode. */
const ID_PARAM = /(^id$|Id$|^uuid$|Uuid$|^token$|^code$|^reference$|^[a-z]$)/;

/**
 * Issue 35: the refusals one operation can answer, from what every route of its kind goes through
 * (register.ts: Timezone header, authentication, rights or scope, maintenance, validation,
 * idempotency, rate limit) and the route's own `errors` in the route table.
 */
export function routeErrorCodes(route: RouteDef): ErrorCode[] {
  const codes = new Set<ErrorCode>(['BAD_TIMEZONE']);
  if (route.auth !== 'public') codes.add('UNAUTHENTICATED');
  // The user resolver checks the company's IP white list on every call (settings.module.ts).
  if (route.auth === 'user') codes.add('IP_NOT_WHITELISTED');
  if (route.auth === 'admin' || route.scope) codes.add('FORBIDDEN');
  if (route.right) codes.add(RIGHT_REFUSALS[route.right] ?? 'FORBIDDEN');
  if (route.auth !== 'admin' && route.auth !== 'verification' && !ALWAYS_OPEN.has(route.path))
    codes.add('MAINTENANCE');
  if (route.params || route.query || route.body) codes.add('VALIDATION');
  if (route.body)
    for (const c of ['BAD_JSON', 'UNSUPPORTED_MEDIA_TYPE', 'BODY_TOO_LARGE'] as const) codes.add(c);
  if (route.idempotent) {
    codes.add('IDEMPOTENCY_CONFLICT');
    codes.add('IDEMPOTENCY_IN_PROGRESS');
  }
  if (RATE_LIMITS[`${route.method} ${route.path}`]) codes.add('RATE_LIMITED');
  for (const c of (route.errors ?? []) as ErrorCode[]) codes.add(c);
  const pathIds = [...route.path.matchAll(/:(\w+)/g)].some((m) => ID_PARAM.test(m[1] ?? ''));
  if (pathIds && ![...codes].some((c) => errorCatalogue[c].status === 404)) codes.add('NOT_FOUND');
  return [...codes];
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request (malformed JSON, bad Timezone header)',
  401: 'Not authenticated',
  403: 'Forbidden (rights, scope, maintenance)',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body too large',
  415: 'Unsupported media type',
  417: 'Validation problem (fields names each invalid field)',
  422: 'Refused by a business rule',
  423: 'Locked',
  424: 'Processing System unavailable',
  429: 'Too many requests',
  503: 'Unavailable',
};

/**
 * One response entry per status the operation can answer, each the Error schema with its `code`
 * narrowed to the codes listed, plus `default` for what no rule foresees (500).
 */
export function errorResponses(route: RouteDef): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of routeErrorCodes(route)) {
    const status = errorCatalogue[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, unknown> = {};
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const codes = (byStatus.get(status) ?? []).sort();
    out[String(status)] = {
      description: `${STATUS_TEXT[status] ?? 'Error'}: ${codes.join(', ')}`,
      content: {
        'application/json': {
          schema: {
            allOf: [{ $ref: '#/components/schemas/Error' }, { properties: { code: { enum: codes } } }],
          },
        },
      },
    };
  }
  out.default = {
    description: 'Unexpected error (500 INTERNAL)',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
  return out;
}
