/** Business constants and limits of spec §9 (and the numbers §4, §5, §8 give). */

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Ages a related person may have (inclusive). */
export const PERSON_AGE = { min: 16, max: 85 } as const;

/** Earliest date any date field accepts (ISO). */
export const MIN_DATE = '1900-01-01';

/** Expiry date meaning "permanent document" (spec §5: use 31/12/2099). */
export const PERMANENT_DOCUMENT_EXPIRY = '2099-12-31';

/** A document must stay valid at least this many months from today. */
export const DOCUMENT_EXPIRY_MIN_MONTHS = 1;

/**
 * Sort codes / bank codes of IBANs the provider itself allocated: a payout to one of them is an
 * internal payment. GB: the 6-digit sort code after the bank code; LT: the 5-digit bank code.
 */
export const INTERNAL_IBAN_PREFIXES = {
  GB: ['009971', '041307', '041308'],
  LT: ['39500', '39501'],
} as const;

/** Australian BECS bank code of the provider. */
export const BECS_BANK_CODE = '802985';

/** Full IBAN lengths of the provider's own IBAN countries (filter rule of spec §5). */
export const PROVIDER_IBAN_LENGTHS = { GB: 22, LT: 20 } as const;

/** Paging defaults. */
export const WALLET_PAGE_SIZE = 10;
export const NOTICES_PAGE_SIZE = 5;

/** Browser polling and timing. */
export const NOTIFICATION_CHECK_INTERVAL_MS = 300_000;
export const OUTBOUND_NOTIFICATION_FIRST_DELAY_MS = 3 * SECOND_MS;
/** Delay before scrolling to a field with an error. */
export const FIELD_SCROLL_DELAY_MS = 200;

/** Session token lifetime; the expiry the browser works with is TTL + 59 s of grace. */
export const TOKEN_TTL_MS = 830_000;
export const TOKEN_EXPIRY_GRACE_MS = 59_000;
export const TOKEN_EXPIRY_TTL_MS = TOKEN_TTL_MS + TOKEN_EXPIRY_GRACE_MS;
/** Session storage key of the token. */
export const TOKEN_STORAGE_KEY = 'id_token';

/** Escrow deal TTL in hours (inclusive). */
export const ESCROW_TTL_HOURS = { min: 1, max: 24 } as const;

/** Length of MFA (TOTP) and OTP codes. */
export const MFA_CODE_LENGTH = 6;
export const OTP_CODE_LENGTH = 6;

/** A reset password must be changed within this time. */
export const PASSWORD_RESET_WINDOW_MS = 15 * MINUTE_MS;

/** Working window on given ISO weekdays (1 = Monday … 7 = Sunday), times as HH:MM in `timeZone`. */
export interface WorkingWindow {
  readonly weekdays: readonly number[];
  readonly start: string;
  readonly end: string;
  readonly timeZone: string;
}

const MON_FRI = [1, 2, 3, 4, 5] as const;

/** CHAPS operating hours: Mon–Fri 07:00–16:00 UTC. */
export const CHAPS_HOURS = {
  weekdays: MON_FRI,
  start: '07:00',
  end: '16:00',
  timeZone: 'UTC',
} as const satisfies WorkingWindow;

/** International CHAPS fee in pence (£35) unless the contract says otherwise. */
export const CHAPS_INTERNATIONAL_FEE_MINOR = 3_500n;
export const CHAPS_INTERNATIONAL_FEE_CURRENCY = 'GBP';

/** Support working hours: Mon–Fri 9–18 CET. */
export const WORKING_HOURS = {
  weekdays: MON_FRI,
  start: '09:00',
  end: '18:00',
  timeZone: 'Europe/Paris',
} as const satisfies WorkingWindow;

/** On-chain payouts are requested between 6:00 and 12:00 UK time. */
export const ONCHAIN_PAYOUT_WINDOW = {
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  start: '06:00',
  end: '12:00',
  timeZone: 'Europe/London',
} as const satisfies WorkingWindow;

