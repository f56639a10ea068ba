import { z } from 'zod';
import { defineRoute, ok, pageParams } from '../api/route.ts';
import { POSTBACK_TYPES } from '../enums/payments.ts';
import { STATEMENT_FREQUENCIES } from '../enums/wallets.ts';

/** Long enough that the service, not the parser, answers "too long" with its own message. */
const urlText = z.string().trim().max(10_000);

export const postbackUrlsSchema = z
  .object(
    Object.fromEntries(POSTBACK_TYPES.map((t) => [t, urlText.optional()])) as Record<
      (typeof POSTBACK_TYPES)[number],
      z.ZodOptional<typeof urlText>
    >,
  )
  .strict();
export type PostbackUrls = Partial<Record<(typeof POSTBACK_TYPES)[number], string>>;

/** Where notification messages of each kind link to or are posted (spec §2 "notification message URLs"). */
export const NOTIFICATION_URL_KINDS = ['payments', 'messages', 'notices', 'security'] as const;
export type NotificationUrlKind = (typeof NOTIFICATION_URL_KINDS)[number];

export const notificationUrlsSchema = z
  .object(
    Object.fromEntries(NOTIFICATION_URL_KINDS.map((k) => [k, urlText.optional()])) as Record<
      NotificationUrlKind,
      z.ZodOptional<typeof urlText>
    >,
  )
  .strict();

/** Company messengers: a chat tool's incoming webhook (Slack/Teams/Mattermost compatible) and a team mailbox. */
export const messengersSchema = z
  .object({
    chat_webhook_url: urlText.optional(),
    team_email: z.union([z.literal(''), z.email().max(254)]).optional(),
  })
  .strict();

/** `not_sent`: the company has no URL for the event's type, so it was never sent (not a failure). */
export const POSTBACK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'not_sent'] as const;
export type PostbackDeliveryStatus = (typeof POSTBACK_DELIVERY_STATUSES)[number];

export const postbackAttemptSchema = z.object({
  attempt: z.number().int(),
  started_at: z.string(),
  duration_ms: z.number().int(),
  status_code: z.number().int().nullable(),
  /** Short reason code when there was no 2xx: timeout, connect, refused_address, redirect, http_status. */
  error: z.string().nullable(),
  url: z.string(),
});

