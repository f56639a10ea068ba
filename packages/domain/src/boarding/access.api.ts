import { z } from 'zod';
import { fieldError } from './field-errors.ts';
import { defineRoute, ok } from '../api/route.ts';
import { BOARDING_ROLES } from '../enums/boarding.ts';
import { OTP_PURPOSES } from '../enums/users.ts';
import { passwordCountsShape, passwordDigestSchema } from '../identity/password-policy.ts';
import { APP_FORM_STATUSES } from '../enums/boarding.ts';
import {
  checklistEntrySchema,
  contactNotifySchema,
  contactViewSchema,
  personSummarySchema,
} from './views.ts';

/**
 * Boarding access (spec §7 "Boarding", "Login and security"). `:uuid` is the boarding record,
 * `:role` the role of the link (bc, as, lr); both are checked in the service so a wrong link
 * answers the spec's bad-link message.
 */
const link = z.object({ uuid: z.string().max(64), role: z.string().max(8) });
const sha512 = passwordDigestSchema;
const tag = 'boarding-access';
const otpCode = z.string().regex(/^\d{6}$/, fieldError('CODE_6_DIGITS'));

export const boardingAccessRoutes = {
  boardingNeedPassword: defineRoute({
    method: 'GET',
    path: '/crm_accounts/need_pss/:uuid/:role',
    tag,
    auth: 'public',
    errors: ['BOARDING_FINISHED', 'BOARDING_LINK_INVALID'],
    summary: 'Whether the link holder must set a password first (query eml narrows it to one contact)',
    params: link,
    query: z.object({ eml: z.string().max(200).optional() }),
    response: ok({ set_pss: z.boolean(), account_name: z.string() }),
  }),
  boardingSetPassword: defineRoute({
    method: 'POST',
    path: '/crm_accounts/set_pss/:uuid/:role',
    tag,
    auth: 'public',
    errors: ['BOARDING_FINISHED', 'BOARDING_LINK_INVALID', 'BOARDING_LOGIN_FAILED', 'BOARDING_PASSWORD_SET'],
    summary: 'First visit: set the boarding password (SHA-512 hex) of the contact with this email',
    params: link,
    body: z.object({
      eml: z.email().max(200),
      pss: sha512,
      // Counts are checked against the identity area's password policy in the service.
      ...passwordCountsShape,
    }),
    response: ok({}),
  }),
  boardingLogin: defineRoute({
    method: 'POST',
    path: '/crm_accounts/lgn/:uuid/:role',
    tag,
    auth: 'public',
    errors: [
      'BOARDING_FINISHED',
      'BOARDING_LINK_INVALID',
      'BOARDING_LOGIN_BLOCKED',
      'BOARDING_LOGIN_FAILED',
      'BOARDING_PASSWORD_NOT_SET',
      'MAINTENANCE',
    ],
    summary: 'Boarding login: answers a pre-OTP token and mails a 6-digit code (confirm with otp_tkn)',
    params: link,
    body: z.object({ eml: z.email().max(200), pss: sha512 }),
    response: ok({ token: z.string(), otp_required: z.literal(true), contact_uuid: z.string() }),
  }),
  boardingRefresh: defineRoute({
    method: 'GET',
    path: '/crm_accounts/lgn/:uuid/:role',
    tag,
    auth: 'boarding',
    errors: ['FORBIDDEN'],
    summary: 'Refresh the boarding token',
    params: link,
    response: ok({ token: z.string() }),
  }),
  otpGenerate: defineRoute({
    method: 'POST',
    path: '/security/gen_otp/:type',
    tag,
    auth: 'public',
    errors: ['BOARDING_FINISHED', 'BOARDING_LINK_INVALID'],
    summary: 'Mail a new 6-digit code to the contact (boarding login or verification page)',
    params: z.object({ type: z.enum(OTP_PURPOSES) }),
    body: z.object({ acc_uuid: z.string().max(64), contact_uuid: z.string().max(64) }),
    response: ok({}),
  }),
  otpToken: defineRoute({
    method: 'POST',
    path: '/security/otp_tkn/:kind',
    tag,
    auth: 'public',
    errors: ['BOARDING_FINISHED', 'BOARDING_LINK_INVALID', 'OTP_BLOCKED', 'OTP_INVALID', 'UNAUTHENTICATED'],
    summary:
      'Exchange a mailed code for a token: boarding_verification (bearer = pre-OTP token) → boarding token; initial_verification → verification-page token',
    params: z.object({ kind: z.enum(OTP_PURPOSES) }),
    body: z.object({ acc_uuid: z.string().max(64), contact_uuid: z.string().max(64), otp_code: otpCode }),
    response: ok({ token: z.string(), role: z.string().nullable(), scopes: z.array(z.string()) }),
  }),
  otpRefresh: defineRoute({
    method: 'GET',
    path: '/security/otp_tkn',
    tag,
    auth: 'verification',
    summary: 'Refresh the verification-page token',
    response: ok({ token: z.string() }),
  }),
  accountInfo: defineRoute({
    method: 'GET',
    path: '/crm_accounts/get_acc_info/:uuid',
    tag,
    auth: 'public',
    errors: ['BOARDING_LINK_INVALID'],
    summary: 'Name of the boarding record for the login page',
    params: z.object({ uuid: z.string().max(64) }),
    response: ok({ account_name: z.string(), finished: z.boolean() }),
  }),
  consolidated: defineRoute({
    method: 'GET',
    path: '/crm_accounts/get_consolidated/:uuid/:role',
    tag,
    auth: 'boarding',
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    summary: 'Consolidated boarding record with related persons and the role-specific checklist',
    params: link,
    response: ok({
      account_name: z.string(),
      partner: z.string().nullable(),
      app_form_status: z.enum(APP_FORM_STATUSES),
      internal_check: z.enum(['pending', 'approved', 'declined']),
      contracts: z.object({ signed: z.number().int(), total: z.number().int() }),
      auth_signs: z.array(personSummarySchema),
      legal_reps: z.array(personSummarySchema),
      beneficial_owners: z.array(personSummarySchema),
      role: z.enum(BOARDING_ROLES),
      available_roles: z.array(z.enum(BOARDING_ROLES)),
      scopes: z.array(z.string()),
      checklist: z.array(checklistEntrySchema),
      ready_for_go_live: z.boolean(),
      invoice: z.object({ status: z.enum(['none', 'issued', 'paid']) }),
    }),
  }),
  setRole: defineRoute({
    method: 'POST',
    path: '/crm_accounts/set_roles/:uuid/:role',
    tag,
    auth: 'boarding',
    errors: ['FORBIDDEN', 'ROLE_NOT_AVAILABLE'],
    summary: 'Switch to another role of the same person; answers a token for it',
    params: link,
    body: z.object({ role: z.enum(BOARDING_ROLES) }),
    response: ok({ token: z.string(), role: z.enum(BOARDING_ROLES), scopes: z.array(z.string()) }),
  }),
  contactData: defineRoute({
    method: 'GET',
    path: '/crm_accounts/get_cnt_data/:uuid/:role',
    tag,
    auth: 'boarding',
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    summary: 'The logged-in contact, role and scopes',
    params: link,
    response: ok({
      contact: z.object({
        uuid: z.string(),
        email: z.string(),
        first_name: z.string(),
        last_name: z.string(),
      }),
      role: z.enum(BOARDING_ROLES),
      available_roles: z.array(z.enum(BOARDING_ROLES)),
      scopes: z.array(z.string()),
    }),
  }),
  contacts: defineRoute({
    method: 'GET',
    path: '/crm_accounts/get_cnts/:uuid/:role',
    tag,
    auth: 'boarding',
    errors: ['FORBIDDEN'],
    summary: 'Contacts (as or lr, after a contract is signed), sorted by as, lr, bo',
    params: link,
    response: ok({ contacts: z.array(contactViewSchema) }),
  }),
  contactNotifications: defineRoute({
    method: 'GET',
    path: '/crm_accounts/get_cnts_notifications/:uuid/:role',
    tag,
    auth: 'boarding',
    errors: ['FORBIDDEN'],
    summary: 'Contacts per issue type and the types still without a contact',
    params: link,
    response: ok({ notification_contacts: z.array(contactViewSchema), missing_types: z.array(z.string()) }),
  }),
  setContactNotifications: defineRoute({
    method: 'POST',
    path: '/crm_accounts/set_cnts_notifications/:uuid/:role',
    tag,
    auth: 'boarding',
    errors: ['CONTACTS_MISSING_TYPES', 'FORBIDDEN', 'NOT_FOUND'],
    summary: 'Set the issue types of contacts; every type must keep a contact',
    params: link,
    body: z.object({
      notification_contacts: z
        .array(contactNotifySchema.extend({ uuid: z.string() }))
        .min(1)
        .max(100),
    }),
    response: ok({ notification_contacts: z.array(contactViewSchema), missing_types: z.array(z.string()) }),
  }),
  saveContact: defineRoute({
    method: 'POST',
    path: '/crm_accounts/cnts/:uuid/:role',
    tag,
    auth: 'boarding',
    errors: ['CONTACT_EMAIL_TAKEN', 'CONTACT_FROM_FORMS', 'FORBIDDEN', 'NOT_FOUND'],
    summary: 'Add a contact, or edit one that is not a related person (uuid given)',
    params: link,
    body: contactNotifySchema.extend({
      uuid: z.string().optional(),
      email: z.email(fieldError('EMAIL_INVALID')).max(200, fieldError('TOO_LONG', { max: 200 })),
      first_name: z.string().trim().min(1).max(100),
      last_name: z.string().trim().min(1).max(100),
      position: z.string().trim().max(100).optional(),
    }),
    response: ok({ contact: contactViewSchema }),
  }),
  deleteContact: defineRoute({
    method: 'POST',
    path: '/crm_accounts/del_cnt/:uuid/:role',
    tag,
    auth: 'boarding',
    errors: ['BOARDING_STATE', 'CONTACTS_MISSING_TYPES', 'CONTACT_FROM_FORMS', 'FORBIDDEN', 'NOT_FOUND'],
    summary: 'Delete a contact that is not a related person',
    params: link,
    body: z.object({ uuid: z.string() }),
    response: ok({}),
  }),
  sendVerificationLinks: defineRoute({
    method: 'GET',
    path: '/crm_accounts/send_ver_links/:uuid/:role',
    tag,
    auth: 'boarding',
    scope: 'appforms/write',
    errors: ['BOARDING_STATE', 'FORBIDDEN', 'NOT_FOUND'],
    summary: 'After the internal check: mail verification links to related persons not yet verified',
    params: link,
    response: ok({ sent: z.number().int() }),
  }),
};
