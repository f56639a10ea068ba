/** Messages, support cases, notices and notifications (spec §3, §4). */

/** Message priorities (spec §3). */
export const MESSAGE_PRIORITIES = ['high', 'medium', 'low'] as const;
export type MessagePriority = (typeof MESSAGE_PRIORITIES)[number];

/** Support case statuses (spec §3), spelled as shown. */
export const CASE_STATUSES = [
  'Created',
  'In Progress',
  'On Hold',
  'External Investigating',
  'Closed',
  'Declined-Closed',
] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** Case statuses after which the case is finished (deletion rules depend on it, spec §8). */
export const FINAL_CASE_STATUSES = ['Closed', 'Declined-Closed'] as const satisfies readonly CaseStatus[];

/** Message folders (spec §2). */
export const MESSAGE_FOLDERS = ['inbox', 'outbox'] as const;
export type MessageFolder = (typeof MESSAGE_FOLDERS)[number];

/** Creation source stamped on records made through this front end (spec §3). */
export const CREATION_SOURCE = 'FRONT_7';

/** Notice read states used by the notices list (spec §7: first page shows unread). */
export const NOTICE_READ_STATUSES = ['unread', 'read'] as const;
export type NoticeReadStatus = (typeof NOTICE_READ_STATUSES)[number];

/**
 * Unseen-notification flag (spec §4): values 1 to 4, changing when notification panels open.
 * The meaning of each value is not shown; the domain only keeps the range.
 */
export const NOTIFICATION_UNSEEN_VALUES = [1, 2, 3, 4] as const;
export type NotificationUnseen = (typeof NOTIFICATION_UNSEEN_VALUES)[number];

/** Maintenance states (spec §4; `none` when nothing is planned). */
export const MAINTENANCE_STATES = ['none', 'planned', 'started'] as const;
export type MaintenanceStateName = (typeof MAINTENANCE_STATES)[number];
