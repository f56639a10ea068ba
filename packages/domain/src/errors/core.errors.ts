import { defineErrors, errorDef } from './define.ts';

/** Errors every area can raise (spec §8 generic rules). */
export const coreErrors = defineErrors({
  VALIDATION: errorDef(417, 'Something went wrong. Validation problem.'),
  BAD_JSON: errorDef(400, 'The request body is not valid JSON.'),
  UNSUPPORTED_MEDIA_TYPE: errorDef(
    415,
    'Content type {contentType} is not supported; send application/json.',
  ),
  BODY_TOO_LARGE: errorDef(413, 'The request body is too large.'),
  BAD_TIMEZONE: errorDef(400, 'The Timezone header must be an offset in minutes between -840 and 840.'),
  NOT_FOUND: errorDef(404, 'Not found.'),
  ROUTE_NOT_FOUND: errorDef(404, 'No such call: {method} {path}.'),
  UNAUTHENTICATED: errorDef(401, 'Authentication data is invalid, the action was not performed.'),
  FORBIDDEN: errorDef(403, "You don't have access to this section."),
  MAINTENANCE: errorDef(403, 'Maintenance is in progress. Please try again later.'),
  PROCESSING_UNAVAILABLE: errorDef(
    424,
    'There is a connection problem with the Processing System. Please try again.',
  ),
  IDEMPOTENCY_CONFLICT: errorDef(409, 'This Idempotency-Key was already used with a different request.'),
  IDEMPOTENCY_IN_PROGRESS: errorDef(409, 'A request with this Idempotency-Key is still being processed.'),
  RATE_LIMITED: errorDef(429, 'Too many requests. Please wait a moment and try again.'),
  INTERNAL: errorDef(500, 'Something went wrong. Please, contact us at {supportEmail}'),
});
