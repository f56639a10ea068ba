import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany } from '../../test/fixtures.ts';
import { makePayer, makeWallet, PASSWORD } from '../payments/payments.fixtures.ts';
import {
  corporateDetails,
  createVaTestApp,
  countRows,
  decide,
  individualDetails,
  requestVa,
  vaAction,
  vaCompany,
  type VaTestApp,
} from './va.fixtures.ts';

let t: VaTestApp;
let acme: Awaited<ReturnType<typeof vaCompany>>;
beforeAll(async () => {
  t = await createVaTestApp();
  acme = await vaCompany(t, t.admin);
});
afterAll(() => t.close());

/** Sends details straight to create (the form's checks run before any confirmation is looked at). */
const create = (type: 'individual' | 'corporate', details: unknown, token = acme.master.token) =>
  t.post(`/api/wallets/ibans/requests/create/${type}`, token, {
    iban_details: details,
    challenge_id: '00000000-0000-4000-8000-000000000000',
    password: PASSWORD,
    secret_code: '123456',
  });

const ubo = (o: Record<string, unknown> = {}) => ({
  name: 'Ann Smith',
  birth_date: '1980-02-03',
  ownership: '60',
  beneficial_owner_pep: 'no',
  ...o,
});

describe('bad request data: a clear field code and nothing written', () => {
  const corporateCases: [string, Record<string, unknown>, string, string][] = [
    [
      'custom parameter not camelCase',
      { custom_parameters: [{ name: 'Local_first_name', value: 'Ann' }] },
      'iban_details.custom_parameters.0.name',
      'customParamCamelCase',
    ],
    [
      'custom parameter with a space',
      { custom_parameters: [{ name: 'local name', value: 'Ann' }] },
      'iban_details.custom_parameters.0.name',
      'customParamCamelCase',
    ],
    [
      'duplicate custom parameter names',
      {
        custom_parameters: [
          { name: 'localFirstName', value: 'Ann' },
          { name: 'localFirstName', value: 'Anna' },
        ],
      },
      'iban_details.custom_parameters.1.name',
      'customParamDuplicate',
    ],
    [
      'custom parameter without a value',
      { custom_parameters: [{ name: 'localFirstName', value: '' }] },
      'iban_details.custom_parameters.0.value',
      'customParamValueRequired',
    ],
    [
      'negative turnover',
      { expected_turnover: '-1500.00' },
      'iban_details.expected_turnover',
      'turnoverNegative',
    ],
    [
      'turnover at the maximum',
      { expected_turnover: '100000000' },
      'iban_details.expected_turnover',
      'turnoverTooHigh',
    ],
    [
      'turnover with a comma',
      { expected_turnover: '1,500.00' },
      'iban_details.expected_turnover',
      'turnoverInvalid',
    ],
    [
      'PEP answer missing',
      { ultimate_beneficial_owners: [ubo({ beneficial_owner_pep: undefined })] },
      'iban_details.ultimate_beneficial_owners.0.beneficial_owner_pep',
      'pepAnswerRequired',
    ],
    [
      'PEP answer not yes/no',
      { ultimate_beneficial_owners: [ubo({ beneficial_owner_pep: 'maybe' })] },
      'iban_details.ultimate_beneficial_owners.0.beneficial_owner_pep',
      'pepAnswerRequired',
    ],
    [
      'PEP without evidence',
      {
        ultimate_beneficial_owners: [ubo({ beneficial_owner_pep: 'yes', beneficial_owner_pep_details: '' })],
      },
      'iban_details.ultimate_beneficial_owners.0.beneficial_owner_pep_details',
      'pepEvidenceRequired',
    ],
    [
      'overlong PEP evidence',
      {
        ultimate_beneficial_owners: [
          ubo({ beneficial_owner_pep: 'yes', beneficial_owner_pep_details: 'Minister of x. '.repeat(40) }),
        ],
      },
      'iban_details.ultimate_beneficial_owners.0.beneficial_owner_pep_details',
      'infoTooLong',
    ],
    [
      'overlong BO information',
      { relevant_information: 'Trust structure in Jersey; '.repeat(30) },
      'iban_details.relevant_information',
      'infoTooLong',
    ],
    ['no UBO', { ultimate_beneficial_owners: [] }, 'iban_details.ultimate_beneficial_owners', 'required'],
    [
      'ownership over 100',
      { ultimate_beneficial_owners: [ubo({ ownership: '125' })] },
      'iban_details.ultimate_beneficial_owners.0.ownership',
      'ownershipInvalid',
    ],
    [
      'UBO born in 1850',
      { ultimate_beneficial_owners: [ubo({ birth_date: '1850-01-01' })] },
      'iban_details.ultimate_beneficial_owners.0.birth_date',
      'dateOutOfRange',
    ],
    [
      'UBO aged 12',
      { ultimate_beneficial_owners: [ubo({ birth_date: '2014-01-01' })] },
      'iban_details.ultimate_beneficial_owners.0.birth_date',
      'ageOutOfRange',
    ],
    [
      'UBO birth date 31 February',
      { ultimate_beneficial_owners: [ubo({ birth_date: '1980-02-31' })] },
      'iban_details.ultimate_beneficial_owners.0.birth_date',
      'dateInvalid',
    ],
    [
      'incorporated in the future',
      { incorporation_date: '2099-01-01' },
      'iban_details.incorporation_date',
      'dateOutOfRange',
    ],
    [
      'incorporation country UK (not ISO)',
      { incorporation_country_code: 'UK' },
      'iban_details.incorporation_country_code',
      'countryInvalid',
    ],
    [
      'incorporation country XX',
      { incorporation_country_code: 'XX' },
      'iban_details.incorporation_country_code',
      'countryInvalid',
    ],
    [
      'tax residency GBR',
      { tax_residency_country: 'GBR' },
      'iban_details.tax_residency_country',
      'countryInvalid',
    ],
    [
      'address country ZZ',
      { address: { country_code: 'ZZ', city: 'London', street: '1 King St', zip: 'EC2V 8AU' } },
      'iban_details.address.country_code',
      'countryInvalid',
    ],
    [
      'website without scheme',
      { trading_website: 'northwind.example' },
      'iban_details.trading_website',
      'urlInvalid',
    ],
    [
      'empty company name',
      { corporate_customer_name: '   ' },
      'iban_details.corporate_customer_name',
      'required',
    ],
    [
      'company name too long',
      { corporate_customer_name: 'N'.repeat(141) },
      'iban_details.corporate_customer_name',
      'tooLong',
    ],
    [
      'US taxpayer id of 8 digits',
      { us_taxpayer_id: '12345678' },
      'iban_details.us_taxpayer_id',
      'taxIdInvalid',
    ],
    [
      'publicly traded without ticker',
      { publicly_traded: true, stock_exchange_mic: 'XLON' },
      'iban_details.stock_ticker',
      'tickerRequired',
    ],
    [
      'publicly traded without MIC',
      { publicly_traded: true, stock_ticker: 'NWT' },
      'iban_details.stock_exchange_mic',
      'micRequired',
    ],
    ['bad email', { email: 'finance@' }, 'iban_details.email', 'emailInvalid'],
    [
      'customer id with spaces',
      { client_customer_id: 'cust 001' },
      'iban_details.client_customer_id',
      'invalid',
    ],
  ];

  it.each(corporateCases)('%s', async (_name, override, field, code) => {
    const before = await countRows(t, 'va_requests');
    const r = await create('corporate', corporateDetails(acme.wallet.uuid, override));
    expect(r.statusCode, r.body).toBe(417);
    expect(r.json().fields?.[field], JSON.stringify(r.json().fields)).toBe(code);
    expect(await countRows(t, 'va_requests')).toBe(before);
  });

  it.each([
    ['individual born in 1899', { birth_date: '1899-12-31' }, 'iban_details.birth_date', 'dateOutOfRange'],
    ['individual aged 90', { birth_date: '1930-01-01' }, 'iban_details.birth_date', 'ageOutOfRange'],
    ['individual without last name', { last_name: '' }, 'iban_details.last_name', 'required'],
  ])('%s', async (_name, override, field, code) => {
    const before = await countRows(t, 'va_requests');
    const r = await create('individual', individualDetails(acme.wallet.uuid, override));
    expect(r.statusCode).toBe(417);
    expect(r.json().fields?.[field]).toBe(code);
    expect(await countRows(t, 'va_requests')).toBe(before);
  });

  it('a wrong password or code writes no request', async () => {
    const before = await countRows(t, 'va_requests');
    const challenge = await t.post('/api/wallets/ibans/challenge', acme.master.token, {
      kind: 'va_request_corporate',
      iban_details: corporateDetails(acme.wallet.uuid),
    });
    const r = await t.post('/api/wallets/ibans/requests/create/corporate', acme.master.token, {
      iban_details: corporateDetails(acme.wallet.uuid),
      challenge_id: challenge.json().confirmation.challenge_id,
      password: PASSWORD,
      secret_code: '000000',
    });
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
    expect(await countRows(t, 'va_requests')).toBe(before);
  });

  it('details changed after the confirmation are refused', async () => {
    const before = await countRows(t, 'va_requests');
    const challenge = await t.post('/api/wallets/ibans/challenge', acme.master.token, {
      kind: 'va_request_corporate',
      iban_details: corporateDetails(acme.wallet.uuid),
    });
    const r = await t.post('/api/wallets/ibans/requests/create/corporate', acme.master.token, {
      iban_details: corporateDetails(acme.wallet.uuid, { corporate_customer_name: 'Other Ltd' }),
      challenge_id: challenge.json().confirmation.challenge_id,
      password: PASSWORD,
      secret_code: acme.master.nextCode(),
    });
    expect(r.json().code).toBe('CONFIRMATION_MISMATCH');
    expect(await countRows(t, 'va_requests')).toBe(before);
  });
});

