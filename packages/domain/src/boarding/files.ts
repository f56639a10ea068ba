import {
  APP_FILE_EXTENSIONS,
  type AppFileExtension,
  FILE_STATUS_CODE,
  type FileStatusCodeName,
} from '../enums/boarding.ts';

/** Application file types, grouped as the upload screen shows them; `required` types must be uploaded. */
export const APP_FILE_TYPES = {
  incorporationCertificate: { group: 'company', required: true },
  articlesOfAssociation: { group: 'company', required: true },
  shareholderRegister: { group: 'company', required: true },
  proofOfAddress: { group: 'company', required: true },
  authorityBasis: { group: 'authority', required: true },
  licence: { group: 'licence', required: false },
  financialStatements: { group: 'finance', required: false },
  bankStatements: { group: 'finance', required: false },
  transactionHistory: { group: 'finance', required: false },
  other: { group: 'other', required: false },
} as const satisfies Record<string, { group: string; required: boolean }>;
export type AppFileType = keyof typeof APP_FILE_TYPES;
export const APP_FILE_TYPE_NAMES = Object.keys(APP_FILE_TYPES) as AppFileType[];

/** Upload limits (spec §5 names them without values; docs/decisions.md). */
export const APP_FILE_LIMITS = {
  maxFileBytes: 10 * 1024 * 1024,
  maxTotalBytes: 50 * 1024 * 1024,
  maxFiles: 50,
  maxNameLength: 120,
} as const;

/** File name rule of spec §5: letters, digits and ()!*.'_- & and space. */
const FILE_NAME = /^[\p{L}\p{N}()!*.'_\- &]+$/u;

export type FileNameError = 'FILE_NAME_INVALID' | 'FILE_EXTENSION_INVALID';

/** Checks a file name and returns its extension, or the reason it is refused. */
export function checkFileName(name: string): { ext: AppFileExtension } | { error: FileNameError } {
  const trimmed = name.trim();
  if (
    !trimmed ||
    trimmed.length > APP_FILE_LIMITS.maxNameLength ||
    !FILE_NAME.test(trimmed) ||
    trimmed.startsWith('.')
  )
    return { error: 'FILE_NAME_INVALID' };
  const ext = trimmed.split('.').pop()?.toLowerCase() ?? '';
  const allowed: readonly string[] = APP_FILE_EXTENSIONS;
  if (!trimmed.includes('.') || !allowed.includes(ext)) return { error: 'FILE_EXTENSION_INVALID' };
  return { ext: ext as AppFileExtension };
}

/** Required file types still missing, given the types already uploaded and not declined/expired. */
export function missingRequiredFileTypes(
  present: Iterable<string>,
  opts: { hasLicence: boolean },
): AppFileType[] {
  const have = new Set(present);
  return APP_FILE_TYPE_NAMES.filter((type) => {
    const required = APP_FILE_TYPES[type].required || (type === 'licence' && opts.hasLicence);
    return required && !have.has(type);
  });
}

/**
 * File status machine (spec §4 lists the states; transitions are ours, docs/decisions.md):
 * upload → ACTIVE; run verification → PENDING_VERIFICATION; the automated check may end in
 * VERIFICATION_ERROR; the operator verifies or declines a pending file (VERIFIED[_COMMENT],
 * DECLINED) or decides without the check (MANUALLY_*); asking a question puts it in
 * PENDING_COMMENT until the applicant answers; any live file expires after three months.
 */
export const FILE_TRANSITIONS = {
  ACTIVE: ['PENDING_VERIFICATION', 'PENDING_COMMENT', 'MANUALLY_VERIFIED', 'MANUALLY_DECLINED', 'EXPIRED'],
  PENDING_VERIFICATION: [
    'VERIFIED',
    'VERIFIED_COMMENT',
    'DECLINED',
    'VERIFICATION_ERROR',
    'PENDING_COMMENT',
    'EXPIRED',
  ],
  PENDING_COMMENT: ['PENDING_VERIFICATION', 'MANUALLY_VERIFIED', 'MANUALLY_DECLINED', 'EXPIRED'],
  // The automated check verifies (issue 17); the operator can still ask about it or decline it.
  VERIFIED: ['VERIFIED_COMMENT', 'PENDING_COMMENT', 'MANUALLY_DECLINED', 'EXPIRED'],
  VERIFIED_COMMENT: ['VERIFIED', 'EXPIRED'],
  DECLINED: ['MANUALLY_VERIFIED'],
  EXPIRED: [],
  VERIFICATION_ERROR: ['PENDING_VERIFICATION', 'MANUALLY_VERIFIED', 'MANUALLY_DECLINED', 'EXPIRED'],
  MANUALLY_VERIFIED: ['EXPIRED'],
  MANUALLY_DECLINED: [],
} as const satisfies Record<FileStatusCodeName, readonly FileStatusCodeName[]>;

export function canFileTransition(from: FileStatusCodeName, to: FileStatusCodeName): boolean {
  const next: readonly FileStatusCodeName[] = FILE_TRANSITIONS[from];
  return next.includes(to);
}

/** Statuses that count as an accepted document (checklist, "verified basis of power"). */
export const FILE_ACCEPTED_STATUSES = [
  'VERIFIED',
  'VERIFIED_COMMENT',
  'MANUALLY_VERIFIED',
] as const satisfies readonly FileStatusCodeName[];
/** Statuses that no longer count as an uploaded document. */
export const FILE_DEAD_STATUSES = [
  'DECLINED',
  'EXPIRED',
  'MANUALLY_DECLINED',
] as const satisfies readonly FileStatusCodeName[];

export const fileCode = (name: FileStatusCodeName): number => FILE_STATUS_CODE[name];
