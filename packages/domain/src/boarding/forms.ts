import { z } from 'zod';
import {
  AML_QUESTIONS,
  CORPORATE_DOCUMENT_TYPES,
  DOCUMENT_TYPES,
  PCI_DSS_LEVELS,
} from '../enums/boarding.ts';
import { fieldError } from './field-errors.ts';
import { cryptoQuestionnaireSchema, eurAmount, pfpQuestionnaireSchema } from './questionnaires.ts';
import { countryCode, englishText, isoDate, percentText, requiredEnglish, webUrl } from './text-rules.ts';

const yesNo = z.boolean({ error: fieldError('INVALID') });
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: fieldError('CHOICE_INVALID') });
const count = (max: number) =>
  z
    .number({ error: fieldError('NOT_INTEGER') })
    .int(fieldError('NOT_INTEGER'))
    .min(0, fieldError('NUMBER_TOO_SMALL', { min: 0 }))
    .max(max, fieldError('NUMBER_TOO_LARGE', { max }));

/**
 * Application forms (spec §3). Drafts may be partial, so every leaf is optional here and the
 * completeness rules run at submit ({@link companyCompletenessErrors}); formats are checked on
 * every save.
 */
export const addressSchema = z.object({
  country: countryCode.optional(),
  state: englishText(100).optional(),
  zip: englishText(20).optional(),
  city: englishText(100).optional(),
  street: englishText(200).optional(),
});
export type Address = z.infer<typeof addressSchema>;

export const companyFormSchema = z.object({
  company_name: englishText(200).optional(),
  trading_name: englishText(200).optional(),
  registration_number: englishText(50).optional(),
  incorporation_date: isoDate.optional(),
  incorporation_document_type: choice(CORPORATE_DOCUMENT_TYPES).optional(),
  websites: z
    .array(webUrl)
    .max(10, fieldError('TOO_MANY', { max: 10 }))
    .optional(),
  is_micro_enterprise: yesNo.optional(),
  staff_count: count(1_000_000).optional(),
  legal_address: addressSchema.optional(),
  registered_address: addressSchema.optional(),
  vat_number: englishText(30).optional(),
  licence: z
    .object({
      has_licence: yesNo.optional(),
      type: englishText(100).optional(),
      number: englishText(50).optional(),
      issuing_body: englishText(200).optional(),
      supervisory_authorities: englishText(300).optional(),
      url: webUrl.optional(),
    })
    .optional(),
  segregated_account: yesNo.optional(),
  fatca: z
    .object({
      registered: yesNo.optional(),
      // GIIN: XXXXXX.XXXXX.XX.XXX (IRS format; letter O is never used).
      giin: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-NP-Z0-9]{6}\.[A-NP-Z0-9]{5}\.(LE|SL|ME|BR|SP)\.\d{3}$/, fieldError('GIIN_INVALID'))
        .optional(),
    })
    .optional(),
  turnover: z
    .object({
      monthly_volume_eur: eurAmount.optional(),
      monthly_quantity: count(100_000_000).optional(),
      average_amount_eur: eurAmount.optional(),
      min_amount_eur: eurAmount.optional(),
      max_amount_eur: eurAmount.optional(),
      sources: z
        .array(englishText(200))
        .max(20, fieldError('TOO_MANY', { max: 20 }))
        .optional(),
      destinations: z
        .array(englishText(200))
        .max(20, fieldError('TOO_MANY', { max: 20 }))
        .optional(),
    })
    .optional(),
  pci_dss: z.object({ compliant: yesNo.optional(), level: choice(PCI_DSS_LEVELS).optional() }).optional(),
  /** Activity answers: they decide whether the crypto and PFP questionnaires are required. */
  activity: z.object({ crypto_services: yesNo.optional(), payment_facilitator: yesNo.optional() }).optional(),
  crypto: cryptoQuestionnaireSchema.optional(),
  pfp: pfpQuestionnaireSchema.optional(),
});
export type CompanyForm = z.infer<typeof companyFormSchema>;

export const documentSchema = z.object({
  type: choice(DOCUMENT_TYPES),
  number: requiredEnglish(50),
  issuedCountryCode: countryCode,
  issuedBy: requiredEnglish(200),
  issuedDate: isoDate,
  expirationDate: isoDate,
});

export const amlAnswersSchema = z.object(
  Object.fromEntries(AML_QUESTIONS.map((q) => [q, yesNo])) as Record<
    (typeof AML_QUESTIONS)[number],
    z.ZodBoolean
  >,
);
export type AmlAnswers = z.infer<typeof amlAnswersSchema>;

/** A related person (spec §3 Person) as the forms send it. */
export const personInputSchema = z.object({
  first_name: requiredEnglish(100),
  last_name: requiredEnglish(100),
  birth_date: isoDate,
  email: z.email(fieldError('EMAIL_INVALID')).max(200, fieldError('TOO_LONG', { max: 200 })),
  document: documentSchema,
  is_as: yesNo,
  is_lr: yesNo,
  is_bo: yesNo,
  position: englishText(100).optional(),
  mobile: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, fieldError('PHONE_INVALID'))
    .optional(),
  authority: z
    .object({ basis: requiredEnglish(200), issue_date: isoDate, expiry_date: isoDate.optional() })
    .optional(),
  ownership: percentText.optional(),
  identification_code: englishText(50).optional(),
  residence_address: z.object({
    country: countryCode,
    state: englishText(100).optional(),
    zip: requiredEnglish(20),
    city: requiredEnglish(100),
    street: requiredEnglish(200),
  }),
  has_bankruptcy: yesNo,
  aml: amlAnswersSchema,
});
export type PersonInput = z.infer<typeof personInputSchema>;
