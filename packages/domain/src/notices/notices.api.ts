import { z } from 'zod';
import { defineRoute, ok, pageParams, positiveInt, sortOrder } from '../api/route.ts';
import { PLATFORM_LABELS } from '../platform/platform.ts';
import {
  NOTICE_AUDIENCES,
  NOTICE_FILTER_PARAMS,
  NOTICE_LIST_STATUSES,
  NOTICE_PAGE_SIZE,
  NOTICE_SORT_PARAMS,
} from './notice-options.ts';

export * from './notice-options.ts';

const tag = 'notices';

const isoDate = z.iso.date('Use a date as YYYY-MM-DD.');

export const noticeViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  created: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  read_status: z.union([z.literal(0), z.literal(1)]),
});
export type NoticeView = z.infer<typeof noticeViewSchema>;

export const noticeListBodySchema = z.object({
  /** Spec §7 also sends the status in the body; the path segment wins when both are given. */
  status: z.enum(NOTICE_LIST_STATUSES).optional(),
  rows: positiveInt.max(100).default(NOTICE_PAGE_SIZE),
  sort_param: z.enum(NOTICE_SORT_PARAMS).default('created'),
  sort_order: sortOrder.default('desc'),
  filter_param: z.enum(NOTICE_FILTER_PARAMS).default('any'),
  filter_value: z.string().trim().max(200).optional(),
});

export const newNoticeSchema = z
  .object({
    title: z.string().trim().min(1, 'Required.').max(200, 'Too long.'),
    text: z.string().trim().min(1, 'Required.').max(10_000, 'Too long.'),
    audience: z.enum(NOTICE_AUDIENCES),
    platform: z.enum(PLATFORM_LABELS).optional(),
    merchant_id: z.uuid('Not found.').optional(),
    starts_on: isoDate,
    ends_on: isoDate,
  })
  .superRefine((v, ctx) => {
    if (v.ends_on < v.starts_on)
      ctx.addIssue({ code: 'custom', path: ['ends_on'], message: 'The end date is before the start date.' });
    if (v.audience === 'platform' && !v.platform)
      ctx.addIssue({ code: 'custom', path: ['platform'], message: 'Required.' });
    if (v.audience === 'company' && !v.merchant_id)
      ctx.addIssue({ code: 'custom', path: ['merchant_id'], message: 'Required.' });
  });
export type NewNotice = z.infer<typeof newNoticeSchema>;

export const staffNoticeSchema = noticeViewSchema.omit({ read_status: true }).extend({
  audience: z.enum(NOTICE_AUDIENCES),
  platform: z.string().nullable(),
  merchant_id: z.string().nullable(),
  merchant_name: z.string().nullable(),
  reads: z.number().int(),
});

export const noticeRoutes = {
  noticesList: defineRoute({
    method: 'POST',
    path: '/notices/:status/:page',
    summary: 'System notices for the caller: status unread|read|all, page; 5 per page, created descending',
    tag,
    auth: 'user',
    right: 'notices/getPaginatedNotices',
    params: z.object({ status: z.enum(NOTICE_LIST_STATUSES), page: positiveInt }),
    body: noticeListBodySchema,
    response: ok({ total: z.number().int(), notices: z.array(noticeViewSchema) }),
  }),
  noticeGet: defineRoute({
    method: 'GET',
    path: '/notices/get_record/:id',
    summary: 'One system notice addressed to the caller',
    tag,
    auth: 'user',
    right: 'notices/getNotice',
    errors: ['NOTICE_NOT_FOUND'],
    params: z.object({ id: z.uuid('Not found.') }),
    response: ok({ notice: noticeViewSchema }),
  }),
  noticesReadStatus: defineRoute({
    method: 'POST',
    path: '/notices/read_status',
    summary: 'Mark notices read for the caller',
    tag,
    auth: 'user',
    right: 'notices/markAsRead',
    errors: ['NOTICE_NOT_FOUND'],
    body: z.object({ notices: z.array(z.uuid('Not found.')).min(1, 'Required.').max(100) }),
    response: ok({ message: z.string() }),
  }),
  opNoticeCreate: defineRoute({
    method: 'POST',
    path: '/operator/notices',
    summary: 'Publish a system notice to all clients, one platform label or one company',
    tag: 'operator',
    auth: 'admin',
    right: 'operator/console',
    errors: ['NOTICE_AUDIENCE_INVALID'],
    body: newNoticeSchema,
    response: ok({ notice: staffNoticeSchema }),
  }),
  opNoticesList: defineRoute({
    method: 'POST',
    path: '/operator/notices/list/:page/:rows',
    summary: 'Published notices, newest first',
    tag: 'operator',
    auth: 'admin',
    right: 'operator/console',
    params: pageParams,
    body: z.object({}),
    response: ok({ notices: z.array(staffNoticeSchema), total: z.number().int() }),
  }),
} as const;