export const postbackEventSchema = z.object({
  id: z.string(),
  type: z.enum(POSTBACK_TYPES),
  /** What a pay-out or pay-in event is about (`kind` of its body): `onchain_transfer`, `escrow_deal`, … */
  kind: z.string().nullable(),
  event: z.string(),
  subject_id: z.string(),
  created_at: z.string(),
  status: z.enum(POSTBACK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  last_duration_ms: z.number().int().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  is_test: z.boolean(),
});
export type PostbackEventRow = z.infer<typeof postbackEventSchema>;

const companyParams = z.object({ id: z.uuid() });

export const companySettingsSchema = z.object({
  ipWhitelist: z.array(z.string()),
  postbackUrls: z.record(z.string(), z.string()),
  notification_urls: z.record(z.string(), z.string()),
  messengers: z.object({ chat_webhook_url: z.string(), team_email: z.string() }),
  secret: z.object({ has_secret: z.boolean(), created_at: z.string().nullable() }),
  /** The caller's address as the server sees it, for the white list lock-out warning. */
  caller_ip: z.string(),
  /** Seconds until a white list change applies on every server (spec §9 bound: 20 minutes). */
  ip_whitelist_apply_seconds: z.number().int(),
  allow_insecure_urls: z.boolean(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/**
 * User notification settings, kept in `notification_params` (spec §3) and saved through
 * `/frusrs/change_settings` beside the keys other areas keep there (docs/decisions.md).
 */

export const userNotificationSettingsSchema = z
  .object({
    new_payments: z.boolean(),
    /** Remind about payments awaiting approval longer than this many hours; 0 switches reminders off. */
    unapproved_delay_hours: z.number().int().min(0).max(168),
    statement_frequency: z.enum(STATEMENT_FREQUENCIES),
    security_events: z.boolean(),
    /** Channels: e-mail always available; the company's chat webhook when it has one. */
    channel_email: z.boolean(),
    channel_chat: z.boolean(),
  })
  .strict();
export type UserNotificationSettings = z.infer<typeof userNotificationSettingsSchema>;

export const DEFAULT_USER_NOTIFICATION_SETTINGS: UserNotificationSettings = {
  new_payments: false,
  unapproved_delay_hours: 0,
  statement_frequency: 'none',
  security_events: true,
  channel_email: true,
  channel_chat: false,
};

export const settingsRoutes = {
  updateIpWhitelist: defineRoute({
    method: 'POST',
    path: '/merchants/update_ip_white_list/:id',
    summary:
      'Replace the IP white list (IPv4/IPv6 addresses and CIDR ranges; empty = any address). Master User or staff',
    tag: 'settings',
    auth: 'user',
    right: 'users/manage',
    errors: [
      'IP_WHITELIST_ALLOWS_ALL',
      'IP_WHITELIST_INVALID',
      'IP_WHITELIST_LOCKOUT',
      'IP_WHITELIST_TOO_LONG',
      'NOT_FOUND',
      'ONLY_MASTER_USER',
    ],
    params: companyParams,
    body: z.object({
      ipWhitelist: z.array(z.string().max(100)).max(1000),
      /** Save even though the caller's own address is outside the new list. */
      confirm_lockout: z.boolean().optional(),
      /** Save even though a range (0.0.0.0/0, ::/0) lets every address in. */
      confirm_allow_all: z.boolean().optional(),
    }),
    response: ok({ ipWhitelist: z.array(z.string()), ip_whitelist_apply_seconds: z.number().int() }),
  }),
  updatePostbackUrls: defineRoute({
    method: 'POST',
    path: '/merchants/update_postback_urls/:id',
    summary:
      'Set the postback URL per postback type (https; no local/private targets). Empty text removes one',
    tag: 'settings',
    auth: 'user',
    right: 'users/manage',
    errors: ['NOT_FOUND', 'ONLY_MASTER_USER'],
    params: companyParams,
    body: z.object({ postbackUrls: postbackUrlsSchema }),
    response: ok({
      postbackUrls: z.record(z.string(), z.string()),
      /** The company's first signing secret, created with its first URL: shown only in this answer. */
      secret: z.string().nullable(),
    }),
  }),
  companySettings: defineRoute({
    method: 'GET',
    path: '/settings/company/:id',
    summary: 'Company settings: IP white list, postback URLs, notification URLs, messengers, secret state',
    tag: 'settings',
    auth: 'user',
    right: 'users/manage',
    errors: ['NOT_FOUND', 'ONLY_MASTER_USER'],
    params: companyParams,
    response: ok({ settings: companySettingsSchema }),
  }),
  updateCompanyNotifications: defineRoute({
    method: 'POST',
    path: '/settings/company_notifications/:id',
    summary: 'Notification message URLs and messengers of the company',
    tag: 'settings',
    auth: 'user',
    right: 'users/manage',
    errors: ['NOT_FOUND', 'ONLY_MASTER_USER', 'URL_INVALID'],
    params: companyParams,
    body: z.object({ notification_urls: notificationUrlsSchema, messengers: messengersSchema }),
    response: ok({ settings: companySettingsSchema }),
  }),
  postbackLog: defineRoute({
    method: 'POST',
    path: '/postbacks/log/:id/:page/:rows',
    summary: 'Delivery log: postback events of the company, newest first, with attempts and next try',
    tag: 'postbacks',
    auth: 'user',
    right: 'users/manage',
    errors: ['NOT_FOUND', 'ONLY_MASTER_USER'],
    params: pageParams.extend({ id: z.uuid() }),
    body: z.object({
      status: z.enum(POSTBACK_DELIVERY_STATUSES).optional(),
      type: z.enum(POSTBACK_TYPES).optional(),
    }),
    response: ok({ events: z.array(postbackEventSchema), quantity: z.number().int() }),
  }),
  postbackAttempts: defineRoute({
    method: 'GET',
    path: '/postbacks/attempts/:id/:eventId',
    summary: 'Every delivery attempt of one event: time, status code, response time, error',
    tag: 'postbacks',
    auth: 'user',
    right: 'users/manage',
    errors: ['NOT_FOUND', 'ONLY_MASTER_USER', 'POSTBACK_EVENT_NOT_FOUND'],
    params: z.object({ id: z.uuid(), eventId: z.string().regex(/^\d{1,18}$/) }),
    response: ok({ event: postbackEventSchema, attempts: z.array(postbackAttemptSchema) }),
  }),
  resendPostback: defineRoute({
    method: 'POST',
    path: '/postbacks/resend/:id/:eventId',
    summary: 'Deliver one event again now (delivered or failed ones too); same event id',
    tag: 'postbacks',
    auth: 'user',
    right: 'users/manage',
    errors: ['NOT_FOUND', 'ONLY_MASTER_USER', 'POSTBACK_EVENT_NOT_FOUND'],
    params: z.object({ id: z.uuid(), eventId: z.string().regex(/^\d{1,18}$/) }),
    response: ok({ event: postbackEventSchema }),
  }),
  testPostback: defineRoute({
    method: 'POST',
    path: '/postbacks/test/:id',
    summary: 'Queue a test event of a type to its URL; it shows in the delivery log',
    tag: 'postbacks',
    auth: 'user',
    right: 'users/manage',
    errors: ['NOT_FOUND', 'ONLY_MASTER_USER', 'POSTBACK_URL_NOT_SET'],
    params: companyParams,
    body: z.object({ type: z.enum(POSTBACK_TYPES) }),
    response: ok({ event: postbackEventSchema }),
  }),
  rotatePostbackSecret: defineRoute({
    method: 'POST',
    path: '/postbacks/rotate_secret/:id',
    summary:
      'New signing secret (whsec_...), shown only in this answer; for 24 hours after the rotation postbacks carry signatures by both the old and the new secret, then by the new one only',
    tag: 'postbacks',
    auth: 'user',
    right: 'users/manage',
    errors: ['NOT_FOUND', 'ONLY_MASTER_USER'],
    params: companyParams,
    response: ok({ secret: z.string(), created_at: z.string() }),
  }),
};

/** A user's notification settings read from `notification_params`; unknown or bad values take the default. */
export function readUserNotificationSettings(params: Record<string, unknown>): UserNotificationSettings {
  const out = { ...DEFAULT_USER_NOTIFICATION_SETTINGS };
  const shape = userNotificationSettingsSchema.shape;
  for (const key of Object.keys(shape) as (keyof UserNotificationSettings)[]) {
    const r = shape[key].safeParse(params[key]);
    if (r.success) (out as Record<string, unknown>)[key] = r.data;
  }
  return out;
}
