import { describe, expect, it } from 'vitest';
import { NO_AML_FINDINGS } from './boarding.test-helpers.ts';
import { dateFieldSeparator, formatDateField, maskDateField, parseDateField } from './date-fields.ts';
import { fieldError, parseFieldError } from './field-errors.ts';
import { companyCompletenessErrors, validatePerson } from './form-rules.ts';
import { type CompanyForm, companyFormSchema } from './forms.ts';
import {
  type CryptoQuestionnaire,
  type PfpQuestionnaire,
  cryptoCompletenessErrors,
  pfpCompletenessErrors,
  questionnairesRequired,
} from './questionnaires.ts';

const issues = (company: unknown) => {
  const r = companyFormSchema.safeParse(company);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

const crypto: CryptoQuestionnaire = {
  services: ['exchange', 'transfer'],
  assets: ['BTC', 'USDT'],
  networks: ['bitcoin', 'tron'],
  custody: 'third_party',
  custodian_name: 'Safe Keeping Ltd',
  travel_rule: { compliant: true, provider: 'Notabene' },
  licence: { licensed: true, regulator: 'Bank of Lithuania', number: 'VASP-1', country: 'LT' },
  monthly_volume_eur: '250000',
};
const pfp: PfpQuestionnaire = {
  sub_merchant_count: 120,
  mccs: ['5411', '5999'],
  countries: ['GB', 'LT'],
  monthly_volume_eur: '900000',
  average_ticket_eur: '45.50',
  chargeback_ratio: '0.65',
  sub_merchant_kyc: true,
};

describe('field errors are codes with parameters (issue 16)', () => {
  it('encodes and decodes', () => {
    expect(fieldError('REQUIRED')).toBe('REQUIRED');
    expect(fieldError('TOO_LONG', { max: 200 })).toBe('TOO_LONG?max=200');
    expect(parseFieldError('TOO_LONG?max=200')).toEqual({ code: 'TOO_LONG', params: { max: '200' } });
    expect(parseFieldError('Field is required.')).toBeNull();
  });

  it('schema and rule messages are codes, never sentences', () => {
    const bad = issues({
      company_name: 'Ромашка',
      websites: ['ftp://x'],
      staff_count: -1,
      fatca: { giin: 'nope' },
      crypto: { assets: ['btc', 'BTC'], networks: ['moon'] },
      pfp: { mccs: ['54'], chargeback_ratio: '101', sub_merchant_count: 0 },
    });
    for (const message of Object.values(bad)) expect(parseFieldError(message), message).not.toBeNull();
    expect(bad).toMatchObject({
      company_name: 'NOT_ENGLISH',
      'websites.0': 'URL_INVALID',
      staff_count: 'NUMBER_TOO_SMALL?min=0',
      'fatca.giin': 'GIIN_INVALID',
      'crypto.assets': 'DUPLICATE_VALUE',
      'crypto.networks.0': 'CHOICE_INVALID',
      'pfp.mccs.0': 'MCC_INVALID',
      'pfp.chargeback_ratio': 'RATIO_OVER_100',
      'pfp.sub_merchant_count': 'NUMBER_TOO_SMALL?min=1',
    });
    const person = validatePerson(
      {
        first_name: 'A',
        last_name: 'B',
        birth_date: '2020-01-01',
        email: 'a@b.example',
        document: {
          type: 'passport',
          number: '1',
          issuedCountryCode: 'GB',
          issuedBy: 'X',
          issuedDate: '2020-01-01',
          expirationDate: '2030-01-01',
        },
        is_as: false,
        is_lr: false,
        is_bo: true,
        residence_address: { country: 'GB', zip: 'nope', city: 'L', street: 'S' },
        has_bankruptcy: true,
        aml: NO_AML_FINDINGS,
      },
      { year: 2026, month: 3, day: 2 },
    );
    expect(person).toEqual({
      birth_date: 'AGE_TOO_YOUNG',
      ownership: 'OWNERSHIP_REQUIRED',
      'residence_address.zip': 'POSTAL_CODE_INVALID',
      'aml.bankruptcy': 'BANKRUPTCY_INCONSISTENT?years=10',
    });
  });
});

describe('crypto and PFP questionnaires (spec §2, §5)', () => {
  it('are required by the activity answers of the main questionnaire', () => {
    expect(questionnairesRequired({})).toEqual({ crypto: undefined, pfp: undefined });
    expect(
      questionnairesRequired({ activity: { crypto_services: true, payment_facilitator: false } }),
    ).toEqual({
      crypto: true,
      pfp: false,
    });
    const none = companyCompletenessErrors({
      activity: { crypto_services: false, payment_facilitator: false },
    });
    expect(Object.keys(none).filter((k) => k.startsWith('crypto') || k.startsWith('pfp'))).toEqual([]);
    const both = companyCompletenessErrors({
      activity: { crypto_services: true, payment_facilitator: true },
    });
    expect(both).toMatchObject({ crypto: 'QUESTIONNAIRE_REQUIRED', pfp: 'QUESTIONNAIRE_REQUIRED' });
    const unanswered = companyCompletenessErrors({});
    expect(unanswered).toMatchObject({
      'activity.crypto_services': 'REQUIRED',
      'activity.payment_facilitator': 'REQUIRED',
    });
  });

  it('accepts complete questionnaires', () => {
    const form: CompanyForm = companyFormSchema.parse({ crypto, pfp });
    expect(cryptoCompletenessErrors(form.crypto)).toEqual({});
    expect(pfpCompletenessErrors(form.pfp)).toEqual({});
  });

  it('names the missing and inconsistent answers', () => {
    expect(
      cryptoCompletenessErrors({
        services: ['custody'],
        custody: 'third_party',
        travel_rule: { compliant: true },
        licence: { licensed: false },
      }),
    ).toEqual({
      'crypto.assets': 'REQUIRED',
      'crypto.networks': 'REQUIRED',
      'crypto.custodian_name': 'REQUIRED',
      'crypto.travel_rule.provider': 'TRAVEL_RULE_PROVIDER_REQUIRED',
      'crypto.licence.licensed': 'LICENCE_REQUIRED_FOR_CUSTODY',
      'crypto.monthly_volume_eur': 'REQUIRED',
    });
    expect(pfpCompletenessErrors({ ...pfp, mccs: [], average_ticket_eur: '1000000' })).toEqual({
      'pfp.mccs': 'REQUIRED',
      'pfp.average_ticket_eur': 'MIN_OVER_MAX',
    });
  });
});

describe('date fields in the locale format', () => {
  it('masks, parses and formats day-first dates', () => {
    expect(dateFieldSeparator('en-gb')).toBe('/');
    expect(dateFieldSeparator('ru')).toBe('.');
    expect(maskDateField('21081979', '/')).toBe('21/08/1979');
    expect(maskDateField('21.08.19', '.')).toBe('21.08.19');
    expect(maskDateField('21/', '/')).toBe('21/');
    expect(maskDateField('1979-08-21x', '/')).toBe('19/79/0821');
    expect(parseDateField('21/08/1979')).toBe('1979-08-21');
    expect(parseDateField('21.08.1979')).toBe('1979-08-21');
    expect(parseDateField('31/02/1979')).toBeNull();
    expect(parseDateField('21/08/79')).toBeNull();
    expect(formatDateField('1979-08-21', '.')).toBe('21.08.1979');
    expect(formatDateField('', '/')).toBe('');
  });
});
