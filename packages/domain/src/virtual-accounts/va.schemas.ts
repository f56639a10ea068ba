import { z } from 'zod';
import { APP_FILE_LIMITS } from '../boarding/files.ts';
import { validateBirthDate, validatePastDate } from '../dates/person-dates.ts';
import { parsePlainDate } from '../dates/plain-date.ts';
import { IBAN_COUNTRIES } from '../formats/iban.ts';
import {
  VA_BO_INFO_MAX,
  VA_CHECK_RULE_CODES,
  VA_CLIENT_TYPES,
  VA_COMPLIANCE_CHECK_TYPES,
  VA_MAX_EXPECTED_TURNOVER_EUR,
  VA_REQUEST_STATUSES,
  VA_STATUSES,
  VAAC_CODE_LIST,
  type VaacCode,
} from './va-codes.ts';

/**
 * Field messages are codes the browser translates (`virtualAccounts:validation.<code>`), never
 * English sentences, so the form and the API say the same thing in every language.
 */
export const VA_FIELD_CODES = [
  'required',
  'tooLong',
  'invalid',
  'countryInvalid',
  'dateInvalid',
  'dateOutOfRange',
  'ageOutOfRange',
  'emailInvalid',
  'urlInvalid',
  'customParamCamelCase',
  'customParamDuplicate',
  'customParamValueRequired',
  'turnoverNegative',
  'turnoverTooHigh',
  'turnoverInvalid',
  'pepAnswerRequired',
  'pepEvidenceRequired',
  'infoTooLong',
  'ownershipInvalid',
  'tickerRequired',
  'micRequired',
  'taxIdInvalid',
  'documentDuplicate',
] as const;
export type VaFieldCode = (typeof VA_FIELD_CODES)[number];

const today = () => {
  const now = new Date();
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
};

const text = (max: number) => z.string().trim().max(max, 'tooLong');
const required = (max: number) => text(max).min(1, 'required');

/** ISO 3166-1 alpha-2 code of a real country (ibantools carries the whole list). */
export const vaCountrySchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((c) => /^[A-Z]{2}$/.test(c) && Object.hasOwn(IBAN_COUNTRIES, c), 'countryInvalid');

const birthDate = z
  .string()
  .trim()
  .min(1, 'required')
  .superRefine((value, ctx) => {
    const error = validateBirthDate(value, today());
    if (error === null) return;
    const code =
      error === 'DATE_INVALID' ? 'dateInvalid' : error.startsWith('AGE') ? 'ageOutOfRange' : 'dateOutOfRange';
    ctx.addIssue({ code: 'custom', message: code });
  });

const pastDate = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (value === '') return;
    const error = validatePastDate(value, today());
    if (error !== null)
      ctx.addIssue({ code: 'custom', message: parsePlainDate(value) ? 'dateOutOfRange' : 'dateInvalid' });
  });

/** camelCase name of a custom parameter (spec §5, e.g. localFirstName). */
export const CUSTOM_PARAM_NAME = /^[a-z][a-zA-Z0-9]*$/;

export const customParameterSchema = z.object({
  name: text(50),
  value: text(255),
});

/**
 * Custom parameters (spec §5): names camelCase and unique, a value required once a name is filled.
 * Rows with neither name nor value are ignored (an empty row the form added).
 */
export const customParametersSchema = z
  .array(customParameterSchema)
  .max(20, 'tooLong')
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      if (row.name === '' && row.value === '') return;
      if (!CUSTOM_PARAM_NAME.test(row.name))
        ctx.addIssue({ code: 'custom', path: [index, 'name'], message: 'customParamCamelCase' });
      else if (seen.has(row.name))
        ctx.addIssue({ code: 'custom', path: [index, 'name'], message: 'customParamDuplicate' });
      seen.add(row.name);
      if (row.name !== '' && row.value === '')
        ctx.addIssue({ code: 'custom', path: [index, 'value'], message: 'customParamValueRequired' });
    });
  });

/** Expected turnover in EUR per month (spec §3, §5): a decimal, not negative, below the maximum. */
export const expectedTurnoverSchema = z
  .string()
  .trim()
  .min(1, 'required')
  .superRefine((value, ctx) => {
    if (/^-\s*\d/.test(value)) return void ctx.addIssue({ code: 'custom', message: 'turnoverNegative' });
    if (!/^\d{1,12}(\.\d{1,2})?$/.test(value))
      return void ctx.addIssue({ code: 'custom', message: 'turnoverInvalid' });
    const whole = BigInt(value.split('.')[0] ?? '0');
    if (whole >= BigInt(VA_MAX_EXPECTED_TURNOVER_EUR))
      ctx.addIssue({ code: 'custom', message: 'turnoverTooHigh' });
  });

export const PEP_ANSWERS = ['yes', 'no'] as const;

