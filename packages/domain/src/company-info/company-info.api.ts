import { z } from 'zod';
import { defineRoute, ok } from '../api/route.ts';
import { CHECKLIST_ITEMS } from '../boarding/checklist.ts';
import { CONTACT_ISSUE_TYPES } from '../enums/users.ts';
import { defineErrors, errorDef } from '../errors/define.ts';
import { PLATFORM_LABELS } from '../platform/platform.ts';

const tag = 'company-info';

/** Every member of a client company holds it (spec §6 action names). */
const COMPANY_MEMBER = 'merchants/view';

/** International phone number: + then 7 to 15 digits, spaces allowed between groups. */
export const CONTACT_PHONE_PATTERN = /^\+[1-9](?: ?\d){6,14}$/;

/** A contact of the company as the portal shows it (one row of List of Contacts). */
export const companyContactSchema = z.object({
  uuid: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  position: z.string().nullable(),
  phone: z.string().nullable(),
  issue_types: z.array(z.enum(CONTACT_ISSUE_TYPES)),
  is_as: z.boolean(),
  is_lr: z.boolean(),
  is_bo: z.boolean(),
  /** A related person of the application forms: editable only there (spec §5). */
  from_forms: z.boolean(),
});
export type CompanyContact = z.infer<typeof companyContactSchema>;

export const companyContactInputSchema = z.object({
  uuid: z.uuid('Unknown contact.').optional(),
  email: z.email('Invalid email.').max(200, 'Invalid email.'),
  first_name: z.string().trim().min(1, 'Field is required.').max(100, 'Too long.'),
  last_name: z.string().trim().min(1, 'Field is required.').max(100, 'Too long.'),
  position: z.string().trim().max(100, 'Too long.').optional(),
  phone: z
    .string()
    .trim()
    .regex(
      CONTACT_PHONE_PATTERN,
      'Invalid phone number: use the international format, e.g. +44 20 7946 0000.',
    )
    .optional()
    .or(z.literal('')),
  issue_types: z.array(z.enum(CONTACT_ISSUE_TYPES, { error: 'Unknown issue type.' })).max(4),
});
export type CompanyContactInput = z.infer<typeof companyContactInputSchema>;

const contactsResponse = ok({
  contacts: z.array(companyContactSchema),
  /** Issue types no contact is notified about (spec §5: a contact is needed for each type). */
  missing_types: z.array(z.enum(CONTACT_ISSUE_TYPES)),
  /** Only the Master User edits (spec §6). */
  can_edit: z.boolean(),
});

export const PROVIDER_CONTACT_KINDS = ['support', 'compliance', 'account_manager'] as const;
export type ProviderContactKind = (typeof PROVIDER_CONTACT_KINDS)[number];

/** Compliance desks of the four provider entities (spec §1: separate details per entity). */
export const PROVIDER_COMPLIANCE = {
  UK: { email: 'compliance@clearline.example', phone: '+44 20 3000 0190' },
  CA: { email: 'compliance.ca@clearline.example', phone: '+1 416 555 0190' },
  PL: { email: 'compliance.pl@clearline.example', phone: '+48 22 555 01 90' },
  CJD: { email: 'compliance.digital@clearline.example', phone: '+370 5 214 0090' },
} as const;

/** Alerts of Features and Alerts, computed by the server from the company's data. */
export const COMPANY_ALERT_KINDS = [
  'documentExpiring',
  'documentExpired',
  'fileExpired',
  'paymentsAwaitingApproval',
] as const;
export type CompanyAlertKind = (typeof COMPANY_ALERT_KINDS)[number];

/** A related person's document counts as expiring this many days ahead. */
export const DOCUMENT_EXPIRY_WARNING_DAYS = 60;

