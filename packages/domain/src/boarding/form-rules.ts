import { BANKRUPTCY_LOOKBACK_YEARS, OWNERSHIP_TOTAL_MAX_PERCENT } from '../enums/constants.ts';
import type { PlainDate } from '../dates/plain-date.ts';
import {
  type PersonDateError,
  validateBirthDate,
  validateDocumentExpiry,
  validatePastDate,
} from '../dates/person-dates.ts';
import { type FieldErrors, fieldError } from './field-errors.ts';
import type { CompanyForm, PersonInput } from './forms.ts';
import { cryptoCompletenessErrors, pfpCompletenessErrors } from './questionnaires.ts';
import { isValidPostalCode, POSTAL_CODE_MESSAGE } from './postal-codes.ts';
import { hundredthsToPercent, percentToHundredths } from './text-rules.ts';

function dateRule(fields: FieldErrors, key: string, error: PersonDateError | null): void {
  if (error) fields[key] ??= fieldError(error);
}

/** Field rules of one related person (spec §5), on top of the schema's formats. */
export function validatePerson(p: PersonInput, today: PlainDate): FieldErrors {
  const fields: FieldErrors = {};
  dateRule(fields, 'birth_date', validateBirthDate(p.birth_date, today));
  dateRule(fields, 'document.issuedDate', validatePastDate(p.document.issuedDate, today));
  dateRule(fields, 'document.expirationDate', validateDocumentExpiry(p.document.expirationDate, today));
  if (p.authority) {
    dateRule(fields, 'authority.issue_date', validatePastDate(p.authority.issue_date, today));
    if (p.authority.expiry_date)
      dateRule(fields, 'authority.expiry_date', validateDocumentExpiry(p.authority.expiry_date, today));
  }
  if (!p.is_as && !p.is_lr && !p.is_bo) fields.is_as = fieldError('ROLE_REQUIRED');
  if (p.is_as && !p.authority) fields.authority = fieldError('AUTHORITY_REQUIRED');
  if (p.ownership !== undefined) {
    const h = percentToHundredths(p.ownership);
    if (h <= 0) fields.ownership = fieldError('OWNERSHIP_NOT_POSITIVE');
    else if (h > OWNERSHIP_TOTAL_MAX_PERCENT * 100) fields.ownership = fieldError('OWNERSHIP_OVER_100');
  } else if (p.is_bo) {
    fields.ownership = fieldError('OWNERSHIP_REQUIRED');
  }
  if (!isValidPostalCode(p.residence_address.country, p.residence_address.zip))
    fields['residence_address.zip'] = POSTAL_CODE_MESSAGE;
  if (p.has_bankruptcy !== p.aml.bankruptcy)
    fields['aml.bankruptcy'] = fieldError('BANKRUPTCY_INCONSISTENT', { years: BANKRUPTCY_LOOKBACK_YEARS });
  return fields;
}

/** Identity used for the duplicate-person rule: same first and last name, case-insensitive. */
export const personKey = (p: { first_name: string; last_name: string }) =>
  `${p.first_name.trim().toLowerCase()} ${p.last_name.trim().toLowerCase()}`;

/** Total ownership of beneficial owners in hundredths; over 10000 breaks the 100% rule. */
export function totalOwnership(persons: readonly { is_bo: boolean; ownership?: string | null }[]): number {
  return persons.reduce((sum, p) => sum + (p.is_bo && p.ownership ? percentToHundredths(p.ownership) : 0), 0);
}

export const ownershipTotalMessage = (totalHundredths: number) =>
  fieldError('OWNERSHIP_TOTAL_OVER_100', { total: hundredthsToPercent(totalHundredths) });

/** Set rules checked at submit: at least one person per role, ownership total. */
export function personsSetErrors(
  persons: readonly { is_as: boolean; is_lr: boolean; is_bo: boolean; ownership?: string | null }[],
): FieldErrors {
  const fields: FieldErrors = {};
  if (!persons.some((p) => p.is_as)) fields.auth_signs = fieldError('AS_REQUIRED');
  if (!persons.some((p) => p.is_lr)) fields.legal_reps = fieldError('LR_REQUIRED');
  if (!persons.some((p) => p.is_bo)) fields.beneficial_owners = fieldError('BO_REQUIRED');
  const total = totalOwnership(persons);
  if (total > OWNERSHIP_TOTAL_MAX_PERCENT * 100) fields.ownership = ownershipTotalMessage(total);
  return fields;
}

/** Fields a verified person can no longer change (spec §5): identity and document data. */
export const FROZEN_PERSON_FIELDS = ['first_name', 'last_name', 'birth_date', 'email', 'document'] as const;

/** The frozen fields that differ between stored and incoming person data. */
export function changedFrozenFields(before: PersonInput, after: PersonInput): string[] {
  // Key order is not content (stored JSON may come back reordered); text compares case-insensitively.
  const norm = (v: unknown) =>
    JSON.stringify(v, (_k, x: unknown) =>
      x && typeof x === 'object' && !Array.isArray(x)
        ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b)))
        : typeof x === 'string'
          ? x.trim().toLowerCase()
          : x,
    );
  return FROZEN_PERSON_FIELDS.filter((f) => norm(before[f]) !== norm(after[f]));
}

const REQUIRED = fieldError('REQUIRED');

/** Completeness and cross-field rules of the company sections at submit (spec §3, §5). */
export function companyCompletenessErrors(form: CompanyForm): FieldErrors {
  const fields: FieldErrors = {};
  const need = (key: string, value: unknown) => {
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0))
      fields[key] = REQUIRED;
  };
  need('company_name', form.company_name);
  need('registration_number', form.registration_number);
  need('is_micro_enterprise', form.is_micro_enterprise);
  need('segregated_account', form.segregated_account);
  for (const key of ['legal_address', 'registered_address'] as const) {
    const a = form[key];
    for (const part of ['country', 'zip', 'city', 'street'] as const) need(`${key}.${part}`, a?.[part]);
    if (a?.country && a.zip && !isValidPostalCode(a.country, a.zip))
      fields[`${key}.zip`] = POSTAL_CODE_MESSAGE;
  }
  need('licence.has_licence', form.licence?.has_licence);
  if (form.licence?.has_licence) {
    need('licence.type', form.licence.type);
    need('licence.number', form.licence.number);
    need('licence.issuing_body', form.licence.issuing_body);
  }
  need('fatca.registered', form.fatca?.registered);
  if (form.fatca?.registered) need('fatca.giin', form.fatca.giin);
  const t = form.turnover;
  need('turnover.monthly_volume_eur', t?.monthly_volume_eur);
  need('turnover.monthly_quantity', t?.monthly_quantity);
  if (t?.min_amount_eur && t.max_amount_eur && cents(t.min_amount_eur) > cents(t.max_amount_eur))
    fields['turnover.min_amount_eur'] = fieldError('MIN_OVER_MAX');
  need('pci_dss.compliant', form.pci_dss?.compliant);
  if (form.pci_dss?.compliant) need('pci_dss.level', form.pci_dss.level);
  need('activity.crypto_services', form.activity?.crypto_services);
  need('activity.payment_facilitator', form.activity?.payment_facilitator);
  if (form.activity?.crypto_services) Object.assign(fields, cryptoCompletenessErrors(form.crypto));
  if (form.activity?.payment_facilitator) Object.assign(fields, pfpCompletenessErrors(form.pfp));
  return fields;
}

function cents(value: string): bigint {
  const [whole = '0', frac = ''] = value.split('.');
  return BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0') || '0');
}
