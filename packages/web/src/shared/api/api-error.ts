/** A failed call, normalised from the server's error body (design §6) or from a network failure. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly messages: string[];
  readonly fields: Record<string, string>;
  readonly params: Record<string, string | number>;
  readonly requestId: string | undefined;

  constructor(init: {
    status: number;
    code: string;
    messages?: string[];
    fields?: Record<string, string>;
    params?: Record<string, string | number>;
    requestId?: string;
  }) {
    super(init.messages?.join(', ') || init.code);
    this.status = init.status;
    this.code = init.code;
    this.messages = init.messages ?? [];
    this.fields = init.fields ?? {};
    this.params = init.params ?? {};
    this.requestId = init.requestId;
  }

  get isMaintenance(): boolean {
    return this.status === 403 && this.code === 'MAINTENANCE';
  }
}

/** The request never got an answer (offline, DNS, firewall, CORS, aborted by timeout). Code `NetworkError` (spec §8). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly code = 'NetworkError';
  constructor(override readonly cause: unknown) {
    super('NetworkError');
  }
}

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string');

/** Builds an ApiError from any status and body; error status defaults to 500 (spec §8). */
export function toApiError(status: number | undefined, body: unknown): ApiError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const messages = Array.isArray(record.messages)
    ? record.messages.filter((m): m is string => typeof m === 'string' && m.trim() !== '')
    : typeof record.message === 'string' && record.message.trim() !== ''
      ? [record.message]
      : [];
  const params =
    typeof record.params === 'object' && record.params !== null
      ? Object.fromEntries(
          Object.entries(record.params).filter(
            (entry): entry is [string, string | number] =>
              typeof entry[1] === 'string' || typeof entry[1] === 'number',
          ),
        )
      : undefined;
  return new ApiError({
    status: status && status >= 400 ? status : 500,
    code: typeof record.code === 'string' ? record.code : 'UNKNOWN',
    messages,
    fields: isStringRecord(record.fields) ? record.fields : undefined,
    params,
    requestId: typeof record.requestId === 'string' ? record.requestId : undefined,
  });
}