/** An ultimate beneficial owner with the PEP answer and, for a PEP, the evidence (spec §3, §5). */
export const uboSchema = z
  .object({
    name: required(140),
    birth_date: birthDate,
    /** Percent with up to two decimals. */
    ownership: z
      .string()
      .trim()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, 'ownershipInvalid')
      .refine((v) => Number(v) > 0 && Number(v) <= 100, 'ownershipInvalid'),
    beneficial_owner_pep: z.enum(PEP_ANSWERS, 'pepAnswerRequired'),
    beneficial_owner_pep_details: z.string().trim().max(VA_BO_INFO_MAX, 'infoTooLong').default(''),
  })
  .superRefine((ubo, ctx) => {
    if (ubo.beneficial_owner_pep === 'yes' && ubo.beneficial_owner_pep_details === '')
      ctx.addIssue({
        code: 'custom',
        path: ['beneficial_owner_pep_details'],
        message: 'pepEvidenceRequired',
      });
  });

export const vaAddressSchema = z.object({
  country_code: vaCountrySchema,
  city: required(100),
  street: required(200),
  zip: required(20),
});

/** Kinds of document a VA request carries (spec §3 document, additionalDocuments). */
export const VA_DOCUMENT_TYPES = [
  'incorporation_certificate',
  'proof_of_address',
  'identity_document',
  'ownership_structure',
  'bank_statement',
  'other',
] as const;
export type VaDocumentType = (typeof VA_DOCUMENT_TYPES)[number];

/**
 * Request documents are uploaded first (PDF or CSV, the boarding files' size limit and content
 * check) and named in the request by the id the upload answered; the request's transaction attaches
 * them, and uploads never attached are swept after `unattachedHours`.
 */
export const VA_DOCUMENT_LIMITS = {
  maxFileBytes: APP_FILE_LIMITS.maxFileBytes,
  maxFileMb: APP_FILE_LIMITS.maxFileBytes / (1024 * 1024),
  extensions: ['pdf', 'csv'] as const,
  maxAdditional: 10,
  /** Uploads a company may hold unattached at once. */
  maxUnattached: 30,
  unattachedHours: 24,
} as const;

/** A document of the request: its kind and the id of the upload (its name comes from the upload). */
export const vaDocumentSchema = z.object({
  type: z.enum(VA_DOCUMENT_TYPES, 'required'),
  file_id: z.uuid('required'),
});

/** One uploaded request document as the API shows it. */
export const vaDocumentViewSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  ext: z.enum(['pdf', 'csv']),
  size: z.number().int(),
  type: z.enum(VA_DOCUMENT_TYPES).nullable(),
  role: z.enum(['main', 'additional']).nullable(),
  created: z.string(),
});
export type VaDocumentView = z.infer<typeof vaDocumentViewSchema>;

const optionalEmail = z.union([z.literal(''), z.email('emailInvalid').max(120, 'tooLong')]).default('');

/** Fields both request kinds carry. */
const commonShape = {
  wallet_uuid: z.uuid('required'),
  /** A group of the company; when absent the first group with free numbers is used. */
  ibans_group_id: z.coerce.number().int().positive().optional(),
  /** The client's own id of its customer (spec client_customer_id). */
  client_customer_id: required(64).regex(/^[\w.:-]+$/, 'invalid'),
  email: optionalEmail,
  phone: text(30)
    .regex(/^(\+?[\d ()-]{5,30})?$/, 'invalid')
    .default(''),
  address: vaAddressSchema,
  tax_residency_country: vaCountrySchema,
  /** US taxpayer id (SSN/ITIN/EIN, 9 digits) when the customer is a US taxpayer. */
  us_taxpayer_id: z
    .string()
    .trim()
    .regex(/^(\d{3}-?\d{2}-?\d{4}|\d{2}-?\d{7})?$/, 'taxIdInvalid')
    .default(''),
  industry_type: required(100),
  business_activity: text(500).default(''),
  relevant_information: z.string().trim().max(VA_BO_INFO_MAX, 'infoTooLong').default(''),
  custom_parameters: customParametersSchema.default([]),
  document: vaDocumentSchema.optional(),
  additional_documents: z
    .array(vaDocumentSchema)
    .max(VA_DOCUMENT_LIMITS.maxAdditional, 'tooLong')
    .default([]),
  /** Allocate a new number even when this customer id already has one (spec forceNewIban). */
  force_new_iban: z.boolean().default(false),
  compliance_check_type: z.enum(VA_COMPLIANCE_CHECK_TYPES).default('standard'),
};

export const individualVaRequestSchema = z.object({
  ...commonShape,
  client_type: z.literal('individual').default('individual'),
  first_name: required(70),
  last_name: required(70),
  birth_date: birthDate,
});
export type IndividualVaRequest = z.output<typeof individualVaRequestSchema>;

