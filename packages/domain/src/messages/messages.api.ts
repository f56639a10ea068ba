import { z } from 'zod';
import { defineRoute, ok, pageParams, sortOrder } from '../api/route.ts';
import { CASE_STATUSES, MESSAGE_FOLDERS, MESSAGE_PRIORITIES } from '../enums/messages.ts';
import { MESSAGE_FILTER_PARAMS, MESSAGE_SORT_PARAMS, MESSAGE_TYPES } from './messages.rules.ts';

const tag = 'messages';
/** Every member of a client company holds it (spec §6); staff pass every right check. */
const RIGHT = 'messages/unreadQuantity';

export const attachmentViewSchema = z.object({
  /** What `get_file_s3` takes as `file_link`. */
  file_link: z.string(),
  file_name: z.string(),
  size: z.number().int(),
});

export const messageViewSchema = z.object({
  id: z.string(),
  /** The thread: the uuid of the case's first message (spec §3 root_uuids). */
  root_uuid: z.string(),
  case_number: z.string(),
  crm_status: z.enum(CASE_STATUSES),
  type: z.enum(MESSAGE_TYPES),
  subject: z.string(),
  text: z.string(),
  priority: z.enum(MESSAGE_PRIORITIES),
  /** inbox: written by support to the company; outbox: written by the company's users. */
  folder: z.enum(MESSAGE_FOLDERS),
  author_name: z.string(),
  created: z.string(),
  /** 1 read, 0 unread (for the company: support's messages; for staff: the company's). */
  read_status: z.union([z.literal(0), z.literal(1)]),
  attachments: z.array(attachmentViewSchema),
});
export type MessageView = z.infer<typeof messageViewSchema>;

export const caseViewSchema = z.object({
  id: z.string(),
  case_number: z.string(),
  merchant_id: z.string(),
  merchant_name: z.string(),
  crm_status: z.enum(CASE_STATUSES),
  type: z.enum(MESSAGE_TYPES),
  subject: z.string(),
  priority: z.enum(MESSAGE_PRIORITIES),
  assigned_to: z.string().nullable(),
  assigned_name: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
  /** Company messages staff have not read yet. */
  unread: z.number().int(),
  /** The client removed the thread from its view (staff still see it). */
  deleted_by_client: z.boolean(),
});
export type CaseView = z.infer<typeof caseViewSchema>;

const text = z.string().trim().min(1, 'Required.').max(10_000, 'Too long.');
const uuidList = z.array(z.uuid('Not found.')).min(1, 'Required.').max(100);

/**
 * A new message (no root_uuid: opens a case and needs type and subject) or a reply in a thread.
 * Sent as JSON or, with attachments, as multipart form data with the same field names and `files`.
 */
export const newMessageSchema = z
  .object({
    root_uuid: z.uuid('Not found.').optional(),
    type: z.string().optional(),
    subject: z.string().trim().max(200, 'Too long.').optional(),
    text,
    priority: z.enum(MESSAGE_PRIORITIES).default('medium'),
  })
  .superRefine((v, ctx) => {
    if (v.root_uuid) return;
    if (!v.subject) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'Required.' });
    if (!v.type) ctx.addIssue({ code: 'custom', path: ['type'], message: 'Required.' });
    else if (!(MESSAGE_TYPES as readonly string[]).includes(v.type))
      ctx.addIssue({ code: 'custom', path: ['type'], message: 'Unknown message type.' });
  });
export type NewMessage = z.infer<typeof newMessageSchema>;

export const messageListBodySchema = z.object({
  crm_status: z.enum(CASE_STATUSES).optional(),
  type: z.enum(MESSAGE_TYPES).optional(),
  filter_param: z.enum(MESSAGE_FILTER_PARAMS).default('any'),
  filter_value: z.string().trim().max(200).optional(),
  sort_param: z.enum(MESSAGE_SORT_PARAMS).default('created'),
  /** Only unread messages. */
  unread: z.boolean().optional(),
});

