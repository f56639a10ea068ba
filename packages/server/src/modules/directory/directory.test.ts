import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, directoryEntries } from '../../db/schema/index.ts';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profile = (overrides: Record<string, unknown> = {}) => ({
  display_name: 'Aurora Digital Assets',
  description: 'Custody and OTC for institutions.',
  services: ['custody', 'otc'],
  countries: ['de', 'AT'],
  currencies: ['EUR', 'USDC'],
  networks: ['ethereum'],
  website: 'https://aurora.example',
  contact_name: 'Jana Weber',
  contact_email: 'jana@aurora.example',
  ...overrides,
});

async function companyWithUsers() {
  const company = await makeCompany(t);
  const master = await makeUser(t, { merchantId: company.id, isMaster: true, rights: ['create'] });
  const standard = await makeUser(t, { merchantId: company.id, rights: ['create', 'approve'] });
  return { company, master, standard };
}

const post = (url: string, token: string, payload: unknown = {}) =>
  t.call({ method: 'POST', url, token, payload: payload as Record<string, unknown> });

const entriesOf = (merchantId: string) =>
  t.deps.db.select().from(directoryEntries).where(eq(directoryEntries.merchantId, merchantId));

describe('directory: only the Master User joins, changes and leaves (spec §6)', () => {
  it('the Master User joins, changes the profile and leaves; each step is audit-logged', async () => {
    const { company, master } = await companyWithUsers();
    const joined = await post('/api/directory/join', master.token, profile());
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().entry).toMatchObject({
      merchant_id: company.id,
      display_name: 'Aurora Digital Assets',
      countries: ['DE', 'AT'],
      status: 'published',
    });
    const own = await t.call({ method: 'GET', url: '/api/directory/own', token: master.token });
    expect(own.json()).toMatchObject({ entry: { display_name: 'Aurora Digital Assets' }, can_manage: true });

    const changed = await post(
      '/api/directory/change',
      master.token,
      profile({ display_name: 'Aurora Custody', services: ['custody'] }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().entry).toMatchObject({ display_name: 'Aurora Custody', services: ['custody'] });

    const twice = await post('/api/directory/join', master.token, profile());
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('DIRECTORY_ALREADY_JOINED');

    expect((await post('/api/directory/leave', master.token)).statusCode).toBe(200);
    expect(await entriesOf(company.id)).toHaveLength(0);
    const again = await post('/api/directory/leave', master.token);
    expect(again.json().code).toBe('DIRECTORY_NOT_JOINED');

    const audit = await t.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, company.id)));
    expect(audit.map((a) => a.action)).toEqual(['directory_join', 'directory_change', 'directory_leave']);
  });

  it('a Standard User (even with every payment right) is refused on the server and nothing changes', async () => {
    const { company, master, standard } = await companyWithUsers();
    for (const url of ['/api/directory/join', '/api/directory/change', '/api/directory/leave']) {
      const r = await post(url, standard.token, profile());
      expect(r.statusCode, url).toBe(403);
      expect(r.json().messages).toEqual(['Only Master User is able to perform this operation.']);
    }
    expect(await entriesOf(company.id)).toHaveLength(0);
    await post('/api/directory/join', master.token, profile());
    const change = await post('/api/directory/change', standard.token, profile({ display_name: 'Hijacked' }));
    expect(change.statusCode).toBe(403);
    expect((await entriesOf(company.id))[0]?.displayName).toBe('Aurora Digital Assets');
    const own = await t.call({ method: 'GET', url: '/api/directory/own', token: standard.token });
    expect(own.json()).toMatchObject({ can_manage: false, entry: { display_name: 'Aurora Digital Assets' } });
  });

  it('refuses bad profiles with field codes and writes nothing', async () => {
    const { company, master } = await companyWithUsers();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ display_name: '  ' }, 'display_name', 'required'],
      [{ display_name: 'x'.repeat(121) }, 'display_name', 'tooLong'],
      [{ services: [] }, 'services', 'required'],
      [{ services: ['laundering'] }, 'services.0', 'invalidService'],
      [{ countries: ['Germany'] }, 'countries.0', 'invalidCountry'],
      [{ countries: ['XX'] }, 'countries.0', 'invalidCountry'],
      [{ currencies: ['DOGE'] }, 'currencies.0', 'invalidCurrency'],
      [{ networks: ['myspace'] }, 'networks.0', 'invalidNetwork'],
      [{ website: 'http://aurora.example' }, 'website', 'invalidUrl'],
      [{ website: 'javascript:alert(1)' }, 'website', 'invalidUrl'],
      [{ contact_email: 'not-an-email' }, 'contact_email', 'invalidEmail'],
      [{ description: 'x'.repeat(1001) }, 'description', 'tooLong'],
    ];
    for (const [patch, field, code] of cases) {
      const r = await post('/api/directory/join', master.token, profile(patch));
      expect(r.statusCode, JSON.stringify(patch)).toBe(417);
      expect(r.json().fields?.[field], `${JSON.stringify(patch)} → ${r.body}`).toBe(code);
    }
    expect(await entriesOf(company.id)).toHaveLength(0);
  });

  it('keeps script in a profile as text: stored and answered literally', async () => {
    const { master, standard } = await companyWithUsers();
    const script = '<script>alert("x")</script> & <b>bold</b>';
    const r = await post('/api/directory/join', master.token, profile({ description: script }));
    expect(r.statusCode, r.body).toBe(200);
    const own = await t.call({ method: 'GET', url: '/api/directory/own', token: standard.token });
    expect(own.json().entry.description).toBe(script);
  });
});

