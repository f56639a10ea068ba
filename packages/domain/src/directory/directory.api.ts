import { z } from 'zod';
import { defineRoute, ok, pageParams } from '../api/route.ts';
import { defineErrors, errorDef } from '../errors/define.ts';
import { CURRENCY_CODES } from '../money/currencies.ts';
import { isIsoCountryCode } from '../references/countries.ts';

/** What a directory member offers (spec §1: a directory of crypto-sector clients). */
export const DIRECTORY_SERVICES = [
  'exchange',
  'brokerage',
  'otc',
  'custody',
  'wallet',
  'payments',
  'onramp',
  'mining',
  'lending',
  'other',
] as const;
export type DirectoryService = (typeof DIRECTORY_SERVICES)[number];

/** Networks a member may list; free text would make the directory unsearchable. */
export const DIRECTORY_NETWORKS = [
  'bitcoin',
  'ethereum',
  'tron',
  'solana',
  'polygon',
  'bnb',
  'arbitrum',
  'optimism',
  'base',
  'lightning',
] as const;
export type DirectoryNetwork = (typeof DIRECTORY_NETWORKS)[number];

/** Entry statuses: published entries are listed to every client; staff may hide one. */
export const DIRECTORY_STATUSES = ['published', 'hidden'] as const;
export type DirectoryStatus = (typeof DIRECTORY_STATUSES)[number];

/**
 * Validation messages are codes (`ecosystem:validation.<code>` in the browser), never English
 * sentences, so every language shows them translated.
 */
export const DIRECTORY_LIMITS = {
  name: 120,
  description: 1000,
  contactName: 120,
  listItems: 40,
} as const;

const text = (max: number) => z.string().trim().max(max, 'tooLong');
const list = <T extends z.ZodType>(item: T) => z.array(item).max(DIRECTORY_LIMITS.listItems, 'tooMany');

/** The profile a company's Master User chooses to publish: nothing else of the company is shown. */
export const directoryProfileSchema = z.object({
  display_name: text(DIRECTORY_LIMITS.name).pipe(z.string().min(1, 'required')),
  description: text(DIRECTORY_LIMITS.description).default(''),
  services: list(z.enum(DIRECTORY_SERVICES, { error: 'invalidService' })).min(1, 'required'),
  countries: list(z.string().trim().toUpperCase().refine(isIsoCountryCode, 'invalidCountry')).default([]),
  currencies: list(z.enum(CURRENCY_CODES as [string, ...string[]], { error: 'invalidCurrency' })).default([]),
  networks: list(z.enum(DIRECTORY_NETWORKS, { error: 'invalidNetwork' })).default([]),
  website: z
    .string()
    .trim()
    .max(300, 'tooLong')
    .regex(/^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{2,5})?(\/\S*)?$/i, 'invalidUrl')
    .or(z.literal(''))
    .default(''),
  contact_name: text(DIRECTORY_LIMITS.contactName).default(''),
  contact_email: z.email({ error: 'invalidEmail' }).max(254, 'tooLong').or(z.literal('')).default(''),
});
export type DirectoryProfile = z.output<typeof directoryProfileSchema>;

export const directoryEntrySchema = z.object({
  merchant_id: z.string(),
  display_name: z.string(),
  description: z.string(),
  services: z.array(z.string()),
  countries: z.array(z.string()),
  currencies: z.array(z.string()),
  networks: z.array(z.string()),
  website: z.string(),
  contact_name: z.string(),
  contact_email: z.string(),
  status: z.enum(DIRECTORY_STATUSES),
  joined_at: z.string(),
  updated_at: z.string(),
});
export type DirectoryEntry = z.output<typeof directoryEntrySchema>;

const directoryFilterSchema = z.object({
  /** Name or description text; `*` is a wildcard (spec §5 filter rule). */
  search: z.string().trim().max(200).optional(),
  service: z.enum(DIRECTORY_SERVICES).optional(),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  currency: z.enum(CURRENCY_CODES as [string, ...string[]]).optional(),
  network: z.enum(DIRECTORY_NETWORKS).optional(),
});
export type DirectoryFilter = z.output<typeof directoryFilterSchema>;

