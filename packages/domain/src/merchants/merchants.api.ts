import { z } from 'zod';
import { defineRoute, ok, pageParams } from '../api/route.ts';
import { PLATFORM_LABELS } from '../platform/platform.ts';

export const merchantRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  service_code: z.enum(['AccountService', 'MerchantService']),
  platform: z.enum(PLATFORM_LABELS),
  status: z.number().int(),
  created_at: z.string(),
});

const merchantFilterSchema = z.object({
  /** Part of the company name; `*` is a wildcard (spec §5 filter rule). */
  merchant_name: z.string().trim().max(200).optional(),
});

export const merchantRoutes = {
  merchantData: defineRoute({
    method: 'GET',
    path: '/merchants/:id',
    summary: 'One company: name, service, platform, company details and settings',
    tag: 'merchants',
    auth: 'user',
    right: 'merchants/view',
    errors: ['NOT_FOUND'],
    params: z.object({ id: z.uuid() }),
    response: ok({
      merchant_data: merchantRowSchema.extend({
        additional_data: z.record(z.string(), z.string()),
        new_iban_same_id_forced_creation: z.boolean(),
        settings: z.object({
          ipWhitelist: z.array(z.string()),
          postbackUrls: z.record(z.string(), z.string()),
        }),
      }),
    }),
  }),
  companyMerchants: defineRoute({
    method: 'POST',
    path: '/merchants/company_merchants/:page/:rows',
    summary: 'Companies the caller may act for (staff: every client company), filtered by name',
    tag: 'merchants',
    auth: 'user',
    params: pageParams,
    body: merchantFilterSchema,
    response: ok({ merchants: z.array(merchantRowSchema), quantity: z.number().int() }),
  }),
  companyMerchantsCount: defineRoute({
    method: 'POST',
    path: '/merchants/company_merchants/count',
    summary: 'How many companies the name filter matches',
    tag: 'merchants',
    auth: 'user',
    body: merchantFilterSchema,
    response: ok({ quantity: z.number().int() }),
  }),
};