export const companyInfoRoutes = {
  companyContacts: defineRoute({
    method: 'GET',
    path: '/company_info/contacts',
    summary: "List of Contacts: the company's contacts per issue type (from its boarding contacts)",
    tag,
    auth: 'user',
    right: COMPANY_MEMBER,
    response: contactsResponse,
  }),
  companySaveContact: defineRoute({
    method: 'POST',
    path: '/company_info/contacts',
    summary: 'Add a contact, or change one that is not a related person (uuid given); Master User only',
    tag,
    auth: 'user',
    right: COMPANY_MEMBER,
    errors: [
      'COMPANY_CONTACT_NOT_FOUND',
      'COMPANY_NO_BOARDING_RECORD',
      'CONTACT_EMAIL_TAKEN',
      'ONLY_MASTER_USER',
    ],
    body: companyContactInputSchema,
    response: contactsResponse,
  }),
  companyDeleteContact: defineRoute({
    method: 'POST',
    path: '/company_info/contacts/delete',
    summary: 'Delete a contact that is not a related person; Master User only',
    tag,
    auth: 'user',
    right: COMPANY_MEMBER,
    errors: ['COMPANY_CONTACT_NOT_FOUND', 'COMPANY_NO_BOARDING_RECORD', 'ONLY_MASTER_USER'],
    body: z.object({ uuid: z.uuid('Unknown contact.') }),
    response: contactsResponse,
  }),
  providerContacts: defineRoute({
    method: 'GET',
    path: '/company_info/provider_contacts',
    summary: "The provider entity of the company's platform: support, compliance and account managers",
    tag,
    auth: 'user',
    right: COMPANY_MEMBER,
    errors: ['NOT_FOUND'],
    response: ok({
      platform: z.enum(PLATFORM_LABELS),
      entity: z.object({ legal_name: z.string(), address: z.string(), regulator: z.string() }),
      contacts: z.array(
        z.object({
          kind: z.enum(PROVIDER_CONTACT_KINDS),
          name: z.string().nullable(),
          email: z.string(),
          phone: z.string().nullable(),
          hours: z.string().nullable(),
        }),
      ),
    }),
  }),
  featuresAlerts: defineRoute({
    method: 'GET',
    path: '/company_info/features_alerts',
    summary: 'Enabled features, limits from the offer, and alerts computed from the company data',
    tag,
    auth: 'user',
    right: COMPANY_MEMBER,
    errors: ['NOT_FOUND'],
    response: ok({
      service_code: z.string(),
      features: z.array(
        z.object({
          direction: z.string(),
          method: z.string(),
          label: z.string(),
          enabled: z.boolean(),
        }),
      ),
      limits: z
        .object({
          offer_number: z.string(),
          term: z.string(),
          account_types: z.array(z.string()),
          payment_options: z.array(z.string()),
          territories: z.array(z.string()),
          currencies: z.array(z.string()),
          default_currency: z.string(),
          payment_systems: z.array(z.string()),
          minimum_funds: z.object({ amount: z.string(), currency: z.string() }),
          expiry_date: z.string(),
          fee: z.string(),
        })
        .nullable(),
      alerts: z.array(
        z.object({
          kind: z.enum(COMPANY_ALERT_KINDS),
          severity: z.enum(['warning', 'danger']),
          /** Who or what: person name, file name, or a currency. */
          subject: z.string(),
          /** ISO date the document or file expires/expired (document and file alerts). */
          date: z.string().nullable(),
          count: z.number().int(),
          /** Total of the waiting payments (decimal string in the currency). */
          amount: z.string().nullable(),
          currency: z.string().nullable(),
        }),
      ),
    }),
  }),
  dashboardChecklist: defineRoute({
    method: 'GET',
    path: '/dashboard/checklist',
    summary: "Boarding to-do and go-live checklist of the user's company (dashboard widget)",
    tag: 'dashboard',
    auth: 'user',
    right: COMPANY_MEMBER,
    errors: ['NOT_FOUND'],
    response: ok({
      /** false when the company was not boarded through this portal. */
      has_boarding: z.boolean(),
      state: z.enum(['in_progress', 'live']).nullable(),
      go_live_at: z.string().nullable(),
      items: z.array(
        z.object({
          item: z.enum(CHECKLIST_ITEMS),
          done: z.boolean(),
          /** Portal screen where the company can act on the item, or null (the provider acts). */
          link: z.enum(['contacts', 'featuresAlerts']).nullable(),
        }),
      ),
    }),
  }),
};

export const companyInfoErrors = defineErrors({
  COMPANY_NO_BOARDING_RECORD: errorDef(
    404,
    'Your company has no boarding record, so it has no contacts to change.',
  ),
  COMPANY_CONTACT_NOT_FOUND: errorDef(404, "This contact is not one of your company's contacts."),
  WIDGET_OUT_OF_GRID: errorDef(
    417,
    'Widget {widget} does not fit on slide {slide}: a slide has 4 cells (placements 0 to 3).',
  ),
  WIDGET_OVERLAP: errorDef(417, 'Widgets {first} and {second} overlap on slide {slide}.'),
});