export const messageRoutes = {
  messageTypes: defineRoute({
    method: 'GET',
    path: '/message_types/',
    summary: 'Message types a client can choose for a new message',
    tag,
    auth: 'user',
    right: RIGHT,
    response: ok({ message_types: z.array(z.object({ code: z.enum(MESSAGE_TYPES) })) }),
  }),
  messagesList: defineRoute({
    method: 'POST',
    path: '/messages/:folder/:page/:rows/:order',
    summary:
      'Inbox or outbox of the current company: folder, page, rows per page, sort order (created descending by default)',
    tag,
    auth: 'user',
    right: RIGHT,
    errors: ['FORBIDDEN'],
    params: pageParams.extend({ folder: z.enum(MESSAGE_FOLDERS), order: sortOrder }),
    body: messageListBodySchema,
    response: ok({ messages: z.array(messageViewSchema), total: z.number().int() }),
  }),
  messagesLinkedList: defineRoute({
    method: 'GET',
    path: '/messages/linked_list/:id',
    summary: 'The thread of a message (any of its messages or its root uuid), oldest first',
    tag,
    auth: 'user',
    right: RIGHT,
    errors: ['FORBIDDEN', 'MESSAGE_NOT_FOUND'],
    params: z.object({ id: z.uuid('Not found.') }),
    response: ok({ case: caseViewSchema.omit({ unread: true }), messages: z.array(messageViewSchema) }),
  }),
  messagesAdd: defineRoute({
    method: 'POST',
    path: '/messages/add',
    summary:
      'New message to support (opens a case with a case number) or a reply (root_uuid); JSON or multipart with files',
    tag,
    auth: 'user',
    right: RIGHT,
    errors: [
      'ATTACHMENT_CONTENT_INVALID',
      'ATTACHMENT_COUNT_EXCEEDED',
      'ATTACHMENT_SIZE_EXCEEDED',
      'FORBIDDEN',
      'MESSAGE_CASE_CLOSED',
      'VALIDATION',
    ],
    response: ok({ message: messageViewSchema }),
  }),
  messagesDelete: defineRoute({
    method: 'POST',
    path: '/messages/delete',
    summary: 'Delete messages from the company view (only while the case status allows it)',
    tag,
    auth: 'user',
    right: RIGHT,
    errors: ['FORBIDDEN', 'MESSAGE_DELETE_DENIED', 'MESSAGE_DELETE_FAILED'],
    body: z.object({ messages: uuidList }),
    response: ok({ deleted: z.number().int() }),
  }),
  messagesDeleteSequence: defineRoute({
    method: 'POST',
    path: '/messages/delete_sequence',
    summary: 'Delete whole threads by root uuid (only while the case status allows it)',
    tag,
    auth: 'user',
    right: RIGHT,
    errors: ['FORBIDDEN', 'MESSAGE_DELETE_DENIED', 'MESSAGE_SEQUENCE_DELETE_FAILED'],
    body: z.object({ root_uuids: uuidList }),
    response: ok({ deleted: z.number().int() }),
  }),
  messagesReadStatus: defineRoute({
    method: 'POST',
    path: '/messages/read_status',
    summary: 'Mark messages of the current company read',
    tag,
    auth: 'user',
    right: RIGHT,
    errors: ['FORBIDDEN', 'MESSAGE_READ_FAILED'],
    body: z.object({ messages: uuidList }),
    response: ok({ message: z.string() }),
  }),
  messagesUnreadQuantity: defineRoute({
    method: 'GET',
    path: '/messages/unread_quantity',
    summary: 'Unread messages from support per company of the caller',
    tag,
    auth: 'user',
    right: RIGHT,
    errors: ['FORBIDDEN'],
    response: ok({
      merchant_unreads: z.array(z.object({ merchant_id: z.string(), quantity: z.number().int() })),
    }),
  }),
  messageAttachmentGet: defineRoute({
    method: 'POST',
    path: '/files/message_attachments/get_file_s3/:a',
    summary:
      'Download an attachment: a is the message id, file_link the attachment (owning company or staff)',
    tag,
    auth: 'user',
    right: RIGHT,
    errors: ['ATTACHMENT_NOT_FOUND'],
    raw: true,
    params: z.object({ a: z.uuid('Not found.') }),
    body: z.object({ file_link: z.uuid('Not found.') }),
    response: z.unknown(),
  }),
} as const;