describe('directory list and moderation', () => {
  it('lists published entries of every company to every client, with search and filters; hidden ones only to staff', async () => {
    const a = await companyWithUsers();
    const b = await companyWithUsers();
    await post(
      '/api/directory/join',
      a.master.token,
      profile({ display_name: 'Zephyr OTC', services: ['otc'] }),
    );
    await post(
      '/api/directory/join',
      b.master.token,
      profile({ display_name: 'Quartz Custody 100%', services: ['custody'], networks: ['bitcoin'] }),
    );
    const list = (token: string, body: Record<string, unknown>) =>
      post('/api/directory/list/1/50', token, body).then((r) => {
        expect(r.statusCode, r.body).toBe(200);
        return r.json() as { entries: { display_name: string }[]; quantity: number };
      });
    const byText = await list(b.standard.token, { search: 'zephyr' });
    expect(byText.entries.map((e) => e.display_name)).toEqual(['Zephyr OTC']);
    expect((await list(a.standard.token, { search: 'Quartz*' })).quantity).toBe(1);
    // A literal % is not a wildcard.
    expect((await list(a.standard.token, { search: '100%' })).entries.map((e) => e.display_name)).toEqual([
      'Quartz Custody 100%',
    ]);
    expect((await list(a.standard.token, { search: 'Custody 1_0' })).quantity).toBe(0);
    const byNetwork = await list(a.standard.token, { network: 'bitcoin', search: 'Quartz' });
    expect(byNetwork.quantity).toBe(1);
    expect((await list(a.standard.token, { service: 'otc', search: 'Quartz' })).quantity).toBe(0);
    expect(
      (await post('/api/directory/list/1/50', a.standard.token, { network: 'myspace' })).statusCode,
    ).toBe(417);

    const admin = await makeUser(t, { group: 'admin' });
    const hidden = await post(`/api/operator/directory/moderate/${b.company.id}`, admin.token, {
      status: 'hidden',
      note: 'Licence under review',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await list(a.standard.token, { search: 'Quartz' })).quantity).toBe(0);
    const staffView = await post('/api/operator/directory/1/20', admin.token, {
      status: 'hidden',
      search: 'Quartz',
    });
    expect(staffView.json().entries[0]).toMatchObject({
      company_name: b.company.name,
      moderation_note: 'Licence under review',
      status: 'hidden',
    });
    // Clients cannot moderate.
    const byClient = await post(`/api/operator/directory/moderate/${a.company.id}`, a.master.token, {
      status: 'hidden',
    });
    expect(byClient.statusCode).toBe(403);
    expect((await entriesOf(a.company.id))[0]?.status).toBe('published');
    const unknown = await post(`/api/operator/directory/moderate/${crypto.randomUUID()}`, admin.token, {
      status: 'hidden',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
