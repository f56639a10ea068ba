import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedVerificationProvider } from '../../adapters/verification/verification-provider.ts';
import { service } from '../../deps.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  COMPANY,
  createRecord,
  lastCode,
  loginAs,
  makeAdmin,
  person,
  signaturePng,
} from '../boarding/boarding.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.call({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });

/** A submitted, internally checked record with one person; answers the person's verification token. */
async function readyForVerification(lastName: string) {
  const admin = await makeAdmin(t);
  const { uuid, email } = await createRecord(t, admin);
  const bc = await loginAs(t, uuid, 'bc', email);
  await call('POST', '/boarding/forms/lock', bc);
  await t.call({ method: 'PUT', url: '/api/boarding/forms', token: bc, payload: { company: COMPANY } });
  const p = person({
    last_name: lastName,
    email: `${lastName.toLowerCase()}@nordlicht.example`,
    ownership: '100',
  });
  const added = (await call('POST', '/boarding/forms/persons', bc, p)).json().person;
  expect(
    (await call('POST', '/boarding/forms/submit', bc, { principal_signer_id: added.id })).statusCode,
  ).toBe(200);
  await call('POST', `/operator/boarding/${uuid}/internal-check`, admin, { decision: 'approve' });
  await call('GET', `/crm_accounts/send_ver_links/${uuid}/bc`, bc);
  const mail = (await t.deps.mail.outbox(p.email, 5)).find((m) => m.kind === 'verification-link');
  const contactUuid = /\/([0-9a-f-]{36})\n/.exec(mail?.textBody ?? '')?.[1] ?? '';
  await t.call({
    method: 'POST',
    url: '/api/security/gen_otp/initial_verification',
    payload: { acc_uuid: uuid, contact_uuid: contactUuid },
  });
  const code = await lastCode(t, p.email);
  const v = (
    await t.call({
      method: 'POST',
      url: '/api/security/otp_tkn/initial_verification',
      payload: { acc_uuid: uuid, contact_uuid: contactUuid, otp_code: code },
    })
  ).json().token;
  return { uuid, admin, bc, p, personId: added.id as string, v: v as string };
}

const passport = (p: ReturnType<typeof person>) => ({
  first_name: p.first_name,
  last_name: p.last_name,
  birth_date: p.birth_date,
  email: p.email,
  document_number: p.document.number,
});

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

describe('meeting invitations', () => {
  it('the invitation mail gives the start as a person reads it, in UTC and saying so, not as an ISO string', async () => {
    const { uuid, admin, p, personId } = await readyForVerification('Meetingmann');
    const day = new Date(t.clock.now().getTime() + 3 * 86_400_000);
    const startsAt = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 14, 30));
    const res = await call('POST', `/operator/boarding/${uuid}/meetings`, admin, {
      person_id: personId,
      title: 'Onboarding call',
      starts_at: startsAt.toISOString(),
    });
    expect(res.statusCode).toBe(200);
    const mail = (await t.deps.mail.outbox(p.email, 5)).find((m) => m.kind === 'meeting-invitation');
    const when = `${startsAt.getUTCDate()} ${MONTHS[startsAt.getUTCMonth()]} ${startsAt.getUTCFullYear()}, 14:30 UTC`;
    expect(mail?.textBody).toContain(`You are invited to "Onboarding call" on ${when}.`);
    expect(mail?.textBody).not.toContain(startsAt.toISOString());
  });
});

