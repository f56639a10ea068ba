import { type ErrorBody, type ErrorCode, errorCatalogue, formatMessage } from '@portal/domain';

type Params = Record<string, string | number>;

/**
 * The one way services refuse: a catalogue code (status and message come from the domain package),
 * optional params for the message and per-field messages for forms.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly params: Params;
  readonly fields: Record<string, string> | undefined;
  /** Extra payload for the browser (e.g. the maintenance state, a blocked-until time). */
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    params: Params = {},
    opts: { fields?: Record<string, string>; extra?: Record<string, unknown> } = {},
  ) {
    super(formatMessage(errorCatalogue[code].message, params));
    this.name = 'DomainError';
    this.code = code;
    this.params = params;
    this.fields = opts.fields;
    this.extra = opts.extra;
  }

  get status(): number {
    return errorCatalogue[this.code].status;
  }
}

export function errorBody(err: DomainError, requestId: string): ErrorBody & Record<string, unknown> {
  return {
    success: false,
    code: err.code,
    messages: [err.message],
    ...(err.fields ? { fields: err.fields } : {}),
    ...(Object.keys(err.params).length ? { params: err.params } : {}),
    ...(err.extra ?? {}),
    requestId,
  };
}

/** A 417 with one message per invalid field. */
export function validationError(fields: Record<string, string>): DomainError {
  return new DomainError('VALIDATION', {}, { fields });
}