const opTag = 'operator';

export const supportConsoleRoutes = {
  opCasesList: defineRoute({
    method: 'POST',
    path: '/operator/cases/:page/:rows',
    summary: 'Support cases of every company, newest activity first',
    tag: opTag,
    auth: 'admin',
    right: 'operator/console',
    params: pageParams,
    body: z.object({
      crm_status: z.enum(CASE_STATUSES).optional(),
      merchant_id: z.uuid().optional(),
      /** 'me', 'none' or a staff user id. */
      assigned: z.string().max(40).optional(),
      filter_value: z.string().trim().max(200).optional(),
    }),
    response: ok({ cases: z.array(caseViewSchema), total: z.number().int() }),
  }),
  opCaseGet: defineRoute({
    method: 'GET',
    path: '/operator/cases/:id',
    summary: 'One case with its whole thread and attachments; marks the company messages read for staff',
    tag: opTag,
    auth: 'admin',
    right: 'operator/console',
    errors: ['CASE_NOT_FOUND'],
    params: z.object({ id: z.uuid('Not found.') }),
    response: ok({ case: caseViewSchema, messages: z.array(messageViewSchema) }),
  }),
  opCaseAnswer: defineRoute({
    method: 'POST',
    path: '/operator/cases/:id/answer',
    summary: 'Answer a case (JSON or multipart with files); mails the company users who want it',
    tag: opTag,
    auth: 'admin',
    right: 'operator/console',
    errors: [
      'ATTACHMENT_CONTENT_INVALID',
      'ATTACHMENT_COUNT_EXCEEDED',
      'ATTACHMENT_SIZE_EXCEEDED',
      'CASE_NOT_FOUND',
      'CASE_STATUS_MOVE',
    ],
    params: z.object({ id: z.uuid('Not found.') }),
    response: ok({ message: messageViewSchema, case: caseViewSchema }),
  }),
  opCaseStatus: defineRoute({
    method: 'POST',
    path: '/operator/cases/:id/status',
    summary: 'Change the case status (spec §4 list)',
    tag: opTag,
    auth: 'admin',
    right: 'operator/console',
    errors: ['CASE_NOT_FOUND', 'CASE_STATUS_MOVE'],
    params: z.object({ id: z.uuid('Not found.') }),
    body: z.object({ crm_status: z.enum(CASE_STATUSES) }),
    response: ok({ case: caseViewSchema }),
  }),
  opCaseAssign: defineRoute({
    method: 'POST',
    path: '/operator/cases/:id/assign',
    summary: 'Assign the case to a staff user (null: nobody)',
    tag: opTag,
    auth: 'admin',
    right: 'operator/console',
    errors: ['CASE_ASSIGNEE_INVALID', 'CASE_NOT_FOUND'],
    params: z.object({ id: z.uuid('Not found.') }),
    body: z.object({ user_id: z.uuid('Not found.').nullable() }),
    response: ok({ case: caseViewSchema }),
  }),
  opStaffList: defineRoute({
    method: 'GET',
    path: '/operator/staff',
    summary: 'Staff users a case can be assigned to',
    tag: opTag,
    auth: 'admin',
    right: 'operator/console',
    response: ok({ staff: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })) }),
  }),
} as const;

/** Answer fields (the text, and optionally the status the case moves to). */
export const caseAnswerSchema = z.object({
  text,
  crm_status: z.enum(CASE_STATUSES).optional(),
});
