import { nameOfCode } from './enum-helpers.ts';

/** Boarding: forms, files, offers, contracts, verification, related persons (spec §3, §4, §6). */

/** Application form status held in the consolidated record (spec §4). `none` = not started. */
export const APP_FORM_STATUSES = ['none', 'draft', 'submitted', 'signed'] as const;
export type AppFormStatus = (typeof APP_FORM_STATUSES)[number];

/** The other application form status list of spec §4 (operator review states). */
export const APP_FORM_REVIEW_STATUSES = [
  'New',
  'OpenedByMerchant',
  'Draft',
  'Submitted',
  'Approved',
  'Declined',
  'Pending',
] as const;
export type AppFormReviewStatus = (typeof APP_FORM_REVIEW_STATUSES)[number];

/** Numeric file status codes (spec §3). */
export const FILE_STATUS_CODE = {
  ACTIVE: 1,
  PENDING_VERIFICATION: 2,
  PENDING_COMMENT: 3,
  VERIFIED: 4,
  VERIFIED_COMMENT: 5,
  DECLINED: 6,
  EXPIRED: 7,
  VERIFICATION_ERROR: 8,
  MANUALLY_VERIFIED: 9,
  MANUALLY_DECLINED: 10,
} as const;
export type FileStatusCodeName = keyof typeof FILE_STATUS_CODE;
export type FileStatusCode = (typeof FILE_STATUS_CODE)[FileStatusCodeName];

/** File status names (spec §4) in the camelCase the browser shows, keyed by the numeric code's name. */
export const FILE_STATUS_NAME = {
  ACTIVE: 'active',
  PENDING_VERIFICATION: 'pendingVerification',
  PENDING_COMMENT: 'pendingComment',
  VERIFIED: 'verified',
  VERIFIED_COMMENT: 'verifiedComment',
  DECLINED: 'declined',
  EXPIRED: 'expired',
  VERIFICATION_ERROR: 'verificationError',
  MANUALLY_VERIFIED: 'manuallyVerified',
  MANUALLY_DECLINED: 'manuallyDeclined',
} as const satisfies Record<FileStatusCodeName, string>;
export type FileStatus = (typeof FILE_STATUS_NAME)[FileStatusCodeName];

/** File statuses in code order (1 … 10). */
export const FILE_STATUSES = Object.values(FILE_STATUS_NAME);

/** The camelCase file status of a numeric code, or undefined for an unknown number. */
export function fileStatusOfCode(code: number): FileStatus | undefined {
  const name = nameOfCode(FILE_STATUS_CODE, code);
  return name === undefined ? undefined : FILE_STATUS_NAME[name];
}

/** Actions on an application file (spec §4). */
export const FILE_ACTIONS = ['download', 'runVerification', 'getResult', 'submitComments', 'view'] as const;
export type FileAction = (typeof FILE_ACTIONS)[number];

/** File extensions accepted for application files (spec §1, §5): only PDF and CSV. */
export const APP_FILE_EXTENSIONS = ['pdf', 'csv'] as const;
export type AppFileExtension = (typeof APP_FILE_EXTENSIONS)[number];

/** Offer status codes (spec §4): created → approved → converted, or declined. No 1 in the spec. */
export const OFFER_STATUS = { declined: 0, created: 2, approved: 3, converted: 4 } as const;
export type OfferStatus = keyof typeof OFFER_STATUS;
export type OfferStatusCode = (typeof OFFER_STATUS)[OfferStatus];

/** Allowed offer transitions (spec §4). */
export const OFFER_TRANSITIONS = {
  created: ['approved', 'declined'],
  approved: ['converted'],
  declined: [],
  converted: [],
} as const satisfies Record<OfferStatus, readonly OfferStatus[]>;

/** Contract status codes (spec §4): initialized → created → signed, or declined. */
export const CONTRACT_STATUS = { declined: 0, initialized: 1, created: 2, signed: 3 } as const;
export type ContractStatus = keyof typeof CONTRACT_STATUS;
export type ContractStatusCode = (typeof CONTRACT_STATUS)[ContractStatus];

/** Allowed contract transitions (spec §4); declining is possible until signed. */
export const CONTRACT_TRANSITIONS = {
  initialized: ['created', 'declined'],
  created: ['signed', 'declined'],
  signed: [],
  declined: [],
} as const satisfies Record<ContractStatus, readonly ContractStatus[]>;

/** Contract kinds (spec §2: main and supplementary; type NDA in §3). */
export const CONTRACT_TYPES = ['main', 'supplementary', 'NDA'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

/** Contract actions (spec §3). */
export const CONTRACT_ACTIONS = ['view', 'sign', 'decline'] as const;
export type ContractAction = (typeof CONTRACT_ACTIONS)[number];

/**
 * ID and facial verification status (spec §4). `none` = never started; DECLINED_AML goes to
 * manual approval with the text 'AML screening failed'.
 */
export const VERIFICATION_STATUSES = [
  'none',
  'PENDING',
  'ACCEPTED',
  'DECLINED',
  'DECLINED_AML',
  'UNKNOWN',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Decline text shown for DECLINED_AML (spec §4, §8). */
export const AML_DECLINE_TEXT = 'AML screening failed';

/** Boarding roles / scopes holders (spec §6): boarding contact, authorized signatory, legal rep, BO. */
export const BOARDING_ROLES = ['bc', 'as', 'lr', 'bo'] as const;
export type BoardingRole = (typeof BOARDING_ROLES)[number];

/** Readable names of the boarding roles (glossary). */
export const BOARDING_ROLE_NAMES = {
  bc: 'Boarding Contact',
  as: 'Authorized Signatory',
  lr: 'Legal Representative',
  bo: 'Beneficial Owner',
} as const satisfies Record<BoardingRole, string>;

/** The three related-person lists of the consolidated record (spec §3). */
export const RELATED_PERSON_LISTS = ['auth_signs', 'legal_reps', 'beneficial_owners'] as const;
export type RelatedPersonList = (typeof RELATED_PERSON_LISTS)[number];

/** Identity document types of a person (spec §3). */
export const DOCUMENT_TYPES = ['passport', 'driverLicense', 'idCard', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Corporate document types (spec §3). */
export const CORPORATE_DOCUMENT_TYPES = ['incorpDoc', 'other'] as const;
export type CorporateDocumentType = (typeof CORPORATE_DOCUMENT_TYPES)[number];

/** PCI DSS compliance levels by yearly card transaction volume (spec §3). */
export const PCI_DSS_LEVELS = ['Level1', 'Level2', 'Level3', 'Level4'] as const;
export type PciDssLevel = (typeof PCI_DSS_LEVELS)[number];

/** AML risk level of a compliance evaluation (spec §3). */
export const AML_RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type AmlRiskLevel = (typeof AML_RISK_LEVELS)[number];

/** AML questions asked of each related person (spec §3). */
export const AML_QUESTIONS = [
  'pep',
  'pepRelativeOrAssociate',
  'convicted',
  'investigated',
  'licenceSuspended',
  'bankruptcy',
] as const;
export type AmlQuestion = (typeof AML_QUESTIONS)[number];

/** Meeting answers on the verification page (spec §2). */
export const MEETING_ACCEPT_STATUSES = ['accept', 'tentative', 'decline'] as const;
export type MeetingAcceptStatus = (typeof MEETING_ACCEPT_STATUSES)[number];

/** Meeting invitee kinds (spec §2: query user_id, contact_id or lead_id). */
export const MEETING_INVITEE_TYPES = ['user', 'contact', 'lead'] as const;
export type MeetingInviteeType = (typeof MEETING_INVITEE_TYPES)[number];
