import { z } from 'zod';
import { type FieldErrors, fieldError } from './field-errors.ts';
import { countryCode, englishText, percentToHundredths } from './text-rules.ts';

/**
 * The crypto questionnaire and the PFP (payment facilitator) questionnaire of the application
 * forms (spec §2). They are sections of the company form, stored with it; which of them the
 * applicant must complete follows from the activity answers of the main questionnaire
 * ({@link questionnairesRequired}). Drafts may be partial; completeness is checked at submit.
 */

export const CRYPTO_SERVICES = ['exchange', 'custody', 'transfer', 'brokerage', 'otc', 'issuance'] as const;
export type CryptoService = (typeof CRYPTO_SERVICES)[number];
export const CRYPTO_NETWORKS = [
  'bitcoin',
  'ethereum',
  'tron',
  'solana',
  'polygon',
  'bnb',
  'litecoin',
  'other',
] as const;
export const CUSTODY_MODELS = ['self', 'third_party', 'none'] as const;
export type CustodyModel = (typeof CUSTODY_MODELS)[number];

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: fieldError('CHOICE_INVALID') });
const yesNo = z.boolean({ error: fieldError('INVALID') });

/** A list whose items must differ (compared case-insensitively). */
const uniqueList = <T extends z.ZodType<string>>(item: T, max: number) =>
  z
    .array(item)
    .max(max, fieldError('TOO_MANY', { max }))
    .refine(
      (xs) => new Set(xs.map((x) => x.toUpperCase())).size === xs.length,
      fieldError('DUPLICATE_VALUE'),
    );

/** EUR as decimal text, never floats. */
export const eurAmount = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, fieldError('NOT_NUMERIC'));

/** A ratio in percent with at most two decimals, 0 to 100 ("0.65"). */
export const ratioPercent = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, fieldError('RATIO_INVALID'))
  .refine(
    (v) => !/^\d{1,3}(\.\d{1,2})?$/.test(v) || percentToHundredths(v) <= 10_000,
    fieldError('RATIO_OVER_100'),
  );

/** A crypto-asset ticker: 2 to 10 upper-case letters or digits (BTC, USDT, ETH2). */
const assetTicker = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,10}$/, fieldError('INVALID'));

/** A merchant category code (ISO 18245): four digits. */
const mcc = z
  .string()
  .trim()
  .regex(/^\d{4}$/, fieldError('MCC_INVALID'));

export const cryptoQuestionnaireSchema = z.object({
  services: z.array(choice(CRYPTO_SERVICES)).max(CRYPTO_SERVICES.length).optional(),
  assets: uniqueList(assetTicker, 50).optional(),
  networks: uniqueList(choice(CRYPTO_NETWORKS), CRYPTO_NETWORKS.length).optional(),
  custody: choice(CUSTODY_MODELS).optional(),
  custodian_name: englishText(200).optional(),
  travel_rule: z.object({ compliant: yesNo.optional(), provider: englishText(100).optional() }).optional(),
  licence: z
    .object({
      licensed: yesNo.optional(),
      regulator: englishText(200).optional(),
      number: englishText(50).optional(),
      country: countryCode.optional(),
    })
    .optional(),
  monthly_volume_eur: eurAmount.optional(),
});
export type CryptoQuestionnaire = z.infer<typeof cryptoQuestionnaireSchema>;

export const pfpQuestionnaireSchema = z.object({
  sub_merchant_count: z
    .number({ error: fieldError('NOT_INTEGER') })
    .int(fieldError('NOT_INTEGER'))
    .min(1, fieldError('NUMBER_TOO_SMALL', { min: 1 }))
    .max(1_000_000, fieldError('NUMBER_TOO_LARGE', { max: 1_000_000 }))
    .optional(),
  mccs: uniqueList(mcc, 50).optional(),
  countries: uniqueList(countryCode, 60).optional(),
  monthly_volume_eur: eurAmount.optional(),
  average_ticket_eur: eurAmount.optional(),
  chargeback_ratio: ratioPercent.optional(),
  refund_ratio: ratioPercent.optional(),
  sub_merchant_kyc: yesNo.optional(),
});
export type PfpQuestionnaire = z.infer<typeof pfpQuestionnaireSchema>;

/** The activity answers of the main questionnaire that decide which questionnaires are required. */
export interface ActivityAnswers {
  activity?: { crypto_services?: boolean; payment_facilitator?: boolean };
}

/** Which questionnaires the applicant must complete; undefined while the question is unanswered. */
export function questionnairesRequired(form: ActivityAnswers): {
  crypto: boolean | undefined;
  pfp: boolean | undefined;
} {
  return { crypto: form.activity?.crypto_services, pfp: form.activity?.payment_facilitator };
}

const blank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** Completeness and cross-field rules of the crypto questionnaire (keys prefixed `crypto.`). */
export function cryptoCompletenessErrors(q: CryptoQuestionnaire | undefined): FieldErrors {
  const fields: FieldErrors = {};
  const need = (key: string, value: unknown) => {
    if (blank(value)) fields[`crypto.${key}`] = fieldError('REQUIRED');
  };
  if (!q) return { crypto: fieldError('QUESTIONNAIRE_REQUIRED') };
  need('services', q.services);
  need('assets', q.assets);
  need('networks', q.networks);
  need('custody', q.custody);
  if (q.custody === 'third_party') need('custodian_name', q.custodian_name);
  need('travel_rule.compliant', q.travel_rule?.compliant);
  if (q.travel_rule?.compliant && blank(q.travel_rule.provider))
    fields['crypto.travel_rule.provider'] = fieldError('TRAVEL_RULE_PROVIDER_REQUIRED');
  need('licence.licensed', q.licence?.licensed);
  if (q.licence?.licensed) {
    need('licence.regulator', q.licence.regulator);
    need('licence.number', q.licence.number);
    need('licence.country', q.licence.country);
  } else if (q.licence?.licensed === false && (q.custody === 'self' || q.services?.includes('custody'))) {
    // Holding clients' assets needs a licence (or a licensed third-party custodian).
    fields['crypto.licence.licensed'] = fieldError('LICENCE_REQUIRED_FOR_CUSTODY');
  }
  need('monthly_volume_eur', q.monthly_volume_eur);
  return fields;
}

/** Completeness and cross-field rules of the PFP questionnaire (keys prefixed `pfp.`). */
export function pfpCompletenessErrors(q: PfpQuestionnaire | undefined): FieldErrors {
  const fields: FieldErrors = {};
  const need = (key: string, value: unknown) => {
    if (blank(value)) fields[`pfp.${key}`] = fieldError('REQUIRED');
  };
  if (!q) return { pfp: fieldError('QUESTIONNAIRE_REQUIRED') };
  need('sub_merchant_count', q.sub_merchant_count);
  need('mccs', q.mccs);
  need('countries', q.countries);
  need('monthly_volume_eur', q.monthly_volume_eur);
  need('average_ticket_eur', q.average_ticket_eur);
  need('chargeback_ratio', q.chargeback_ratio);
  need('sub_merchant_kyc', q.sub_merchant_kyc);
  const cents = (v: string) => {
    const [whole = '0', frac = ''] = v.split('.');
    return BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0') || '0');
  };
  if (
    q.average_ticket_eur &&
    q.monthly_volume_eur &&
    cents(q.average_ticket_eur) > cents(q.monthly_volume_eur)
  )
    fields['pfp.average_ticket_eur'] = fieldError('MIN_OVER_MAX');
  return fields;
}
