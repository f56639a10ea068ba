import { z } from 'zod';
import { defineRoute, ok, pageParams } from '../api/route.ts';
import {
  ADMIN_GROUPS,
  CLIENT_USER_KINDS,
  CLIENT_USER_RIGHTS,
  INVITATION_STATUSES,
  SERVICE_TYPES,
  UI_THEMES,
} from '../enums/users.ts';
import { MENU_ITEMS } from './menu.ts';
import { passwordCountsShape, passwordDigestSchema } from './password-policy.ts';

const id = z.uuid();
const rightsSchema = z.array(z.enum(CLIENT_USER_RIGHTS)).max(CLIENT_USER_RIGHTS.length);
const menuKeys = MENU_ITEMS.map((i) => i.key) as [
  (typeof MENU_ITEMS)[number]['key'],
  ...(typeof MENU_ITEMS)[number]['key'][],
];

/** The User entity of spec §3 as `GET /frusrs/:id` answers it. */
export const userProfileSchema = z.object({
  id: z.string(),
  login: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email_confirmed: z.boolean(),
  has_secret: z.boolean(),
  auto_approve_payouts: z.boolean(),
  mfa_login_prompt: z.boolean(),
  notification_params: z.record(z.string(), z.unknown()),
  ui_language: z.string(),
  ui_theme: z.enum(UI_THEMES),
  status: z.enum(INVITATION_STATUSES),
  current_service_code: z.enum(SERVICE_TYPES).nullable(),
  current_group: z.enum(ADMIN_GROUPS).nullable(),
  current_merchant: z
    .object({
      id: z.string(),
      name: z.string(),
      master_user: z.boolean(),
      service_code: z.enum(SERVICE_TYPES),
    })
    .nullable(),
  current_company: z.object({ id: z.string() }).nullable(),
  available_groups: z.array(z.enum(ADMIN_GROUPS)),
  available_merchants: z.array(
    z.object({
      id: z.string(),
      uuid: z.string(),
      name: z.string(),
      service_code: z.enum(SERVICE_TYPES),
      access_rights: rightsSchema,
      master_user: z.boolean(),
    }),
  ),
  available_users: z.array(
    z.object({ user_id: z.string(), company_id: z.string(), group_id: z.string().nullable() }),
  ),
  impersonator_id: z.string().nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const companyUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  master_user: z.boolean(),
  access_rights: rightsSchema,
  status: z.enum(INVITATION_STATUSES),
  email_confirmed: z.boolean(),
  has_secret: z.boolean(),
  created: z.string(),
});

export const invitationSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  type: z.enum(CLIENT_USER_KINDS),
  mfa_required: z.boolean(),
  access_rights: rightsSchema,
  status: z.enum(INVITATION_STATUSES),
  expires_at: z.string(),
  created: z.string(),
  inviter_name: z.string().nullable(),
});

export const inviteBodySchema = z.object({
  email: z.email().max(254),
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  type: z.enum(CLIENT_USER_KINDS),
  mfa_required: z.boolean().default(true),
  access_rights: rightsSchema.default([]),
  /** Defaults to 7 days from now (docs/decisions.md). */
  expires_at: z.iso.datetime({ offset: true }).optional(),
  /** Admins invite into any company; a Master User always into the current one. */
  merchant_id: id.optional(),
});

/** Refusals of the user and invitation actions: one type for all, so the browser can share their hooks. */
type ActionError = 'NOT_FOUND' | 'ONLY_MASTER_USER' | 'FORBIDDEN' | 'INVITATION_ACTION_NOT_ALLOWED';

const userAction = (name: string, summary: string, errors: readonly ActionError[]) =>
  defineRoute({
    method: 'POST',
    path: `/frusrs/${name}/:id`,
    summary,
    tag: 'users',
    auth: 'user',
    right: 'users/manage',
    errors,
    params: z.object({ id }),
    body: z.object({}).optional(),
    response: ok({ user: companyUserSchema }),
  });