/** USD on-chain transfers not settled by this UK time are cancelled. */
export const ONCHAIN_USD_CANCEL_AFTER = { time: '12:30', timeZone: 'Europe/London' } as const;

/** Application files expire three months after upload. */
export const FILE_EXPIRY_MONTHS = 3;

/** A beneficial owner holds more than this share (percent). */
export const BENEFICIAL_OWNER_THRESHOLD_PERCENT = 25;
/** Ownership per person is above 0 and at most 100 in total across beneficial owners. */
export const OWNERSHIP_TOTAL_MAX_PERCENT = 100;

/** Micro-enterprise: under 10 staff and turnover or balance sheet up to EUR 2 million. */
export const MICRO_ENTERPRISE = {
  maxStaffExclusive: 10,
  maxTurnoverOrBalanceEurMinor: 200_000_000n,
} as const;

/** AML question "bankruptcy in the last N years". */
export const BANKRUPTCY_LOOKBACK_YEARS = 10;

/** Fee statements exist from January 2025 and go back at most 3 years. */
export const FEE_STATEMENT_FIRST_PERIOD = { year: 2025, month: 1 } as const;
export const FEE_STATEMENT_LOOKBACK_YEARS = 3;
/** The previous month's fee statement is available only after this day of the current month. */
export const FEE_STATEMENT_AVAILABLE_AFTER_DAY = 5;

/** IP white list changes take up to this long to apply. */
export const IP_WHITELIST_PROPAGATION_MS = 20 * MINUTE_MS;

/** Postback (notification) delivery: ack timeout, retries, schedule. */
export const POSTBACK_ACK_TIMEOUT_MS = 10 * SECOND_MS;
export const POSTBACK_FIRST_RETRY_MS = 30 * MINUTE_MS;
export const POSTBACK_RETRY_WINDOW_MS = 7 * DAY_MS;
export const POSTBACK_MAX_ATTEMPTS = 50;

/** Each pause is this much longer than the previous one. */
export const POSTBACK_RETRY_STEP_MS = 7 * MINUTE_MS;

/**
 * Pause before the next delivery after delivery number `failedAttempt` failed (1 = the first
 * delivery), or null when no attempt is left. The spec fixes the first pause (30 min), "growing
 * intervals for 7 days" and 50 attempts; pauses grow linearly by 7 minutes, which puts the 50th
 * attempt at about 6.7 days, so both limits matter and neither cuts the other short.
 * `elapsedMs` is the time since the first delivery.
 */
export function postbackRetryDelayMs(failedAttempt: number, elapsedMs: number): number | null {
  if (!Number.isInteger(failedAttempt) || failedAttempt < 1 || failedAttempt >= POSTBACK_MAX_ATTEMPTS)
    return null;
  const delay = POSTBACK_FIRST_RETRY_MS + POSTBACK_RETRY_STEP_MS * (failedAttempt - 1);
  return elapsedMs + delay > POSTBACK_RETRY_WINDOW_MS ? null : delay;
}

/** Data protection: answer within one month, extendable by two; breaches notified within 72 h. */
export const DATA_REQUEST_RESPONSE_MONTHS = 1;
export const DATA_REQUEST_EXTENSION_MONTHS = 2;
export const DATA_BREACH_NOTICE_MS = 72 * HOUR_MS;

/** UI constants. */
export const NOTIFICATION_DIALOG_Z_INDEX = 6000;
/** Zoom-out factor applied between the medium breakpoint and this width. */
export const ZOOM_OUT_FACTOR = 1.25;
export const ZOOM_OUT_MAX_WIDTH_PX = 1280;
/** A window lower than this counts as small. */
export const SMALL_WINDOW_HEIGHT_PX = 600;
/** Barcode symbology on printouts. */
export const BARCODE_SYMBOLOGY = 'code128';

/** Maintenance starting within this time makes a 403 the maintenance-started state (spec §8). */
export const MAINTENANCE_IMMINENT_MS = 5 * MINUTE_MS;
