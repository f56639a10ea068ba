import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  boardingContacts,
  merchantPaymentMethodSettings,
  payments,
} from '../../db/schema/index.ts';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { offerLetter } from '../boarding/boarding.fixtures.ts';
import { addMonthsUtc } from '../boarding-files/files.service.ts';
import { fundedCompany } from '../wallets/accounts.test-helpers.ts';
import { seedLiveBoardingRecord } from './company-info.repo.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof fundedCompany>>;
let master: string;
let otherMaster: string;
let otherContactId: string;
let bare: string;

const DAY = 86_400_000;

function record(merchantId: string, prefix: string, now: Date) {
  const uploaded = addMonthsUtc(now, -4);
  return seedLiveBoardingRecord(t.deps.db, {
    merchantId,
    now,
    person: {
      first_name: 'Harriet',
      last_name: `Cole${prefix}`,
      birth_date: '1979-08-22',
      email: `harriet@${prefix}.example`,
      document: {
        type: 'passport',
        number: '533380127',
        issuedCountryCode: 'GB',
        issuedBy: 'HM Passport Office',
        issuedDate: '2016-01-12',
        expirationDate: new Date(now.getTime() + 30 * DAY).toISOString().slice(0, 10),
      },
      is_as: true,
      is_lr: true,
      is_bo: true,
      position: 'Director',
    } as never,
    contacts: [
      {
        email: `ops@${prefix}.example`,
        firstName: 'Nora',
        lastName: 'Quinn',
        position: 'Operations',
        phone: '+44 20 7946 0321',
        technical: true,
        onlineBanking: true,
      },
    ],
    // The limits the features call reads: GBP by default, 5,000.00 minimum funds.
    offer: offerLetter({
      client: `Client ${prefix}`,
      default_currency: 'GBP',
      minimum_funds: { amount: '5000.00', currency: 'GBP' },
    }),
    files: [
      {
        fileType: 'incorporationCertificate',
        fileName: `incorporation-${prefix}.pdf`,
        createdAt: uploaded,
        expiresAt: addMonthsUtc(uploaded, 3),
      },
    ],
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const now = t.deps.clock.now();
  a = await fundedCompany(t);
  master = (await makeUser(t, { merchantId: a.company.id, isMaster: true })).token;
  await record(a.company.id, 'alpha', now);
  const b = await makeCompany(t);
  otherMaster = (await makeUser(t, { merchantId: b.id, isMaster: true })).token;
  const accountB = await record(b.id, 'beta', now);
  const [theirs] = await t.deps.db
    .select()
    .from(boardingContacts)
    .where(and(eq(boardingContacts.accountId, accountB), eq(boardingContacts.email, 'ops@beta.example')));
  if (!theirs) throw new Error('contact of the other company not seeded');
  otherContactId = theirs.id;
  const c = await makeCompany(t);
  bare = (await makeUser(t, { merchantId: c.id, isMaster: true })).token;
  await makeUser(t, { group: 'CSM', email: 'am.one@clearline.example' });
});
afterAll(() => t.close());

const list = (token: string) => t.call({ method: 'GET', url: '/api/company_info/contacts', token });
const save = (token: string, payload: object) =>
  t.call({ method: 'POST', url: '/api/company_info/contacts', token, payload });
const remove = (token: string, uuid: string) =>
  t.call({ method: 'POST', url: '/api/company_info/contacts/delete', token, payload: { uuid } });
const contactCount = async () => (await t.deps.db.select({ n: count() }).from(boardingContacts))[0]?.n;
const valid = {
  email: 'compliance@alpha.example',
  first_name: 'Iris',
  last_name: 'Novak',
  position: 'MLRO',
  phone: '+44 20 7946 0999',
  issue_types: ['compliance'],
};

describe('List of Contacts (spec §1, §5, §6)', () => {
  it('lists the contacts per issue type, related persons first, and names the uncovered types', async () => {
    const standard = await list(a.token);
    expect(standard.statusCode).toBe(200);
    const body = standard.json();
    expect(body.can_edit).toBe(false);
    expect(body.missing_types).toEqual(['compliance']);
    expect(body.contacts[0]).toMatchObject({ is_as: true, from_forms: true, issue_types: ['financial'] });
    expect(body.contacts[1]).toMatchObject({
      email: 'ops@alpha.example',
      phone: '+44 20 7946 0321',
      issue_types: ['technical', 'online_banking'],
    });
    expect((await list(master)).json().can_edit).toBe(true);
  });

  it('refuses a Standard User with the Master User message and writes nothing', async () => {
    const before = await contactCount();
    const res = await save(a.token, valid);
    expect(res.statusCode).toBe(403);
    expect(res.json().messages[0]).toBe('Only Master User is able to perform this operation.');
    expect(await contactCount()).toBe(before);
  });

  it('refuses a bad email, a bad phone and an unknown issue type, writing nothing', async () => {
    const before = await contactCount();
    const badEmail = await save(master, { ...valid, email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(417);
    expect(badEmail.json().fields.email).toBe('Invalid email.');
    const badPhone = await save(master, { ...valid, phone: '12345' });
    expect(badPhone.statusCode).toBe(417);
    expect(badPhone.json().fields.phone).toMatch(/Invalid phone number/);
    const badType = await save(master, { ...valid, issue_types: ['marketing'] });
    expect(badType.statusCode).toBe(417);
    expect(JSON.stringify(badType.json().fields)).toMatch(/Unknown issue type/);
    expect(await contactCount()).toBe(before);
  });

  it("refuses another company's contact id on change and delete", async () => {
    const change = await save(master, { ...valid, uuid: otherContactId });
    expect(change.statusCode).toBe(404);
    expect(change.json().code).toBe('COMPANY_CONTACT_NOT_FOUND');
    const del = await remove(master, otherContactId);
    expect(del.statusCode).toBe(404);
    const theirs = (await list(otherMaster)).json().contacts;
    expect(theirs.some((c: { uuid: string }) => c.uuid === otherContactId)).toBe(true);
  });

  it('refuses an email of a related person and a change to a contact from the forms', async () => {
    const taken = await save(master, { ...valid, email: 'Harriet@alpha.example' });
    expect(taken.json().code).toBe('CONTACT_EMAIL_TAKEN');
    const fromForms = (await list(master)).json().contacts[0];
    const res = await save(master, { ...valid, uuid: fromForms.uuid, email: 'x@alpha.example' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONTACT_FROM_FORMS');
  });

  it('adds a compliance contact (audited), then refuses a delete that leaves a type uncovered', async () => {
    const added = await save(master, valid);
    expect(added.statusCode).toBe(200);
    expect(added.json().missing_types).toEqual([]);
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'company_contacts.added'));
    expect(audit).toHaveLength(1);
    const ops = added.json().contacts.find((c: { email: string }) => c.email === 'ops@alpha.example');
    const refused = await remove(master, ops.uuid);
    expect(refused.statusCode).toBe(417);
    expect(refused.json().code).toBe('CONTACTS_MISSING_TYPES');
    const noTech = await save(master, { ...valid, uuid: ops.uuid, email: ops.email, issue_types: [] });
    expect(noTech.json().code).toBe('CONTACTS_MISSING_TYPES');
    expect(
      (await list(master)).json().contacts.find((c: { uuid: string }) => c.uuid === ops.uuid),
    ).toMatchObject({ issue_types: ['technical', 'online_banking'] });
  });

  it('a company without a boarding record has no contacts and cannot add one', async () => {
    expect((await list(bare)).json()).toMatchObject({ contacts: [], can_edit: false });
    const res = await save(bare, valid);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('COMPANY_NO_BOARDING_RECORD');
  });
});

describe('dashboard checklist widget of a live company (spec §1, §2)', () => {
  it('lists the remaining items with a link where the company can act', async () => {
    const res = await t.call({ method: 'GET', url: '/api/dashboard/checklist', token: otherMaster });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ has_boarding: true, state: 'live' });
    const item = (name: string) => body.items.find((i: { item: string }) => i.item === name);
    expect(item('contactsComplete')).toEqual({ item: 'contactsComplete', done: false, link: 'contacts' });
    expect(item('filesUploaded')).toMatchObject({ done: false, link: 'featuresAlerts' });
    expect(item('formsSigned')).toMatchObject({ done: true });
  });
});

describe('provider contacts and Features and Alerts', () => {
  it("shows the platform entity's support and compliance and the account managers of the CSM group", async () => {
    const res = (
      await t.call({ method: 'GET', url: '/api/company_info/provider_contacts', token: a.token })
    ).json();
    expect(res.platform).toBe('UK');
    expect(res.entity.legal_name).toBe('Clearline Payments Ltd');
    expect(res.contacts.map((c: { kind: string }) => c.kind)).toEqual([
      'support',
      'compliance',
      'account_manager',
    ]);
    expect(res.contacts[2].email).toBe('am.one@clearline.example');
  });

  it('computes features, offer limits and alerts from the company data', async () => {
    await t.deps.db
      .insert(merchantPaymentMethodSettings)
      .values({ merchantId: a.company.id, direction: 'payout', method: 'SWIFT', enabled: false });
    const now = t.deps.clock.now();
    const row = {
      merchantId: a.company.id,
      walletId: a.eur.id,
      direction: 'outbound' as const,
      transactionType: 'payout' as const,
      method: 'SEPA' as const,
      status: 'created' as const,
      currency: 'EUR',
      payeeName: 'Litware',
      createdAt: now,
      updatedAt: now,
    };
    await t.deps.db.insert(payments).values([
      { ...row, amount: 12_345n },
      { ...row, amount: 100n },
      { ...row, amount: 999n, status: 'settled' },
    ]);
    const res = await t.call({ method: 'GET', url: '/api/company_info/features_alerts', token: a.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.features.find((f: { method: string }) => f.method === 'SWIFT').enabled).toBe(false);
    expect(body.features.find((f: { method: string }) => f.method === 'SEPA').enabled).toBe(true);
    expect(body.limits).toMatchObject({ default_currency: 'GBP', minimum_funds: { amount: '5000.00' } });
    const kinds = body.alerts.map((x: { kind: string }) => x.kind);
    expect(kinds).toEqual(['documentExpiring', 'fileExpired', 'paymentsAwaitingApproval']);
    expect(body.alerts[2]).toMatchObject({ count: 2, amount: '124.45', currency: 'EUR' });
    const other = (
      await t.call({ method: 'GET', url: '/api/company_info/features_alerts', token: bare })
    ).json();
    expect(other).toMatchObject({ limits: null, alerts: [] });
  });
});
