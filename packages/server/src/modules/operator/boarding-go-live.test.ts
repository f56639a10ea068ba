import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pdfParse from 'pdf-parse/lib/pdf-parse.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { verifyAuditChain } from '../audit/audit.service.ts';
import {
  COMPANY,
  createRecord,
  lastCode,
  loginAs,
  makeAdmin,
  multipart,
  offerLetter,
  pdfBytes,
  person,
  signaturePng,
} from '../boarding/boarding.fixtures.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.call({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });
const ok = async (p: ReturnType<typeof call>) => {
  const res = await p;
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** Opens the verification page of one person through the mailed link and a mailed code. */
async function verifyPerson(uuid: string, email: string) {
  const [mail] = await t.deps.mail
    .outbox(email, 5)
    .then((m) => m.filter((x) => x.kind === 'verification-link'));
  const contactUuid = /\/verifications\/[^/]+\/\w+\/([0-9a-f-]{36})/.exec(mail?.textBody ?? '')?.[1] ?? '';
  await ok(
    t.post('/api/security/gen_otp/initial_verification', undefined, {
      acc_uuid: uuid,
      contact_uuid: contactUuid,
    }),
  );
  const token = (
    await ok(
      t.post('/api/security/otp_tkn/initial_verification', undefined, {
        acc_uuid: uuid,
        contact_uuid: contactUuid,
        otp_code: await lastCode(t, email),
      }),
    )
  ).token as string;
  return token;
}

describe('boarding from the emailed link to go-live', () => {
  it('walks every step with two related persons; the operator drives the console', async () => {
    const { uuid, email: bcEmail } = await createRecord(t, admin);
    const [linkMail] = await t.deps.mail.outbox(bcEmail, 1);
    expect(linkMail?.textBody).toContain(`/brd/${uuid}/bc`);

    const need = await ok(t.call({ method: 'GET', url: `/api/crm_accounts/need_pss/${uuid}/bc` }));
    expect(need.set_pss).toBe(true);
    const bc = await loginAs(t, uuid, 'bc', bcEmail);

    await ok(call('PUT', '/boarding/forms', bc, { company: COMPANY }));
    const oliver = (await ok(call('POST', '/boarding/forms/persons', bc, person()))).person;
    const sophie = (
      await ok(
        call(
          'POST',
          '/boarding/forms/persons',
          bc,
          person({
            first_name: 'Sophie',
            last_name: 'Turner',
            email: 'sophie.turner@nordlicht.example',
            is_as: false,
            is_lr: false,
            is_bo: true,
            ownership: '40',
            authority: undefined,
            document: { ...person().document, number: '612345678' },
          }),
        ),
      )
    ).person;

    const types = [
      'incorporationCertificate',
      'articlesOfAssociation',
      'shareholderRegister',
      'proofOfAddress',
      'authorityBasis',
    ];
    const uploaded: Record<string, string> = {};
    for (const type of types) {
      const body = multipart(type, `${type}.pdf`, await pdfBytes(type));
      const res = await t.call({ method: 'POST', url: '/api/boarding/files', token: bc, ...body });
      expect(res.statusCode, res.body).toBe(200);
      uploaded[type] = res.json().file.id;
    }
    const files = await ok(call('POST', '/boarding/files/list/1/20', bc, {}));
    expect(files.missing_types).toEqual([]);
    expect(files.total).toBe(5);

    await ok(call('POST', '/boarding/forms/submit', bc, { principal_signer_id: oliver.id }));
    const roleLinks = (await t.deps.mail.outbox(oliver.email, 5))
      .filter((m) => m.kind === 'boarding-link')
      .map((m) => m.textBody);
    expect(roleLinks.join('\n')).toContain(`/brd/${uuid}/as`);
    expect(roleLinks.join('\n')).toContain(`/brd/${uuid}/lr`);

    // Verification links only after the internal check.
    expect((await call('GET', `/crm_accounts/send_ver_links/${uuid}/bc`, bc)).statusCode).toBe(409);
    await ok(call('POST', `/operator/boarding/${uuid}/internal-check`, admin, { decision: 'approve' }));
    expect((await ok(call('GET', `/crm_accounts/send_ver_links/${uuid}/bc`, bc))).sent).toBe(2);

    for (const p of [oliver, sophie]) {
      const v = await verifyPerson(uuid, p.email);
      await ok(
        call('POST', '/verification/passport', v, {
          first_name: p.first_name.toUpperCase(),
          last_name: p.last_name.toLowerCase(),
          birth_date: p.birth_date,
          email: p.email,
          document_number: p.document.number,
        }),
      );
      expect((await ok(call('POST', '/verification/start', v))).verification_status).toBe('PENDING');
      t.clock.advance(6_000);
      await t.deps.jobs.drain();
      expect((await ok(call('GET', '/verification/result', v))).verification_status).toBe('ACCEPTED');
      if (p.is_bo) {
        const q = await ok(
          call('POST', '/verification/questionnaire/sign', v, { signature: signaturePng() }),
        );
        expect(q.signature.subject).toBe('questionnaire');
      }
    }

    await ok(call('POST', `/boarding/files/${uploaded.authorityBasis}/verify`, bc));
    await t.deps.jobs.drain();
    const reviewed = await ok(
      call('POST', `/operator/boarding/${uuid}/files/${uploaded.authorityBasis}/review`, admin, {
        action: 'verify',
      }),
    );
    expect(reviewed.file).toMatchObject({ status: 'verified', status_code: 4 });

    const as = await loginAs(t, uuid, 'as', oliver.email);
    await ok(call('POST', '/boarding/forms/principal', as, { kind: 'lr', person_id: oliver.id }));
    const formsSig = (await ok(call('POST', '/boarding/forms/sign', as, { signature: signaturePng() })))
      .signature;

    // Audit trail of the signature: the stored PDF hashes to the certificate's and the audit entry's value.
    const pdf = await t.call({
      method: 'GET',
      url: `/api/boarding/signatures/${formsSig.id}/pdf`,
      token: as,
    });
    expect(pdf.headers['content-disposition']).toMatch(/^attachment/);
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(formsSig.sealed_sha256);
    const text = (await pdfParse(pdf.rawPayload)).text;
    expect(text).toContain('Signature certificate');
    expect(text).toContain(formsSig.document_sha256);
    expect(text).toContain('Oliver Bennett');
    const [entry] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'boarding.sign.forms'));
    expect(entry?.details).toMatchObject({
      signatureId: formsSig.id,
      sealedSha256: formsSig.sealed_sha256,
      documentSha256: formsSig.document_sha256,
    });
    expect(await verifyAuditChain(t.deps.db)).toBeNull();

    const offer = (await ok(call('POST', `/operator/boarding/${uuid}/offers`, admin, offerLetter()))).offer;
    expect(offer).toMatchObject({ status: 'created', status_code: 2 });
    expect((await ok(call('POST', `/boarding/offers/${offer.id}/approve`, as))).offer).toMatchObject({
      status: 'approved',
      status_code: 3,
    });

    await ok(
      call('POST', `/operator/boarding/${uuid}/invoice`, admin, { amount: '1500.00', currency: 'EUR' }),
    );
    expect((await ok(call('POST', '/boarding/invoice/pay', as))).invoice).toMatchObject({
      status: 'paid',
      amount: '1500.00',
    });

    const contract = (await ok(call('POST', `/operator/boarding/${uuid}/contracts`, admin, { type: 'main' })))
      .contract;
    expect(contract).toMatchObject({ status: 'created', status_code: 2 });
    const unsigned = await t.call({
      method: 'GET',
      url: `/api/boarding/contracts/${contract.id}/pdf`,
      token: as,
    });
    const signed = await ok(
      call('POST', `/boarding/contracts/${contract.id}/sign`, as, {
        signature: signaturePng(),
        principal_lr_person_id: oliver.id,
      }),
    );
    expect(signed.contract).toMatchObject({ status: 'signed', status_code: 3 });
    expect(signed.signature.document_sha256).toBe(
      createHash('sha256').update(unsigned.rawPayload).digest('hex'),
    );

    const contacts = await ok(call('GET', `/crm_accounts/get_cnts_notifications/${uuid}/as`, as));
    expect(contacts.missing_types).toHaveLength(4);
    const own = contacts.notification_contacts.find((c: { email: string }) => c.email === oliver.email);
    await ok(
      call('POST', `/crm_accounts/set_cnts_notifications/${uuid}/as`, as, {
        notification_contacts: [
          {
            uuid: own.uuid,
            notify_on_technical_issues: true,
            notify_on_financial_issues: true,
            notify_on_compliance_issues: true,
            notify_on_online_banking: true,
          },
        ],
      }),
    );

    const overview = await ok(call('GET', `/crm_accounts/get_consolidated/${uuid}/as`, as));
    expect(overview.checklist.filter((e: { done: boolean }) => !e.done)).toEqual([]);
    expect(overview.ready_for_go_live).toBe(true);

    const live = await ok(call('POST', `/operator/boarding/${uuid}/go-live`, admin));
    expect(live.master_email).toBe(oliver.email);
    // The Master User's invitation mail is written once the go-live transaction has committed.
    await vi.waitFor(async () => {
      const kinds = (await t.deps.mail.outbox(oliver.email, 10)).map((m) => m.kind);
      expect(
        kinds.some((k) => k !== 'boarding-link' && k !== 'verification-link' && !k.startsWith('otp')),
      ).toBe(true);
    });
    const company = await ok(call('GET', `/operator/boarding/${uuid}`, admin));
    expect(company.record).toMatchObject({ state: 'live', merchant_id: live.merchant_id });
    expect(company.offers[0]).toMatchObject({ status: 'converted', status_code: 4 });

    const blocked = await t.post(`/api/crm_accounts/lgn/${uuid}/as`, undefined, {
      eml: oliver.email,
      pss: 'a'.repeat(128),
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().messages).toEqual(['Access is blocked due to finished Boarding process.']);
    expect((await call('GET', `/crm_accounts/get_consolidated/${uuid}/as`, as)).json().messages).toEqual([
      'Access is blocked due to finished Boarding process.',
    ]);
  });
});
