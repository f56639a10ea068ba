import type { ClientUserRight } from '@portal/domain';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makePayer, makeWallet, PASSWORD } from '../payments/payments.fixtures.ts';

type Payer = Awaited<ReturnType<typeof makePayer>>;

export const GROUPS = {
  ukAccount: {
    name: 'UK accounts',
    country: 'GB',
    check_rule_code: 'SEPA_UK_ACCOUNT',
    level: 1,
    bank: 'Clear Bank Ltd',
    bank_address: '133 Houndsditch, London EC3A 7BX',
    bic: 'CLRBGB22',
    bank_letters: 'CLRL',
    prefix: '040075',
    range_from: 1,
    range_to: 99_999_999,
    limit: 1000,
  },
  lt: {
    name: 'LT SEPA',
    country: 'LT',
    check_rule_code: 'SEPA',
    level: 2,
    bank: 'UAB Bank',
    bank_address: 'Gedimino pr. 1, Vilnius',
    bic: 'CBVILT2X',
    bank_letters: '',
    prefix: '32900',
    range_from: 1,
    range_to: 99_999,
    limit: 1000,
  },
  becs: {
    name: 'AU BECS',
    country: 'AU',
    check_rule_code: 'BECS',
    level: 1,
    bank: 'Cuscal Ltd',
    bank_address: '1 Margaret St, Sydney NSW 2000',
    bic: 'CUSCAU2S',
    bank_letters: '',
    prefix: '802985',
    range_from: 1,
    range_to: 999_999,
    limit: 1000,
  },
} as const;

/** Ranges of successive test groups never overlap (one numbering space per bank code). */
let nextFrom = 0;

export async function makeAdmin(t: TestApp) {
  return makeUser(t, { group: 'admin' });
}

export type VaTestApp = TestApp & { admin: Awaited<ReturnType<typeof makeAdmin>> };

/** A test app on the VA tests' day (2026-03-03, 10:00 UTC), with an operator in the admin group. */
export async function createVaTestApp(): Promise<VaTestApp> {
  const t = await createTestApp();
  t.clock.set('2026-03-03T10:00:00Z');
  return Object.assign(t, { admin: await makeAdmin(t) });
}

/** A live company with an EUR wallet, a Master User who can confirm, and (optionally) a VA group. */
export async function vaCompany(
  t: TestApp,
  admin: { token: string },
  opts: {
    group?: keyof typeof GROUPS | null;
    limit?: number;
    rights?: ClientUserRight[];
    rangeFrom?: number;
  } = {},
) {
  const company = await makeCompany(t);
  const wallet = await makeWallet(t, company.id, 'EUR');
  const master = await makePayer(t, {
    merchantId: company.id,
    rights: opts.rights ?? ['vaIndividual', 'vaCorporate'],
    isMaster: true,
  });
  let groupId: number | undefined;
  const group = opts.group === undefined ? 'ukAccount' : opts.group;
  if (group) {
    const base = GROUPS[group];
    nextFrom += 50;
    const from = opts.rangeFrom ?? nextFrom;
    const r = await t.call({
      method: 'POST',
      url: `/api/operator/va_groups/${company.id}`,
      token: admin.token,
      payload: {
        ...base,
        range_from: from,
        range_to: Math.min(from + 40, base.range_to),
        limit: opts.limit ?? base.limit,
      },
    });
    if (r.statusCode !== 200) throw new Error(`group not created: ${r.body}`);
    groupId = r.json().iban_group.id;
  }
  return { company, wallet, master, groupId };
}

export const corporateDetails = (walletUuid: string, overrides: Record<string, unknown> = {}) => ({
  wallet_uuid: walletUuid,
  client_customer_id: 'cust-001',
  email: 'finance@northwind.example',
  phone: '+44 20 7946 0000',
  address: { country_code: 'GB', city: 'London', street: '1 King St', zip: 'EC2V 8AU' },
  tax_residency_country: 'GB',
  industry_type: 'Wholesale',
  business_activity: 'Import of tea',
  corporate_customer_name: 'Northwind Tea & Coffee Ltd',
  incorporation_number: '01234567',
  incorporation_country_code: 'GB',
  incorporation_date: '2010-05-01',
  trading_website: 'https://northwind.example',
  expected_turnover: '250000.00',
  ultimate_beneficial_owners: [
    { name: 'Ann Smith', birth_date: '1980-02-03', ownership: '60', beneficial_owner_pep: 'no' },
  ],
  custom_parameters: [{ name: 'localFirstName', value: 'Ann' }],
  ...overrides,
});

export const individualDetails = (walletUuid: string, overrides: Record<string, unknown> = {}) => ({
  wallet_uuid: walletUuid,
  client_customer_id: 'person-001',
  address: { country_code: 'LT', city: 'Vilnius', street: 'Gedimino 2', zip: '01103' },
  tax_residency_country: 'LT',
  industry_type: 'Consumer',
  first_name: 'Jonas',
  last_name: 'Jonaitis',
  birth_date: '1990-07-14',
  ...overrides,
});

/** Challenge and create, as the browser does. */
export async function requestVa(
  t: TestApp,
  user: Payer,
  type: 'individual' | 'corporate',
  details: Record<string, unknown>,
) {
  const challenge = await t.call({
    method: 'POST',
    url: '/api/wallets/ibans/challenge',
    token: user.token,
    payload: { kind: `va_request_${type}`, iban_details: details },
  });
  if (challenge.statusCode !== 200) return challenge;
  return t.call({
    method: 'POST',
    url: `/api/wallets/ibans/requests/create/${type}`,
    token: user.token,
    payload: {
      iban_details: details,
      challenge_id: challenge.json().confirmation.challenge_id,
      password: PASSWORD,
      secret_code: user.nextCode(),
    },
  });
}

export const decide = (
  t: TestApp,
  admin: { token: string },
  uuid: string,
  decision = 'approve',
  reason?: string,
) =>
  t.call({
    method: 'POST',
    url: `/api/operator/va_requests/decide/${uuid}`,
    token: admin.token,
    payload: { decision, ...(reason ? { decline_reason: reason } : {}) },
  });

/** Challenge and run a VA action. */
export async function vaAction(
  t: TestApp,
  user: Payer,
  action: 'disable' | 'enable' | 'close',
  walletId: number,
  body: { iban?: string; bankCode?: string; bankAccountNumber?: string; reason?: string },
) {
  const challenge = await t.call({
    method: 'POST',
    url: '/api/wallets/ibans/challenge',
    token: user.token,
    payload: { kind: 'va_action', action, wallet_id: walletId, ...body },
  });
  if (challenge.statusCode !== 200) return challenge;
  return t.call({
    method: 'POST',
    url: `/api/wallets/ibans/actions/${action}/${walletId}`,
    token: user.token,
    payload: {
      ...body,
      challenge_id: challenge.json().confirmation.challenge_id,
      password: PASSWORD,
      secret_code: user.nextCode(),
    },
  });
}

export async function countRows(t: TestApp, table: 'va_requests' | 'virtual_accounts' | 'va_groups') {
  const r = await t.deps.database.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`);
  return Number(r.rows[0]?.n ?? 0);
}
