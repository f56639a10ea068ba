/**
 * Field errors of the boarding forms as codes with parameters (issue 16): domain rules and the
 * server answer `fields: { path: "<CODE>" | "<CODE>?name=value&…" }`, never English sentences;
 * the browser shows `errors:field.<CODE>` in the user's language. The locales test requires a
 * translation of every code below in every translated language.
 */
export const BOARDING_FIELD_ERROR_CODES = [
  'REQUIRED',
  'INVALID',
  'TOO_LONG',
  'TOO_MANY',
  'NUMBER_TOO_SMALL',
  'NUMBER_TOO_LARGE',
  'NOT_INTEGER',
  'NOT_NUMERIC',
  'NOT_ENGLISH',
  'COUNTRY_INVALID',
  'DATE_FORMAT',
  'URL_INVALID',
  'PERCENT_INVALID',
  'GIIN_INVALID',
  'EMAIL_INVALID',
  'PHONE_INVALID',
  'POSTAL_CODE_INVALID',
  'CHOICE_INVALID',
  'DATE_REQUIRED',
  'DATE_INVALID',
  'DATE_BEFORE_MIN',
  'DATE_IN_FUTURE',
  'AGE_TOO_YOUNG',
  'AGE_TOO_OLD',
  'DOCUMENT_EXPIRES_TOO_SOON',
  'DOCUMENT_EXPIRY_TOO_LATE',
  'ROLE_REQUIRED',
  'AUTHORITY_REQUIRED',
  'OWNERSHIP_NOT_POSITIVE',
  'OWNERSHIP_OVER_100',
  'OWNERSHIP_REQUIRED',
  'OWNERSHIP_TOTAL_OVER_100',
  'BANKRUPTCY_INCONSISTENT',
  'AS_REQUIRED',
  'LR_REQUIRED',
  'BO_REQUIRED',
  'MIN_OVER_MAX',
  'EMAIL_TAKEN_BY_PERSON',
  'PRINCIPAL_REQUIRED',
  'NOT_AUTHORIZED_SIGNATORY',
  'NOT_LEGAL_REPRESENTATIVE',
  'MCC_INVALID',
  'RATIO_INVALID',
  'RATIO_OVER_100',
  'DUPLICATE_VALUE',
  'WALLET_ADDRESS_INVALID',
  'QUESTIONNAIRE_REQUIRED',
  'LICENCE_REQUIRED_FOR_CUSTODY',
  'TRAVEL_RULE_PROVIDER_REQUIRED',
  'SIGNATURE_REQUIRED',
  'SIGNATURE_TOO_LARGE',
  'CURRENCY_UNKNOWN',
  'CURRENCY_NOT_IN_LIST',
  'AMOUNT_DECIMALS',
  'CODE_6_DIGITS',
  'NOT_FOUND',
  'DATE_NOT_IN_FUTURE',
] as const;

export type BoardingFieldErrorCode = (typeof BOARDING_FIELD_ERROR_CODES)[number];
export type FieldErrorParams = Record<string, string | number>;
/** Field path → encoded field error (see {@link fieldError}). */
export type FieldErrors = Record<string, string>;

const CODES: ReadonlySet<string> = new Set(BOARDING_FIELD_ERROR_CODES);

/** Encodes a field error: `REQUIRED`, `TOO_LONG?max=200`. */
export function fieldError(code: BoardingFieldErrorCode, params: FieldErrorParams = {}): string {
  const query = new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return query ? `${code}?${query}` : code;
}

/** Decodes a field error; null for anything that is not a known code (e.g. older English text). */
export function parseFieldError(
  value: string,
): { code: BoardingFieldErrorCode; params: Record<string, string> } | null {
  const at = value.indexOf('?');
  const code = at < 0 ? value : value.slice(0, at);
  if (!CODES.has(code)) return null;
  const params = at < 0 ? {} : Object.fromEntries(new URLSearchParams(value.slice(at + 1)));
  return { code: code as BoardingFieldErrorCode, params };
}
