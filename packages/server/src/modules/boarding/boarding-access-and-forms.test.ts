import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  COMPANY,
  createRecord,
  legalRepOnly,
  loginAs,
  makeAdmin,
  PASSWORD,
  person,
  policy,
  sha512,
} from './boarding.fixtures.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
});
// Tests move the clock past token lifetimes, so each starts with a fresh operator session.
beforeEach(async () => {
  admin = await makeAdmin(t);
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | undefined,
  payload?: object,
) => t.call({ method, url: `/api${url}`, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });
const NO_ACCESS = ["You don't have access to this section."];

describe('boarding links, password, OTP', () => {
  it('a wrong link answers the spec message; a pre-OTP token opens nothing; a wrong code is refused', async () => {
    const { uuid, email } = await createRecord(t, admin);
    for (const url of [
      `/crm_accounts/need_pss/${uuid}/xx`,
      '/crm_accounts/need_pss/not-a-uuid/bc',
      `/crm_accounts/need_pss/${crypto.randomUUID()}/bc`,
    ]) {
      const res = await call('GET', url, undefined);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().messages).toEqual([
        'Link you are trying to visit is incorrect, please use the link from your email.',
      ]);
    }
    const weak = await call('POST', `/crm_accounts/set_pss/${uuid}/bc`, undefined, {
      eml: email,
      pss: sha512('short'),
      length: 5,
      alpha_capitals: 0,
      numbers: 0,
      special_chars: 0,
    });
    expect(weak.statusCode).toBe(417);
    expect(
      (await call('POST', `/crm_accounts/lgn/${uuid}/bc`, undefined, { eml: email, pss: sha512(PASSWORD) }))
        .statusCode,
    ).toBe(401);
    await call('POST', `/crm_accounts/set_pss/${uuid}/bc`, undefined, {
      eml: email,
      pss: sha512(PASSWORD),
      ...policy,
    });
    expect(
      (
        await call('POST', `/crm_accounts/set_pss/${uuid}/bc`, undefined, {
          eml: email,
          pss: sha512(PASSWORD),
          ...policy,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await call('POST', `/crm_accounts/lgn/${uuid}/bc`, undefined, {
          eml: email,
          pss: sha512('Wrong-Passw0rd!'),
        })
      ).statusCode,
    ).toBe(401);
    // The boarding contact has no AS role: the as link refuses the same credentials.
    expect(
      (await call('POST', `/crm_accounts/lgn/${uuid}/as`, undefined, { eml: email, pss: sha512(PASSWORD) }))
        .statusCode,
    ).toBe(401);
    const login = (
      await call('POST', `/crm_accounts/lgn/${uuid}/bc`, undefined, { eml: email, pss: sha512(PASSWORD) })
    ).json();
    expect((await call('GET', '/boarding/forms', login.token)).statusCode).toBe(401);
    const bad = await t.call({
      method: 'POST',
      url: '/api/security/otp_tkn/boarding_verification',
      token: login.token,
      payload: { acc_uuid: uuid, contact_uuid: login.contact_uuid, otp_code: '000000' },
    });
    expect(bad.statusCode).toBe(401);
  });
});

describe('scopes per role (spec §6)', () => {
  it('bc edits forms and files but has no offers or contracts; lr reads offers but cannot approve; a partner removes offers', async () => {
    const { uuid, email } = await createRecord(t, admin);
    const bc = await loginAs(t, uuid, 'bc', email);
    expect((await call('GET', '/boarding/forms', bc)).statusCode).toBe(200);
    for (const url of ['/boarding/offers', '/boarding/contracts']) {
      const res = await call('GET', url, bc);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().messages).toEqual(NO_ACCESS);
    }
    // Another record's path with this token: refused.
    const other = await createRecord(t, admin);
    expect((await call('GET', `/crm_accounts/get_consolidated/${other.uuid}/bc`, bc)).statusCode).toBe(403);

    await call('PUT', '/boarding/forms', bc, { company: COMPANY });
    const lrOnly = legalRepOnly();
    await call('POST', '/boarding/forms/persons', bc, lrOnly);
    const lr = await loginAs(t, uuid, 'lr', lrOnly.email);
    const consolidated = (await call('GET', `/crm_accounts/get_consolidated/${uuid}/lr`, lr)).json();
    expect(consolidated.scopes).toEqual([
      'appforms/read',
      'appforms/write',
      'appfiles/read',
      'appfiles/write',
      'offers/read',
      'contracts/read',
    ]);
    expect((await call('GET', '/boarding/offers', lr)).statusCode).toBe(200);
    expect((await call('POST', `/boarding/offers/${crypto.randomUUID()}/approve`, lr)).statusCode).toBe(403);

    const partner = await createRecord(t, admin, { partner: 'Introducer Partners LLP' });
    const pbc = await loginAs(t, partner.uuid, 'bc', partner.email);
    expect((await call('GET', `/crm_accounts/get_consolidated/${partner.uuid}/bc`, pbc)).json().partner).toBe(
      'Introducer Partners LLP',
    );
  });

  it('a person with several roles switches role; principal AS is deleted only by the principal LR or bc', async () => {
    const { uuid, email } = await createRecord(t, admin);
    const bc = await loginAs(t, uuid, 'bc', email);
    await call('PUT', '/boarding/forms', bc, { company: COMPANY });
    const both = person({ email, first_name: 'Maria', last_name: 'Keller' });
    const maria = (await call('POST', '/boarding/forms/persons', bc, both)).json().person;
    const asOnly = person({
      first_name: 'Tom',
      last_name: 'Price',
      email: 'tom@nordlicht.example',
      is_lr: false,
      is_bo: false,
      ownership: undefined,
    });
    const tom = (await call('POST', '/boarding/forms/persons', bc, asOnly)).json().person;
    await call('POST', '/boarding/forms/principal', bc, { kind: 'as', person_id: maria.id });

    const data = (await call('GET', `/crm_accounts/get_cnt_data/${uuid}/bc`, bc)).json();
    expect(data.available_roles).toEqual(['bc', 'as', 'lr']);
    const switched = await call('POST', `/crm_accounts/set_roles/${uuid}/bc`, bc, { role: 'as' });
    expect(switched.json().role).toBe('as');
    expect((await call('GET', `/crm_accounts/get_consolidated/${uuid}/bc`, bc)).statusCode).toBe(401);
    expect(
      (await call('POST', `/crm_accounts/set_roles/${uuid}/bc`, switched.json().token, { role: 'bo' }))
        .statusCode,
    ).toBe(403);

    // The bc's edit lock lapses after 15 minutes; then another role may act.
    t.clock.advance(16 * 60_000);
    const tomAs = await loginAs(t, uuid, 'as', asOnly.email);
    const refused = await call('DELETE', `/boarding/forms/persons/${maria.id}`, tomAs);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PRINCIPAL_NOT_DELETABLE');
    await call('DELETE', '/boarding/forms/lock', tomAs);
    const bc2 = await loginAs(t, uuid, 'bc', email);
    expect((await call('DELETE', `/boarding/forms/persons/${tom.id}`, bc2)).statusCode).toBe(200);
    expect((await call('DELETE', `/boarding/forms/persons/${maria.id}`, bc2)).statusCode).toBe(200);
  });
});

describe('forms validation (spec §5) with real-looking bad data', () => {
  it('refuses each bad person and changes nothing', async () => {
    const { uuid, email } = await createRecord(t, admin);
    const bc = await loginAs(t, uuid, 'bc', email);
    const today = t.clock.now();
    const yearsAgo = (y: number, days = 0) =>
      new Date(Date.UTC(today.getUTCFullYear() - y, today.getUTCMonth(), today.getUTCDate() + days))
        .toISOString()
        .slice(0, 10);
    const cases: [string, object, string][] = [
      ['age 15', { birth_date: yearsAgo(15) }, 'birth_date'],
      ['age 86', { birth_date: yearsAgo(87, 1) }, 'birth_date'],
      [
        'expired document',
        { document: { ...person().document, expirationDate: '2024-01-31' } },
        'document.expirationDate',
      ],
      ['ownership 0', { ownership: '0' }, 'ownership'],
      [
        'postal code',
        { residence_address: { country: 'GB', zip: '12345', city: 'London', street: '1 High St' } },
        'residence_address.zip',
      ],
      ['non-English', { last_name: 'Иванов' }, 'last_name'],
      ['no role', { is_as: false, is_lr: false, is_bo: false, ownership: undefined }, 'is_as'],
    ];
    for (const [name, overrides, field] of cases) {
      const res = await call('POST', '/boarding/forms/persons', bc, person(overrides));
      expect(res.statusCode, name).toBe(417);
      expect(Object.keys(res.json().fields), name).toContain(field);
    }
    expect((await call('GET', '/boarding/forms', bc)).json().persons).toEqual([]);

    await call('POST', '/boarding/forms/persons', bc, person({ ownership: '60' }));
    const dup = await call(
      'POST',
      '/boarding/forms/persons',
      bc,
      person({ email: 'other@nordlicht.example', first_name: 'OLIVER' }),
    );
    expect(dup.json().code).toBe('duplicatePerson');
    const over = await call(
      'POST',
      '/boarding/forms/persons',
      bc,
      person({ first_name: 'Ann', last_name: 'Lee', email: 'ann@nordlicht.example', ownership: '41' }),
    );
    expect(over.statusCode).toBe(417);
    expect(over.json().fields.ownership).toBe('OWNERSHIP_TOTAL_OVER_100?total=101');

    const incomplete = await call('POST', '/boarding/forms/submit', bc, {
      principal_signer_id: crypto.randomUUID(),
    });
    expect(incomplete.json().code).toBe('FORMS_INCOMPLETE');
    expect(incomplete.json().fields).toHaveProperty('company_name');
    expect(
      (
        await call('PUT', '/boarding/forms', bc, {
          company: { legal_address: { country: 'GB', zip: 'EC2A 4NE', city: 'Москва', street: '1' } },
        })
      ).statusCode,
    ).toBe(417);
  });

  it('another role editing blocks the forms (formBlocked with the time); a missing role stops submit', async () => {
    const { uuid, email } = await createRecord(t, admin);
    const bc = await loginAs(t, uuid, 'bc', email);
    await call('PUT', '/boarding/forms', bc, { company: COMPANY });
    const boOnly = person({ is_as: false, is_lr: false, authority: undefined, ownership: '30' });
    const added = (await call('POST', '/boarding/forms/persons', bc, boOnly)).json().person;
    const missing = await call('POST', '/boarding/forms/submit', bc, { principal_signer_id: added.id });
    expect(Object.keys(missing.json().fields)).toEqual(expect.arrayContaining(['auth_signs', 'legal_reps']));

    const lrPerson = legalRepOnly();
    await call('POST', '/boarding/forms/persons', bc, lrPerson);
    const lr = await loginAs(t, uuid, 'lr', lrPerson.email);
    const blocked = await call('PUT', '/boarding/forms', lr, {
      company: { ...COMPANY, vat_number: 'GB123456789' },
    });
    expect(blocked.statusCode).toBe(423);
    expect(blocked.json().code).toBe('formBlocked');
    expect(blocked.json().until).toBeTruthy();
    t.clock.advance(16 * 60_000);
    const lr2 = await loginAs(t, uuid, 'lr', lrPerson.email);
    expect(
      (await call('PUT', '/boarding/forms', lr2, { company: { ...COMPANY, vat_number: 'GB123456789' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await call('PUT', '/boarding/forms', lr2, { company: { ...COMPANY, vat_number: 'GB123456789' } })
      ).json().code,
    ).toBe('noChanges');
  });
});
