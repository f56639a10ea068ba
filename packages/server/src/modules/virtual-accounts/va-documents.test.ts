import { VA_REQUEST_RIGHT } from '@portal/domain';
import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import { multipart, pdfBytes } from '../boarding/boarding.fixtures.ts';
import { createVaDocuments } from './va-documents.ts';
import {
  corporateDetails,
  createVaTestApp,
  decide,
  requestVa,
  type VaTestApp,
  vaCompany,
} from './va.fixtures.ts';

/** Request documents: real uploads, checked like boarding files, attached with the request. */
let t: VaTestApp;
beforeAll(async () => {
  t = await createVaTestApp();
});
afterAll(() => t.close());

type Company = Awaited<ReturnType<typeof vaCompany>>;

const upload = (token: string, name: string, bytes: Buffer, contentType = 'application/pdf') =>
  t.call({
    method: 'POST',
    url: '/api/wallets/ibans/documents/upload',
    token,
    ...multipart(undefined, name, bytes, contentType),
  });

const documentRows = async (merchantId?: string) => {
  const r = await t.deps.database.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM va_request_documents${merchantId ? ' WHERE merchant_id = $1' : ''}`,
    merchantId ? [merchantId] : [],
  );
  return Number(r.rows[0]?.n ?? 0);
};

/** Moves a company's uploads `hours` into the past (a day-old upload without waiting a day). */
const ageUploads = (merchantId: string, hours: number) =>
  t.deps.database.query(
    `UPDATE va_request_documents SET created_at = created_at - make_interval(hours => $2) WHERE merchant_id = $1`,
    [merchantId, hours],
  );

const CSV = Buffer.from('customer,turnover\nNorthwind,250000\nContoso,1200\n');

async function pdfWithScript(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]).drawText('Register extract', { x: 20, y: 100, size: 10 });
  const action = doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

describe('request documents', () => {
  let a: Company;
  let b: Company;
  let requestUuid = '';
  let pdfId = '';
  let csvId = '';
  let pdf: Buffer;
  beforeAll(async () => {
    a = await vaCompany(t, t.admin);
    b = await vaCompany(t, t.admin);
    pdf = await pdfBytes('Certificate of incorporation of Northwind');
  });

  it('uploads a PDF and a CSV, attaches them with the request, lists them and serves them to the company and staff', async () => {
    const up = await upload(a.master.token, 'Certificate of incorporation.pdf', pdf);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().document).toMatchObject({
      file_name: 'Certificate of incorporation.pdf',
      ext: 'pdf',
      size: pdf.length,
      type: null,
    });
    pdfId = up.json().document.id;
    const up2 = await upload(a.master.token, 'ownership.csv', CSV, 'text/csv');
    expect(up2.statusCode, up2.body).toBe(200);
    csvId = up2.json().document.id;

    const created = await requestVa(
      t,
      a.master,
      'corporate',
      corporateDetails(a.wallet.uuid, {
        document: { type: 'incorporation_certificate', file_id: pdfId },
        additional_documents: [{ type: 'ownership_structure', file_id: csvId }],
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
    requestUuid = created.json().iban_request.uuid;

    const details = await t.call({
      method: 'GET',
      url: `/api/wallets/ibans/request/${requestUuid}`,
      token: a.master.token,
    });
    expect(details.json().iban_request.documents).toEqual([
      expect.objectContaining({
        id: pdfId,
        file_name: 'Certificate of incorporation.pdf',
        type: 'incorporation_certificate',
        role: 'main',
      }),
      expect.objectContaining({
        id: csvId,
        file_name: 'ownership.csv',
        type: 'ownership_structure',
        role: 'additional',
      }),
    ]);

    const own = await t.call({
      method: 'GET',
      url: `/api/wallets/ibans/request/${requestUuid}/documents/${pdfId}`,
      token: a.master.token,
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(String(own.headers['content-disposition'])).toMatch(
      /^attachment; filename="Certificate of incorporation.pdf"/,
    );
    expect(own.rawPayload.equals(pdf)).toBe(true);

    // Staff review the request with its documents in the operator console.
    const review = await t.call({
      method: 'GET',
      url: `/api/operator/va_requests/${requestUuid}`,
      token: t.admin.token,
    });
    expect(review.json().iban_request.documents).toHaveLength(2);
    const staff = await t.call({
      method: 'GET',
      url: `/api/operator/va_requests/${requestUuid}/documents/${csvId}`,
      token: t.admin.token,
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['content-type']).toMatch(/^text\/csv/);
    expect(staff.body).toBe(CSV.toString());
    expect((await decide(t, t.admin, requestUuid)).json().iban_request.status).toBe('allocated');
  });

  it("another company gets 404 for the documents and cannot attach the company's uploads", async () => {
    const theirs = await t.call({
      method: 'GET',
      url: `/api/wallets/ibans/request/${requestUuid}/documents/${pdfId}`,
      token: b.master.token,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.rawPayload.includes(Buffer.from('%PDF'))).toBe(false);
    // A document id of one request under another request's uuid is not found either.
    const wrongRequest = await t.call({
      method: 'GET',
      url: `/api/wallets/ibans/request/${b.wallet.uuid}/documents/${pdfId}`,
      token: a.master.token,
    });
    expect(wrongRequest.statusCode).toBe(404);

    const fresh = (await upload(a.master.token, 'statement.pdf', pdf)).json().document.id as string;
    const before = await t.deps.database.query<{ n: string }>('SELECT count(*)::text AS n FROM va_requests');
    const stolen = await requestVa(
      t,
      b.master,
      'corporate',
      corporateDetails(b.wallet.uuid, { document: { type: 'bank_statement', file_id: fresh } }),
    );
    expect(stolen.statusCode).toBe(417);
    expect(stolen.json().code).toBe('VA_DOCUMENT_NOT_FOUND');
    const after = await t.deps.database.query<{ n: string }>('SELECT count(*)::text AS n FROM va_requests');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('an attached upload cannot be named by a second request', async () => {
    const again = await requestVa(
      t,
      a.master,
      'corporate',
      corporateDetails(a.wallet.uuid, {
        client_customer_id: 'cust-002',
        document: { type: 'incorporation_certificate', file_id: pdfId },
      }),
    );
    expect(again.statusCode).toBe(417);
    expect(again.json()).toMatchObject({
      code: 'VA_DOCUMENT_NOT_FOUND',
      fields: { 'iban_details.document.file_id': 'invalid' },
    });
  });

  it('refuses a wrong type, a fake PDF, active content, a CSV formula and an oversized file, storing nothing', async () => {
    const rows = await documentRows();
    const big = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]);
    const refusals: [string, Buffer, string, string][] = [
      [
        'contract.docx',
        Buffer.from('PK\u0003\u0004 word'),
        'application/octet-stream',
        'FILE_EXTENSION_INVALID',
      ],
      ['tool.exe', Buffer.from('MZ\u0090\u0000'), 'application/octet-stream', 'FILE_EXTENSION_INVALID'],
      [
        'fake.pdf',
        Buffer.from('%PDF-1.7\n<html><script>alert(1)</script></html>\n%%EOF\n'),
        'application/pdf',
        'FILE_CONTENT_INVALID',
      ],
      ['script.pdf', await pdfWithScript(), 'application/pdf', 'FILE_ACTIVE_CONTENT'],
      ['formula.csv', Buffer.from('name,total\nAnn,=HYPERLINK("x")\n'), 'text/csv', 'FILE_CSV_FORMULA'],
      ['empty.csv', Buffer.alloc(0), 'text/csv', 'FILE_CONTENT_INVALID'],
      ['big.pdf', big, 'application/pdf', 'FILE_TOO_LARGE'],
    ];
    for (const [name, bytes, type, code] of refusals) {
      const res = await upload(a.master.token, name, bytes, type);
      expect(res.statusCode, name).toBe(417);
      expect(res.json().code, name).toBe(code);
    }
    expect(await documentRows()).toBe(rows);
  });

  it('a user without a VA right cannot upload', async () => {
    const c = await vaCompany(t, t.admin, { rights: [] });
    const res = await upload(c.master.token, 'statement.pdf', pdf);
    expect(res.statusCode).toBe(403);
    expect(await documentRows(c.company.id)).toBe(0);
  });

  it('uploads never attached are swept after a day, with their bytes', async () => {
    const c = await vaCompany(t, t.admin);
    const stale = (await upload(c.master.token, 'old.pdf', pdf)).json().document.id as string;
    await ageUploads(c.company.id, 25);
    // The next upload sweeps; the stale upload is gone and cannot be attached any more.
    expect((await upload(c.master.token, 'new.pdf', pdf)).statusCode).toBe(200);
    expect(await documentRows(c.company.id)).toBe(1);
    const late = await requestVa(
      t,
      c.master,
      'corporate',
      corporateDetails(c.wallet.uuid, { document: { type: 'other', file_id: stale } }),
    );
    expect(late.json().code).toBe('VA_DOCUMENT_NOT_FOUND');
  });
});

describe('the documents service writes nothing for a refused file', () => {
  it('never calls storage for refused files; the sweep removes stored bytes', async () => {
    const stored = new Map<string, Buffer>();
    let puts = 0;
    const storage: FileStorage = {
      async put(folder, bytes) {
        puts++;
        const key = `${folder}/${crypto.randomUUID()}`;
        stored.set(key, Buffer.from(bytes));
        return key;
      },
      get: async (key) => stored.get(key),
      async remove(key) {
        stored.delete(key);
      },
    };
    const docs = createVaDocuments(t.deps, storage);
    const c = await vaCompany(t, t.admin);
    const p = { userId: c.master.user.id, rights: new Set([VA_REQUEST_RIGHT.corporate]) } as never;
    const pdf = await pdfBytes();
    for (const [fileName, bytes] of [
      ['a.txt', Buffer.from('hello')],
      ['fake.pdf', Buffer.from('%PDF-1.4 not really %%EOF')],
      ['big.pdf', Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)])],
    ] as const) {
      await expect(docs.upload(p, c.company.id, { fileName, bytes, truncated: false })).rejects.toThrow();
    }
    expect(puts).toBe(0);
    expect(await documentRows(c.company.id)).toBe(0);

    await docs.upload(p, c.company.id, { fileName: 'ok.pdf', bytes: pdf, truncated: false });
    expect(stored.size).toBe(1);
    await ageUploads(c.company.id, 23);
    expect(await docs.sweep()).toBe(0);
    await ageUploads(c.company.id, 2);
    expect(await docs.sweep()).toBe(1);
    expect(stored.size).toBe(0);
    expect(await documentRows(c.company.id)).toBe(0);
  });
});