const invitationAction = (name: string, summary: string, errors: readonly ActionError[]) =>
  defineRoute({
    method: 'POST',
    path: `/user_invitations/${name}/:id`,
    summary,
    tag: 'users',
    auth: 'user',
    right: 'users/manage',
    errors,
    params: z.object({ id }),
    body: z.object({}).optional(),
    response: ok({ invitation: invitationSchema }),
  });

export const usersRoutes = {
  userProfile: defineRoute({
    method: 'GET',
    path: '/frusrs/:id',
    summary:
      "A user's profile: the caller ('me' or own id), or a user of the caller's company for its Master User",
    tag: 'users',
    auth: 'user',
    errors: ['NOT_FOUND', 'ONLY_MASTER_USER'],
    params: z.object({ id: z.union([z.literal('me'), id]) }),
    response: ok({ user: userProfileSchema }),
  }),
  companyUsers: defineRoute({
    method: 'GET',
    path: '/frusrs/:group/:page',
    summary:
      'Users of the current company (admins: of merchant_id), admin users excluded; group default_group, master or standard',
    tag: 'users',
    auth: 'user',
    right: 'users/manage',
    errors: ['NOT_FOUND', 'ONLY_MASTER_USER'],
    params: z.object({ group: z.enum(['default_group', ...CLIENT_USER_KINDS]), page: pageParams.shape.page }),
    query: z.object({ rows: pageParams.shape.rows.default(10), merchant_id: id.optional() }),
    response: ok({ users: z.array(companyUserSchema), total: z.number().int() }),
  }),
  myRights: defineRoute({
    method: 'GET',
    path: '/frusrs/rights',
    summary: "The caller's action rights by name (spec §6)",
    tag: 'users',
    auth: 'user',
    response: ok({ actions: z.array(z.string()) }),
  }),
  menuItems: defineRoute({
    method: 'GET',
    path: '/menu_items',
    summary: 'The menu items the caller may see',
    tag: 'users',
    auth: 'user',
    response: ok({ menu_items: z.array(z.enum(menuKeys)) }),
  }),
  changeCurrentMerchant: defineRoute({
    method: 'POST',
    path: '/frusrs/change_current_merchant/',
    summary: 'Switch the company the user acts for',
    tag: 'users',
    auth: 'user',
    errors: ['MERCHANT_NOT_AVAILABLE', 'NOT_FOUND'],
    body: z.object({ merchant_id: id }),
    response: ok({ user: userProfileSchema }),
  }),
  setUserRights: defineRoute({
    method: 'POST',
    path: '/frusrs/rights/:id',
    summary:
      "Set a user's rights and Master flag in the current company (Master User, admin, account manager)",
    tag: 'users',
    auth: 'user',
    right: 'users/manage',
    errors: ['INVITATION_ACTION_NOT_ALLOWED', 'NOT_FOUND', 'ONLY_MASTER_USER', 'RIGHTS_INCONSISTENT'],
    params: z.object({ id }),
    body: z.object({
      access_rights: rightsSchema,
      master_user: z.boolean().optional(),
      merchant_id: id.optional(),
    }),
    response: ok({ user: companyUserSchema }),
  }),
  resetUserPassword: userAction('reset_password', 'Mail the user a password renewal link (15 minutes)', [
    'NOT_FOUND',
    'ONLY_MASTER_USER',
  ]),
  resetUserMfa: userAction('reset_mfa', "Clear the user's MFA secret; the next login sets up a new one", [
    'NOT_FOUND',
    'ONLY_MASTER_USER',
  ]),
  deactivateUser: userAction('deactivate', 'Deactivate a user (ends their sessions)', [
    'FORBIDDEN',
    'NOT_FOUND',
    'ONLY_MASTER_USER',
  ]),
  activateUser: userAction('activate', 'Activate a deactivated or blocked user', [
    'INVITATION_ACTION_NOT_ALLOWED',
    'NOT_FOUND',
    'ONLY_MASTER_USER',
  ]),
  impersonate: defineRoute({
    method: 'GET',
    path: '/frusrs/hsh/:id',
    summary: 'Admin acts as a client user: a session token for that user carrying the impersonator',
    tag: 'users',
    auth: 'admin',
    right: 'users/impersonate',
    errors: ['IMPERSONATION_NOT_ALLOWED', 'NOT_FOUND'],
    params: z.object({ id }),
    response: ok({ token: z.string() }),
  }),
  createInvitation: defineRoute({
    method: 'POST',
    path: '/user_invitations/create',
    summary: 'Invite a user by email as master or standard, with rights and expiry',
    tag: 'users',
    auth: 'user',
    right: 'users/manage',
    errors: ['NOT_FOUND', 'ONLY_MASTER_USER', 'RIGHTS_INCONSISTENT', 'USER_ALREADY_EXISTS'],
    body: inviteBodySchema,
    response: ok({ invitation: invitationSchema }),
  }),
  listInvitations: defineRoute({
    method: 'POST',
    path: '/user_invitations/list/:page/:rows',
    summary: 'Invitations of the current company (admins: of merchant_id), newest first',
    tag: 'users',
    auth: 'user',
    right: 'users/manage',
    errors: ['NOT_FOUND', 'ONLY_MASTER_USER'],
    params: pageParams,
    body: z.object({ status: z.enum(INVITATION_STATUSES).nullish(), merchant_id: id.optional() }),
    response: ok({ invitations: z.array(invitationSchema), total: z.number().int() }),
  }),
  cancelInvitation: invitationAction('cancel', 'Cancel an invitation that was not used yet', [
    'INVITATION_ACTION_NOT_ALLOWED',
    'NOT_FOUND',
    'ONLY_MASTER_USER',
  ]),
  resendInvitation: invitationAction(
    'resend',
    'Mail a new self-registration link (the old one stops working)',
    ['INVITATION_ACTION_NOT_ALLOWED', 'NOT_FOUND', 'ONLY_MASTER_USER'],
  ),
  prolongInvitation: invitationAction('prolong', 'Extend the invitation by 7 days', [
    'INVITATION_ACTION_NOT_ALLOWED',
    'NOT_FOUND',
    'ONLY_MASTER_USER',
  ]),
  invitationInfo: defineRoute({
    method: 'GET',
    path: '/frusrs/slfrgn/:code',
    summary: 'Self-registration link: who is invited to which company',
    tag: 'users',
    auth: 'public',
    errors: ['LINK_EXPIRED', 'LINK_INVALID'],
    params: z.object({ code: z.string().min(1).max(200) }),
    response: ok({
      email: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      company_name: z.string(),
      type: z.enum(CLIENT_USER_KINDS),
      mfa_required: z.boolean(),
    }),
  }),
  selfRegister: defineRoute({
    method: 'POST',
    path: '/frusrs/slfrgn/:code',
    summary: 'Self-registration: set the password; the next login sets up MFA',
    tag: 'users',
    auth: 'public',
    errors: [
      'AUTO_APPROVE_NEEDS_APPROVE',
      'FORBIDDEN',
      'IMPERSONATION_NOT_ALLOWED',
      'INVITATION_ACTION_NOT_ALLOWED',
      'LINK_EXPIRED',
      'LINK_INVALID',
      'MAINTENANCE',
      'MERCHANT_NOT_AVAILABLE',
      'NOT_FOUND',
      'ONLY_MASTER_USER',
      'PASSWORD_POLICY',
      'PASSWORD_TOO_COMMON',
      'RIGHTS_INCONSISTENT',
      'UNAUTHENTICATED',
      'USER_ALREADY_EXISTS',
    ],
    params: z.object({ code: z.string().min(1).max(200) }),
    body: z.object({ password: passwordDigestSchema, ...passwordCountsShape }),
    response: ok({ login: z.string() }),
  }),
};
