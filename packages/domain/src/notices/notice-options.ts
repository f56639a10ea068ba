// Zod-free, so the notification centre (on every signed-in screen) does not load the notices
// schemas and zod with them (issue 15).
import { NOTICE_READ_STATUSES } from '../enums/messages.ts';

/** First page of the notices panel (spec §9): 5 unread, created descending. */
export const NOTICE_PAGE_SIZE = 5;
export const NOTICE_LIST_STATUSES = [...NOTICE_READ_STATUSES, 'all'] as const;
export const NOTICE_SORT_PARAMS = ['created', 'title', 'starts_on'] as const;
export const NOTICE_FILTER_PARAMS = ['any', 'title', 'text'] as const;
export const NOTICE_AUDIENCES = ['all', 'platform', 'company'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];