export const corporateVaRequestSchema = z
  .object({
    ...commonShape,
    client_type: z.literal('corporate').default('corporate'),
    corporate_customer_name: required(140),
    incorporation_number: required(50).regex(/^[A-Za-z0-9 ./-]+$/, 'invalid'),
    incorporation_country_code: vaCountrySchema,
    incorporation_date: pastDate.default(''),
    trading_website: z
      .string()
      .trim()
      .max(300, 'tooLong')
      .regex(/^(https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{2,5})?(\/\S*)?)?$/i, 'urlInvalid')
      .default(''),
    expected_turnover: expectedTurnoverSchema,
    beneficial_legal_entity: text(140).default(''),
    ultimate_beneficial_owners: z.array(uboSchema).min(1, 'required').max(10, 'tooLong'),
    publicly_traded: z.boolean().default(false),
    stock_ticker: z
      .string()
      .trim()
      .toUpperCase()
      .max(10, 'tooLong')
      .regex(/^[A-Z0-9.]*$/, 'invalid')
      .default(''),
    stock_exchange_mic: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z0-9]{4})?$/, 'invalid')
      .default(''),
  })
  .superRefine((r, ctx) => {
    if (!r.publicly_traded) return;
    if (r.stock_ticker === '')
      ctx.addIssue({ code: 'custom', path: ['stock_ticker'], message: 'tickerRequired' });
    if (r.stock_exchange_mic === '')
      ctx.addIssue({ code: 'custom', path: ['stock_exchange_mic'], message: 'micRequired' });
  });
export type CorporateVaRequest = z.output<typeof corporateVaRequestSchema>;

export type VaRequestDetails = IndividualVaRequest | CorporateVaRequest;

/** Spec §5: '&' in legal names may be replaced with 'and' (account-holder names on the rails). */
export function legalNameForRails(name: string): string {
  return name
    .replace(/\s*&\s*/g, ' and ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The customer's name as the VA's account holder. */
export function vaCustomerName(d: VaRequestDetails): string {
  return d.client_type === 'corporate' ? d.corporate_customer_name : `${d.first_name} ${d.last_name}`;
}

export const vaacCodeSchema = z.enum(VAAC_CODE_LIST as [VaacCode, ...VaacCode[]]);
export const vaStatusSchema = z.enum(VA_STATUSES);
export const vaRequestStatusSchema = z.enum(VA_REQUEST_STATUSES);
export const vaCheckRuleSchema = z.enum(VA_CHECK_RULE_CODES);
export const vaClientTypeSchema = z.enum(VA_CLIENT_TYPES);

/** A Virtual Account as the API shows it (spec §3 names). */
export const virtualAccountSchema = z.object({
  id: z.string(),
  iban_number: z.string().nullable(),
  number: z.string(),
  bank_code: z.string(),
  client_customer_id: z.string(),
  client_customer_name: z.string(),
  bank: z.string(),
  bankAddress: z.string(),
  bic: z.string(),
  bsbCode: z.string().nullable(),
  sortCode: z.string().nullable(),
  accNumber: z.string(),
  accHolderName: z.string(),
  companyNumber: z.string().nullable(),
  walletUuid: z.string(),
  ibansGroup: z.number().int(),
  clientType: vaClientTypeSchema,
  status: vaStatusSchema,
  closedOn: z.string().nullable(),
  disabledOn: z.string().nullable(),
  reason: z.string().nullable(),
  check_rule_code: vaCheckRuleSchema,
  level: z.number().int(),
  country: z.string(),
  compliance_warning: z.boolean(),
  created: z.string(),
});
export type VirtualAccount = z.infer<typeof virtualAccountSchema>;

export const vaGroupSchema = z.object({
  id: z.number().int(),
  merchant_id: z.string(),
  name: z.string(),
  country: z.string(),
  check_rule_code: vaCheckRuleSchema,
  level: z.number().int(),
  bank: z.string(),
  bank_address: z.string(),
  bic: z.string(),
  bank_code: z.string(),
  range_from: z.number().int(),
  range_to: z.number().int(),
  limit: z.number().int(),
  allocated: z.number().int(),
  free: z.number().int(),
  created: z.string(),
});
export type VaGroup = z.infer<typeof vaGroupSchema>;

export const vaRequestRowSchema = z.object({
  uuid: z.string(),
  merchant_id: z.string(),
  company_name: z.string(),
  wallet_uuid: z.string(),
  client_type: vaClientTypeSchema,
  client_customer_id: z.string(),
  customer_name: z.string(),
  status: vaRequestStatusSchema,
  decline_reason: z.string().nullable(),
  warning: z.string().nullable(),
  virtual_account_id: z.string().nullable(),
  iban_number: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type VaRequestRow = z.infer<typeof vaRequestRowSchema>;

export const vaRequestDetailSchema = vaRequestRowSchema.extend({
  details: z.record(z.string(), z.unknown()),
  documents: z.array(vaDocumentViewSchema),
  events: z.array(z.object({ status: z.string(), at: z.string(), note: z.string().nullable() })),
});
