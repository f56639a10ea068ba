import { defineErrors } from './define.ts';

/** Errors every area can raise (spec §8 generic rules). */
export const coreErrors = defineErrors({
  VALIDATION: { status: 417, message: 'Something went wrong. Validation problem.' },
  BAD_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: 'Content type {contentType} is not supported; send application/json.',
  },
  BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  BAD_TIMEZONE: {
    status: 400,
    message: 'The Timezone header must be an offset in minutes between -840 and 840.',
  },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'No such call: {method} {path}.' },
  UNAUTHENTICATED: { status: 401, message: 'Authentication data is invalid, the action was not performed.' },
  FORBIDDEN: { status: 403, message: "You don't have access to this section." },
  MAINTENANCE: { status: 403, message: 'Maintenance is in progress. Please try again later.' },
  PROCESSING_UNAVAILABLE: {
    status: 424,
    message: 'There is a connection problem with the Processing System. Please try again.',
  },
  IDEMPOTENCY_CONFLICT: {
    status: 409,
    message: 'This Idempotency-Key was already used with a different request.',
  },
  IDEMPOTENCY_IN_PROGRESS: {
    status: 409,
    message: 'A request with this Idempotency-Key is still being processed.',
  },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  INTERNAL: { status: 500, message: 'Something went wrong. Please, contact us at {supportEmail}' },
});
