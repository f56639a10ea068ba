import { type CaseStatus, FINAL_CASE_STATUSES } from '../enums/messages.ts';

/** Message types a client can pick (spec §7 `GET /message_types/`; codes are ours, docs/decisions.md). */
export const MESSAGE_TYPES = [
  'general',
  'payments',
  'accounts',
  'compliance',
  'technical',
  'complaint',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/**
 * Attachment limits (spec §5 leaves the size open; docs/decisions.md): the same two types as
 * application files, judged by content, at most 10 MB each and 5 per message.
 */
export const MESSAGE_ATTACHMENT_LIMITS = {
  maxFileBytes: 10 * 1024 * 1024,
  maxFileMb: 10,
  maxFiles: 5,
  extensions: ['pdf', 'csv'] as const,
} as const;

/** Sortable columns and text filters of the message list. */
export const MESSAGE_SORT_PARAMS = ['created', 'priority', 'case_number', 'subject'] as const;
export const MESSAGE_FILTER_PARAMS = ['any', 'subject', 'text', 'case_number'] as const;

/** Case statuses where the client may delete a message or the whole thread (docs/decisions.md). */
export const DELETABLE_CASE_STATUSES = ['Created'] as const satisfies readonly CaseStatus[];

export const canDeleteInCase = (status: CaseStatus): boolean =>
  (DELETABLE_CASE_STATUSES as readonly CaseStatus[]).includes(status);

export const isFinalCaseStatus = (status: CaseStatus): boolean =>
  (FINAL_CASE_STATUSES as readonly CaseStatus[]).includes(status);

/**
 * Case status moves staff may make: any open status to any other status; a finished case only
 * reopens to In Progress; nothing goes back to Created.
 */
export function canMoveCase(from: CaseStatus, to: CaseStatus): boolean {
  if (from === to || to === 'Created') return false;
  if (isFinalCaseStatus(from)) return to === 'In Progress';
  return true;
}

/** Case number shown to people: `C-` and six digits at least (given at creation from a sequence). */
export const formatCaseNumber = (n: number): string => `C-${String(n).padStart(6, '0')}`;

/** Parses `C-000123`, `c123` or `123` into the sequence number, for the case-number filter. */
export function parseCaseNumber(text: string): number | null {
  const m = /^\s*(?:c-?)?0*(\d{1,12})\s*$/i.exec(text);
  return m?.[1] ? Number(m[1]) : null;
}