describe('ID and facial verification (simulator)', () => {
  it('refuses a passport mismatch, records it, and starts only after a matching check', async () => {
    const r = await readyForVerification('Bennett');
    expect((await call('POST', '/verification/start', r.v)).statusCode).toBe(409);
    const wrong = await call('POST', '/verification/passport', r.v, {
      ...passport(r.p),
      birth_date: '1979-08-22',
      document_number: 'X1',
    });
    expect(wrong.statusCode).toBe(417);
    expect(Object.keys(wrong.json().fields).sort()).toEqual(['birth_date', 'document_number']);
    expect((await call('POST', '/verification/passport', r.v, passport(r.p))).statusCode).toBe(200);
    expect((await call('POST', '/verification/start', r.v)).json().verification_status).toBe('PENDING');
    expect((await call('GET', '/verification/result', r.v)).json().verification_status).toBe('PENDING');
  });

  it('DECLINED_AML shows "AML screening failed" and goes to the operator; DECLINED may verify again; outage is 424', async () => {
    const aml = await readyForVerification('Amlcase');
    await call('POST', '/verification/passport', aml.v, passport(aml.p));
    await call('POST', '/verification/start', aml.v);
    t.clock.advance(6_000);
    await t.deps.jobs.drain();
    expect((await call('GET', '/verification/result', aml.v)).json()).toMatchObject({
      verification_status: 'DECLINED_AML',
      message: 'AML screening failed',
    });
    expect((await call('POST', '/verification/start', aml.v)).json().messages).toEqual([
      'AML screening failed',
    ]);
    const sign = await call('POST', '/verification/questionnaire/sign', aml.v, { signature: signaturePng() });
    expect(sign.json().code).toBe('noVerification');
    const admin = await makeAdmin(t);
    const approved = await call('POST', `/operator/boarding/${aml.uuid}/persons/${aml.personId}/aml`, admin, {
      decision: 'approve',
      comment: 'False positive: name match only.',
    });
    expect(approved.json().verification_status).toBe('ACCEPTED');
    expect(
      (
        await call('POST', `/operator/boarding/${aml.uuid}/persons/${aml.personId}/aml`, admin, {
          decision: 'approve',
          comment: 'again',
        })
      ).statusCode,
    ).toBe(409);
    const blank = await call('POST', '/verification/questionnaire/sign', aml.v, {
      signature: signaturePng(true),
    });
    expect(blank.json().code).toBe('SIGNATURE_INVALID');
    const notPng = await call('POST', '/verification/questionnaire/sign', aml.v, {
      signature: `data:image/png;base64,${Buffer.from('GIF89a....').toString('base64')}`,
    });
    expect(notPng.json().code).toBe('SIGNATURE_INVALID');

    const declined = await readyForVerification('Declinecase');
    await call('POST', '/verification/passport', declined.v, passport(declined.p));
    await call('POST', '/verification/start', declined.v);
    t.clock.advance(6_000);
    expect((await call('GET', '/verification/result', declined.v)).json().verification_status).toBe(
      'DECLINED',
    );
    const provider = service(t.deps, 'verificationProvider');
    if (!(provider instanceof SimulatedVerificationProvider)) throw new Error('simulator expected');
    provider.outage = true;
    const down = await call('POST', '/verification/start', declined.v);
    provider.outage = false;
    expect(down.statusCode).toBe(424);
    expect((await call('POST', '/verification/start', declined.v)).json().verification_status).toBe(
      'PENDING',
    );
  });

  it('offers need verification, a verified basis, signed forms and a principal LR (spec §8)', async () => {
    const r = await readyForVerification('Pendingcase');
    const offer = (
      await call('POST', `/operator/boarding/${r.uuid}/offers`, r.admin, {
        client: 'Nordlicht',
        term: '12 months',
        account_types: ['business'],
        payment_options: [],
        territories: ['UK'],
        currencies: ['GBP'],
        default_currency: 'GBP',
        payment_systems: ['FPS'],
        minimum_funds: { amount: '0', currency: 'GBP' },
        expiry_date: '2027-01-31',
        condition: '',
        fee: '0.1%',
      })
    ).json().offer;
    const as = await loginAs(t, r.uuid, 'as', r.p.email);
    const res = await call('POST', `/boarding/offers/${offer.id}/approve`, as);
    expect(res.json().code).toBe('noVerification');
    const forms = await call('POST', '/boarding/forms/sign', as, { signature: signaturePng() });
    expect(forms.json().code).toBe('noVerification');
    expect(
      (await call('POST', `/boarding/offers/${offer.id}/decline`, as, { reason: 'Fees too high' })).json()
        .offer,
    ).toMatchObject({ status: 'declined', status_code: 0 });
    expect((await call('POST', `/boarding/offers/${offer.id}/approve`, as)).statusCode).toBe(409);
  });
});
