import { parseFieldError } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  COMPANY,
  CRYPTO_QUESTIONNAIRE,
  createRecord,
  loginAs,
  makeAdmin,
  PFP_QUESTIONNAIRE,
  person,
} from './boarding.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.call({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });

/** The Business Contact's token on a record a fresh operator session creates (tokens may expire). */
async function bcOfNewRecord() {
  const { uuid, email } = await createRecord(t, await makeAdmin(t));
  return loginAs(t, uuid, 'bc', email);
}

describe('crypto and PFP questionnaires (spec §2, §5)', () => {
  it('refuses bad questionnaire answers with field codes and writes nothing', async () => {
    const bc = await bcOfNewRecord();
    const before = (await call('GET', '/boarding/forms', bc)).json();
    const cases: [string, object, string, string][] = [
      [
        'unknown network',
        { crypto: { networks: ['moonchain'] } },
        'company.crypto.networks.0',
        'CHOICE_INVALID',
      ],
      ['duplicate asset', { crypto: { assets: ['BTC', 'btc'] } }, 'company.crypto.assets', 'DUPLICATE_VALUE'],
      ['ticker with script', { crypto: { assets: ['<b>X</b>'] } }, 'company.crypto.assets.0', 'INVALID'],
      ['custody model', { crypto: { custody: 'mattress' } }, 'company.crypto.custody', 'CHOICE_INVALID'],
      [
        'licence country',
        { crypto: { licence: { country: 'Lithuania' } } },
        'company.crypto.licence.country',
        'COUNTRY_INVALID',
      ],
      [
        'crypto volume as float',
        { crypto: { monthly_volume_eur: '1e6' } },
        'company.crypto.monthly_volume_eur',
        'NOT_NUMERIC',
      ],
      [
        'travel-rule provider in Cyrillic',
        { crypto: { travel_rule: { compliant: true, provider: 'Нотабене' } } },
        'company.crypto.travel_rule.provider',
        'NOT_ENGLISH',
      ],
      ['MCC of three digits', { pfp: { mccs: ['541'] } }, 'company.pfp.mccs.0', 'MCC_INVALID'],
      ['duplicate MCC', { pfp: { mccs: ['5411', '5411'] } }, 'company.pfp.mccs', 'DUPLICATE_VALUE'],
      [
        'chargeback ratio over 100',
        { pfp: { chargeback_ratio: '120' } },
        'company.pfp.chargeback_ratio',
        'RATIO_OVER_100',
      ],
      [
        'chargeback ratio with three decimals',
        { pfp: { chargeback_ratio: '0.655' } },
        'company.pfp.chargeback_ratio',
        'RATIO_INVALID',
      ],
      ['negative ratio', { pfp: { refund_ratio: '-1' } }, 'company.pfp.refund_ratio', 'RATIO_INVALID'],
      [
        'no sub-merchants',
        { pfp: { sub_merchant_count: 0 } },
        'company.pfp.sub_merchant_count',
        'NUMBER_TOO_SMALL?min=1',
      ],
      [
        'fractional sub-merchants',
        { pfp: { sub_merchant_count: 2.5 } },
        'company.pfp.sub_merchant_count',
        'NOT_INTEGER',
      ],
      [
        'activity as text',
        { activity: { crypto_services: 'yes' } },
        'company.activity.crypto_services',
        'INVALID',
      ],
    ];
    for (const [name, overrides, field, code] of cases) {
      const res = await call('PUT', '/boarding/forms', bc, { company: { ...COMPANY, ...overrides } });
      expect(res.statusCode, name).toBe(417);
      expect(res.json().fields[field], name).toBe(code);
      for (const message of Object.values(res.json().fields as Record<string, string>))
        expect(parseFieldError(message), `${name}: ${message}`).not.toBeNull();
    }
    const after = (await call('GET', '/boarding/forms', bc)).json();
    expect(after.company).toEqual(before.company);
    expect(after.updated_at).toBe(before.updated_at);
  });

  it('are required at submit when the activity answers say so, and stored with the forms', async () => {
    const bc = await bcOfNewRecord();
    const added = (await call('POST', '/boarding/forms/persons', bc, person())).json().person;
    const submit = () => call('POST', '/boarding/forms/submit', bc, { principal_signer_id: added.id });

    const unanswered = { ...COMPANY, activity: undefined };
    expect((await call('PUT', '/boarding/forms', bc, { company: unanswered })).statusCode).toBe(200);
    const noActivity = await submit();
    expect(noActivity.json().code).toBe('FORMS_INCOMPLETE');
    expect(noActivity.json().fields).toMatchObject({
      'activity.crypto_services': 'REQUIRED',
      'activity.payment_facilitator': 'REQUIRED',
    });

    const both = { ...COMPANY, activity: { crypto_services: true, payment_facilitator: true } };
    await call('PUT', '/boarding/forms', bc, { company: both });
    const missing = await submit();
    expect(missing.statusCode).toBe(417);
    expect(missing.json().fields).toEqual({
      crypto: 'QUESTIONNAIRE_REQUIRED',
      pfp: 'QUESTIONNAIRE_REQUIRED',
    });

    const partial = {
      ...both,
      crypto: { ...CRYPTO_QUESTIONNAIRE, travel_rule: { compliant: true } },
      pfp: { ...PFP_QUESTIONNAIRE, average_ticket_eur: '2000000' },
    };
    await call('PUT', '/boarding/forms', bc, { company: partial });
    expect((await submit()).json().fields).toEqual({
      'crypto.travel_rule.provider': 'TRAVEL_RULE_PROVIDER_REQUIRED',
      'pfp.average_ticket_eur': 'MIN_OVER_MAX',
    });

    const complete = { ...both, crypto: CRYPTO_QUESTIONNAIRE, pfp: PFP_QUESTIONNAIRE };
    expect((await call('PUT', '/boarding/forms', bc, { company: complete })).statusCode).toBe(200);
    const stored = (await call('GET', '/boarding/forms', bc)).json().company;
    expect(stored.crypto).toEqual(CRYPTO_QUESTIONNAIRE);
    expect(stored.pfp).toEqual(PFP_QUESTIONNAIRE);
    const ok = await submit();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().app_form_status).toBe('submitted');
  });

  it('are not required when the applicant answers no', async () => {
    const bc = await bcOfNewRecord();
    const added = (await call('POST', '/boarding/forms/persons', bc, person())).json().person;
    await call('PUT', '/boarding/forms', bc, { company: COMPANY });
    const ok = await call('POST', '/boarding/forms/submit', bc, { principal_signer_id: added.id });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
