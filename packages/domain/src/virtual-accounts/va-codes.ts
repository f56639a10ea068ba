import {
  IBAN_CHECK_RULE_CODES,
  type IbanCheckRuleCode,
  VA_CLOSURE_REASONS,
  VA_REASON_TARGET_STATUS,
  type VaClosureReasonCode,
} from '../enums/wallets.ts';

// VA_STATUSES, VA_REQUEST_STATUSES and the VAAC codes live in enums/wallets.ts (spec lists); this
// file adds what the VA area needs on top of them.
export { VA_REQUEST_STATUSES, VA_STATUSES, type VaRequestStatus, type VaStatus } from '../enums/wallets.ts';

/** Who the VA is for (spec §3 clientType). */
export const VA_CLIENT_TYPES = ['individual', 'corporate'] as const;
export type VaClientType = (typeof VA_CLIENT_TYPES)[number];

/** IBAN check rule codes of a VA group (spec §4). */
export const VA_CHECK_RULE_CODES = IBAN_CHECK_RULE_CODES;
export type VaCheckRuleCode = IbanCheckRuleCode;

/** Levels a group may carry (spec §3 `level`); 1 is the standard level, higher levels need more due diligence. */
export const VA_LEVELS = [1, 2, 3] as const;

/** Compliance check a request runs (spec §3); enhanced sends the request to `pending` for review. */
export const VA_COMPLIANCE_CHECK_TYPES = ['standard', 'enhanced', 'none'] as const;
export type VaComplianceCheckType = (typeof VA_COMPLIANCE_CHECK_TYPES)[number];

/** VA closure and disabling reason codes (spec §3), with the spec's English meaning. */
export const VAAC_CODES = VA_CLOSURE_REASONS;
export type VaacCode = VaClosureReasonCode;
export const VAAC_CODE_LIST = Object.keys(VAAC_CODES) as VaacCode[];

/** Codes whose meaning is disabling (VAAC02x) and closing (VAAC01x, VAAC03x). */
export const VAAC_DISABLE_CODES = VAAC_CODE_LIST.filter((c) => VA_REASON_TARGET_STATUS[c] === 'disabled');
export const VAAC_CLOSE_CODES = VAAC_CODE_LIST.filter((c) => VA_REASON_TARGET_STATUS[c] === 'closed');
/** What a client user may pick; the others are the provider's own (staff) reasons. */
export const VAAC_CLIENT_CODES = {
  disable: ['VAAC020'],
  close: ['VAAC010'],
} as const satisfies Record<'disable' | 'close', readonly VaacCode[]>;

/** Client-side VA actions of `ibans/actions/{action}/{wallet}`. */
export const VA_ACTIONS = ['disable', 'enable', 'close'] as const;
export type VaAction = (typeof VA_ACTIONS)[number];

/** Simulated banking-details sync after allocation (spec §8 'retry in a couple of minutes'). */
export const VA_DETAILS_SYNC_MS = 2 * 60_000;

/** Expected turnover maximum in EUR per month; the spec hides the value (docs/decisions.md). */
export const VA_MAX_EXPECTED_TURNOVER_EUR = 100_000_000;

/** BO information length limit ('Information is too long'); the spec hides the value. */
export const VA_BO_INFO_MAX = 500;
