import {
  CONTRACT_TRANSITIONS,
  type ContractStatus,
  OFFER_TRANSITIONS,
  type OfferStatus,
  type VerificationStatus,
} from '../enums/boarding.ts';

export function canOfferTransition(from: OfferStatus, to: OfferStatus): boolean {
  const next: readonly OfferStatus[] = OFFER_TRANSITIONS[from];
  return next.includes(to);
}

export function canContractTransition(from: ContractStatus, to: ContractStatus): boolean {
  const next: readonly ContractStatus[] = CONTRACT_TRANSITIONS[from];
  return next.includes(to);
}

/**
 * ID & facial verification (spec §4): a check starts PENDING and ends ACCEPTED, DECLINED,
 * DECLINED_AML or UNKNOWN; the person may verify again after DECLINED or UNKNOWN (and recheck a
 * PENDING one); DECLINED_AML waits for the operator's manual approval or decline.
 */
export const VERIFICATION_TRANSITIONS = {
  none: ['PENDING'],
  PENDING: ['PENDING', 'ACCEPTED', 'DECLINED', 'DECLINED_AML', 'UNKNOWN'],
  ACCEPTED: [],
  DECLINED: ['PENDING'],
  DECLINED_AML: ['ACCEPTED', 'DECLINED'],
  UNKNOWN: ['PENDING'],
} as const satisfies Record<VerificationStatus, readonly VerificationStatus[]>;

export function canVerificationTransition(from: VerificationStatus, to: VerificationStatus): boolean {
  const next: readonly VerificationStatus[] = VERIFICATION_TRANSITIONS[from];
  return next.includes(to);
}

/** Verification states in which the person may (re)start a check. */
export const canStartVerification = (s: VerificationStatus) =>
  canVerificationTransition(s, 'PENDING') && s !== 'PENDING';