export const directoryErrors = defineErrors({
  DIRECTORY_MASTER_ONLY: errorDef(403, 'Only Master User is able to perform this operation.'),
  DIRECTORY_ALREADY_JOINED: errorDef(
    409,
    'Your company is already in the directory. Change its details instead.',
  ),
  DIRECTORY_NOT_JOINED: errorDef(404, 'Your company is not in the directory.'),
});

const entryAnswer = ok({ entry: directoryEntrySchema });

export const directoryRoutes = {
  directoryList: defineRoute({
    method: 'POST',
    path: '/directory/list/:page/:rows',
    summary: 'Published directory entries, filtered by text, service, country, currency and network',
    tag: 'directory',
    auth: 'user',
    right: 'merchants/view',
    errors: ['NOT_FOUND'],
    params: pageParams,
    body: directoryFilterSchema,
    response: ok({ entries: z.array(directoryEntrySchema), quantity: z.number().int() }),
  }),
  directoryOwn: defineRoute({
    method: 'GET',
    path: '/directory/own',
    summary:
      "The current company's own entry (null when it has not joined) and whether the caller may change it",
    tag: 'directory',
    auth: 'user',
    right: 'merchants/view',
    response: ok({ entry: directoryEntrySchema.nullable(), can_manage: z.boolean() }),
  }),
  directoryJoin: defineRoute({
    method: 'POST',
    path: '/directory/join',
    summary: 'Join the directory with a profile (Master User only)',
    tag: 'directory',
    auth: 'user',
    right: 'merchants/view',
    errors: ['DIRECTORY_ALREADY_JOINED', 'DIRECTORY_MASTER_ONLY', 'NOT_FOUND'],
    body: directoryProfileSchema,
    response: entryAnswer,
  }),
  directoryChange: defineRoute({
    method: 'POST',
    path: '/directory/change',
    summary: "Change the company's directory profile (Master User only)",
    tag: 'directory',
    auth: 'user',
    right: 'merchants/view',
    errors: ['DIRECTORY_MASTER_ONLY', 'DIRECTORY_NOT_JOINED', 'NOT_FOUND', 'ONLY_MASTER_USER'],
    body: directoryProfileSchema,
    response: entryAnswer,
  }),
  directoryLeave: defineRoute({
    method: 'POST',
    path: '/directory/leave',
    summary: 'Leave the directory; the profile is removed (Master User only)',
    tag: 'directory',
    auth: 'user',
    right: 'merchants/view',
    errors: ['DIRECTORY_MASTER_ONLY', 'DIRECTORY_NOT_JOINED', 'NOT_FOUND'],
    body: z.object({}).optional(),
    response: ok({}),
  }),
  operatorDirectoryList: defineRoute({
    method: 'POST',
    path: '/operator/directory/:page/:rows',
    summary: 'Every directory entry, hidden ones included, for moderation (staff)',
    tag: 'operator',
    auth: 'admin',
    params: pageParams,
    body: directoryFilterSchema.extend({ status: z.enum(DIRECTORY_STATUSES).optional() }),
    response: ok({
      entries: z.array(
        directoryEntrySchema.extend({ company_name: z.string(), moderation_note: z.string() }),
      ),
      quantity: z.number().int(),
    }),
  }),
  operatorDirectoryModerate: defineRoute({
    method: 'POST',
    path: '/operator/directory/moderate/:merchantId',
    summary: 'Publish or hide a directory entry with a note (staff)',
    tag: 'operator',
    auth: 'admin',
    errors: ['NOT_FOUND'],
    params: z.object({ merchantId: z.uuid() }),
    body: z.object({
      status: z.enum(DIRECTORY_STATUSES),
      note: z.string().trim().max(500, 'tooLong').default(''),
    }),
    response: entryAnswer,
  }),
};
