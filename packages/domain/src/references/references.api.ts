import { z } from 'zod';
import { defineRoute, ok, positiveInt } from '../api/route.ts';
import { defineErrors, errorDef } from '../errors/define.ts';

/**
 * Reference data of spec §3/§7: lists of values by code (`countries`, `currencies`,
 * `document_types` …), each code also reachable by its numeric reference id.
 */
export const referenceValueSchema = z.object({
  code: z.string(),
  reference_id: z.number().int(),
  value: z.string(),
  description: z.string(),
});
export type ReferenceValue = z.output<typeof referenceValueSchema>;

/** `GET /currencies/{param}`: the spec does not say what param means; we read it as the kind. */
export const CURRENCY_LIST_KINDS = ['all', 'fiat', 'crypto'] as const;

export const currencyRowSchema = z.object({
  code: z.string(),
  numeric: z.string(),
  name: z.string(),
  exponent: z.number().int(),
  kind: z.enum(['fiat', 'crypto']),
});

export const referenceErrors = defineErrors({
  REFERENCE_NOT_FOUND: errorDef(404, 'The reference list {code} does not exist.'),
});

/** A reference code: lower-case words joined by underscores. */
const referenceCode = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,63}$/, 'invalidCode');

export const referenceRoutes = {
  referenceValuesByCode: defineRoute({
    method: 'GET',
    path: '/references/values_by_code/:code',
    summary: 'Values of one reference list by its code (countries, currencies, document_types …)',
    tag: 'references',
    auth: 'user',
    errors: ['REFERENCE_NOT_FOUND'],
    params: z.object({ code: referenceCode }),
    response: ok({ reference_values: z.array(referenceValueSchema) }),
  }),
  referenceValuesByRefId: defineRoute({
    method: 'GET',
    path: '/references/values_by_ref_id/:id',
    summary: 'Values of one reference list by its numeric reference id',
    tag: 'references',
    auth: 'user',
    errors: ['REFERENCE_NOT_FOUND'],
    params: z.object({ id: positiveInt.max(1_000_000) }),
    response: ok({ reference_values: z.array(referenceValueSchema) }),
  }),
  currencyList: defineRoute({
    method: 'GET',
    path: '/currencies/:param',
    summary: 'ISO 4217 currencies (and the crypto assets the provider holds) with their exponents',
    tag: 'references',
    auth: 'user',
    params: z.object({ param: z.enum(CURRENCY_LIST_KINDS) }),
    response: ok({ currencies: z.array(currencyRowSchema) }),
  }),
};
