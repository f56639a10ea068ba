import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let maker: Awaited<ReturnType<typeof makeUser>>;
let checker: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await createTestApp();
  const companyId = (await makeCompany(t)).id;
  maker = await makeUser(t, { merchantId: companyId, rights: ['create'] });
  checker = await makeUser(t, { merchantId: companyId, rights: ['create', 'approve'] });
});
afterAll(() => t.close());

describe('templates', () => {
  it('save with a unique name and a method; ownership categories and sharing', async () => {
    const body = {
      name: 'Rent',
      payment_method: 'SEPA',
      currency: 'EUR',
      requisites: { payee: 'Landlord BV', iban: 'NL91ABNA0417164300' },
      merchant_shared: true,
    };
    const saved = await t.call({
      method: 'POST',
      url: '/api/payment_templates/save',
      token: maker.token,
      payload: body,
    });
    expect(saved.json().template).toMatchObject({
      name: 'Rent',
      ownership: 'ownShared',
      payee: 'Landlord BV',
    });
    const dup = await t.call({
      method: 'POST',
      url: '/api/payment_templates/save',
      token: checker.token,
      payload: { ...body, name: 'rent' },
    });
    expect(dup.json()).toMatchObject({
      code: 'TEMPLATE_NAME_TAKEN',
      fields: { name: 'A template with this name already exists.' },
    });
    const noMethod = await t.call({
      method: 'POST',
      url: '/api/payment_templates/save',
      token: maker.token,
      payload: { ...body, name: 'X', payment_method: undefined },
    });
    expect(noMethod.statusCode).toBe(417);
    expect(Object.keys(noMethod.json().fields)).toEqual(['payment_method']);
    const badIban = await t.call({
      method: 'POST',
      url: '/api/payment_templates/save',
      token: maker.token,
      payload: { ...body, name: 'Y', requisites: { iban: 'NL91ABNA0417164301' } },
    });
    expect(badIban.json().fields).toEqual({
      'requisites.iban': 'The IBAN is not valid: its check digits are wrong.',
    });
    await t.call({
      method: 'POST',
      url: '/api/payment_templates/save',
      token: maker.token,
      payload: { ...body, name: 'Private', merchant_shared: false },
    });

    const select = (token: string, extra: Record<string, unknown> = {}) =>
      t.call({ method: 'POST', url: '/api/payment_templates/select/1/10', token, payload: extra });
    expect(
      (await select(checker.token))
        .json()
        .templates.map((x: { name: string; ownership: string }) => `${x.name}:${x.ownership}`),
    ).toEqual(['Rent:others']);
    expect(
      (await select(maker.token, { ownership: 'ownNotShared' }))
        .json()
        .templates.map((x: { name: string }) => x.name),
    ).toEqual(['Private']);
    const edit = await t.call({
      method: 'POST',
      url: `/api/payment_templates/save/${saved.json().template.id}`,
      token: checker.token,
      payload: body,
    });
    expect(edit.json().code).toBe('TEMPLATE_NOT_OWN');
  });
});

describe('requisite checks', () => {
  const check = (path: string, payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url: `/api/checks/${path}`, token: checker.token, payload });
  it('SEPA Instant reachability is a warning; a bad IBAN is an error', async () => {
    const post = await check('checkRequisite/SEPA_INSTANT/EUR', {
      iban: 'FR14 2004 1010 0505 0001 3M02 606',
    });
    expect(post.json()).toMatchObject({
      valid: true,
      warnings: [{ code: 'SEPA_INSTANT_UNREACHABLE' }],
      bank: { bic: 'PSSTFRPP' },
    });
    const bad = await check('checkRequisite/SEPA/EUR', { iban: 'DE89370400440532013001' });
    expect(bad.json()).toMatchObject({ valid: false, error: { code: 'IBAN_BAD_CHECKSUM' } });
  });
  it('intermediary BIC must be in the directory', async () => {
    expect(
      (await check('checkRequisiteIntermediary/bankSwiftCode/SWIFT', { bankSwiftCode: 'CHASUS33XXX' })).json()
        .bank.name,
    ).toBe('JPMorgan Chase Bank N.A.');
    const unknown = await check('checkRequisiteIntermediary/bankSwiftCode/SWIFT', {
      bankSwiftCode: 'ZZZZGB2L',
    });
    expect(unknown.json().messages).toEqual([
      'The intermediary bank SWIFT code ZZZZGB2L is not in our directory. Please contact your manager.',
    ]);
  });
  it.each([
    ['Acme Trading Ltd', '20-00-00 31926819', 'corporate', null],
    ['Acme Trading Limited', '200000 31926819', 'corporate', null],
    ['Acme Tradin Ltd', '20000031926819', 'corporate', 'MBAM'],
    ['Acme Trading Ltd', '20000031926819', 'individual', 'PANM'],
    ['Jane Smith', '40-47-84 12345678', 'corporate', 'BANM'],
    ['Someone Else', '20-00-00 31926819', 'corporate', 'ANNM'],
    ['Anyone', '00-00-00 12345678', 'corporate', 'SCNF'],
    ['Anyone', '20-00-00 00000000', 'corporate', 'AC01'],
    ['Anyone', '20-00-00 33333333', 'corporate', 'OPTO'],
  ])('CoP %s / %s (%s) → %s', async (payee, payeeRequisite, payeeType, result) => {
    const r = await check('checkRequisiteCOP/FPS', { payee, payeeRequisite, payee_type: payeeType });
    expect(r.json().result).toBe(result);
  });
  it('CoP refuses malformed account details', async () => {
    const r = await check('checkRequisiteCOP/FPS', { payee: 'x', payeeRequisite: '20-00-0 3192681' });
    expect(r.statusCode).toBe(417);
  });
});