describe('rights and tenancy', () => {
  it('a Standard User without the VA right is refused on the server', async () => {
    const plain = await makePayer(t, { merchantId: acme.company.id, rights: ['create'] });
    const before = await countRows(t, 'va_requests');
    const r = await requestVa(t, plain, 'corporate', corporateDetails(acme.wallet.uuid));
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('NO_RIGHTS_VA_CORPORATE');
    const direct = await create('individual', individualDetails(acme.wallet.uuid), plain.token);
    expect(direct.json().code).toBe('NO_RIGHTS_VA_INDIVIDUAL');
    // The individual right does not open corporate requests.
    const individualOnly = await makePayer(t, { merchantId: acme.company.id, rights: ['vaIndividual'] });
    const corp = await requestVa(t, individualOnly, 'corporate', corporateDetails(acme.wallet.uuid));
    expect(corp.json().code).toBe('NO_RIGHTS_VA_CORPORATE');
    expect(await countRows(t, 'va_requests')).toBe(before);
  });

  it("another company's wallet, request and VA ids answer 404 and change nothing", async () => {
    const made = await requestVa(
      t,
      acme.master,
      'corporate',
      corporateDetails(acme.wallet.uuid, { client_customer_id: 'tenancy' }),
    );
    const uuid = made.json().iban_request.uuid;
    const allocated = await decide(t, t.admin, uuid);
    const number = allocated.json().iban_request.iban_number;
    const vaId = allocated.json().iban_request.virtual_account_id;

    const other = await makeCompany(t);
    const otherWallet = await makeWallet(t, other.id, 'EUR');
    const intruder = await makePayer(t, {
      merchantId: other.id,
      rights: ['vaIndividual', 'vaCorporate'],
      isMaster: true,
    });
    const before = await countRows(t, 'va_requests');
    const foreignWallet = await requestVa(t, intruder, 'corporate', corporateDetails(acme.wallet.uuid));
    expect(foreignWallet.statusCode).toBe(404);
    const list = await t.post('/api/wallets/virtual_ibans/10/1', intruder.token, {
      wallet_id: acme.wallet.id,
    });
    expect(list.statusCode).toBe(404);
    const info = await t.call({
      method: 'GET',
      url: `/api/wallets/ibans/get_iban_info/${otherWallet.id}/${vaId}`,
      token: intruder.token,
    });
    expect(info.statusCode).toBe(404);
    const detail = await t.call({
      method: 'GET',
      url: `/api/wallets/ibans/request/${uuid}`,
      token: intruder.token,
    });
    expect(detail.statusCode).toBe(404);
    const cancel = await t.post(`/api/wallets/ibans/requests/cancel/${uuid}`, intruder.token);
    expect(cancel.statusCode).toBe(404);
    const close = await vaAction(t, intruder, 'close', acme.wallet.id, { iban: number, reason: 'VAAC010' });
    expect(close.statusCode).toBe(404);
    const closeOwnWallet = await vaAction(t, intruder, 'close', otherWallet.id, {
      iban: number,
      reason: 'VAAC010',
    });
    expect(closeOwnWallet.statusCode).toBe(404);
    const requests = await t.post('/api/wallets/ibans/requests/1/50', intruder.token);
    expect(requests.json().quantity).toBe(0);
    expect(await countRows(t, 'va_requests')).toBe(before);
    const still = await t.post('/api/wallets/virtual_ibans/10/1', acme.master.token, {
      wallet_id: acme.wallet.id,
      filter_param: 'iban_number',
      filter_value: number,
    });
    expect(still.json().wallet_ibans[0].status).toBe('active');
    expect(still.json().forcedPageOne).toBe(true);
  });

  it('client users cannot reach the operator calls', async () => {
    const r = await t.post('/api/operator/va_requests/1/10', acme.master.token);
    expect(r.statusCode).toBe(403);
  });
});

describe('groups and limits', () => {
  it("'no VA groups for the company' when none is assigned", async () => {
    const bare = await vaCompany(t, t.admin, { group: null });
    const r = await requestVa(t, bare.master, 'corporate', corporateDetails(bare.wallet.uuid));
    expect(r.json().code).toBe('VA_NO_GROUPS');
    expect(r.json().messages[0]).toBe('No VA groups for the company');
  });

  it("'No free VA groups' when the limit is used up; two concurrent allocations for the last number: one wins", async () => {
    const small = await vaCompany(t, t.admin, { limit: 1 });
    const a = await requestVa(
      t,
      small.master,
      'corporate',
      corporateDetails(small.wallet.uuid, { client_customer_id: 'a' }),
    );
    const b = await requestVa(
      t,
      small.master,
      'corporate',
      corporateDetails(small.wallet.uuid, { client_customer_id: 'b' }),
    );
    const before = await countRows(t, 'virtual_accounts');
    const results = await Promise.all([
      decide(t, t.admin, a.json().iban_request.uuid),
      decide(t, t.admin, b.json().iban_request.uuid),
    ]);
    const codes = results.map((r) => (r.statusCode === 200 ? 'ok' : r.json().code)).sort();
    expect(codes).toEqual(['VA_NO_FREE_GROUPS', 'ok']);
    const loser = results.find((r) => r.statusCode !== 200);
    expect(loser?.json().messages[0]).toBe('No free VA groups');
    expect(await countRows(t, 'virtual_accounts')).toBe(before + 1);
  });

  it('staff cannot assign overlapping or invalid ranges', async () => {
    const company = await makeCompany(t);
    const base = {
      name: 'G',
      country: 'GB',
      check_rule_code: 'SEPA_UK_ACCOUNT',
      level: 1,
      bank: 'B',
      bank_address: 'A',
      bic: 'CLRBGB22',
      bank_letters: 'CLRL',
      limit: 10,
    };
    const ok = await t.post(`/api/operator/va_groups/${company.id}`, t.admin.token, {
      ...base,
      prefix: '040076',
      range_from: 1,
      range_to: 100,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const overlap = await t.post(`/api/operator/va_groups/${company.id}`, t.admin.token, {
      ...base,
      prefix: '040076',
      range_from: 50,
      range_to: 150,
    });
    expect(overlap.json().code).toBe('VA_GROUP_RANGE_OVERLAP');
    const walletPrefix = await t.post(`/api/operator/va_groups/${company.id}`, t.admin.token, {
      ...base,
      prefix: '041307',
      range_from: 1,
      range_to: 100,
    });
    expect(walletPrefix.json().code).toBe('VA_GROUP_RANGE_INVALID');
    const tooBig = await t.post(`/api/operator/va_groups/${company.id}`, t.admin.token, {
      ...base,
      prefix: '040077',
      range_from: 1,
      range_to: 1_000_000_000,
    });
    expect(tooBig.json().code).toBe('VA_GROUP_RANGE_INVALID');
  });
});
