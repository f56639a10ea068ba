import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createRecord, loginAs, makeAdmin, multipart, pdfBytes } from '../boarding/boarding.fixtures.ts';
import { csvFormulaCell, inspectUpload, neutraliseCsv } from './file-content.ts';

/** Issue 17: hostile uploads are refused by a real parse; CSV formulas are refused or neutralised. */
let t: TestApp;
let bc: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await makeAdmin(t);
  const rec = await createRecord(t, admin);
  bc = await loginAs(t, rec.uuid, 'bc', rec.email);
});
afterAll(() => t.close());

const upload = (name: string, bytes: Buffer, type = 'proofOfAddress') =>
  t.call({ method: 'POST', url: '/api/boarding/files', token: bc, ...multipart(type, name, bytes) });

async function pdfWith(edit: (doc: PDFDocument) => void | Promise<void>): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]).drawText('Bill', { x: 20, y: 100, size: 10 });
  await edit(doc);
  // Object streams hide names from a byte scan: only the parse can find them.
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

describe('hostile PDFs', () => {
  it('refuses HTML wearing PDF markers, and a PDF that does not parse', async () => {
    const fake = Buffer.from('%PDF-1.7\n<html><script>alert(1)</script></html>\n%%EOF\n');
    expect((await upload('fake.pdf', fake)).json().code).toBe('FILE_CONTENT_INVALID');
    const good = await pdfBytes();
    const broken = Buffer.concat([good.subarray(0, 200), Buffer.from('\n%%EOF\n')]);
    expect((await upload('broken.pdf', broken)).statusCode).toBe(417);
  });

  it('refuses /OpenAction JavaScript, /Launch and embedded files, compressed or not', async () => {
    const js = await pdfWith((doc) => {
      const action = doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
      doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
    });
    const launch = await pdfWith((doc) => {
      const action = doc.context.obj({ S: 'Launch', F: PDFString.of('cmd.exe') });
      doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
    });
    const attached = await pdfWith(async (doc) => {
      await doc.attach(Buffer.from('MZ payload'), 'tool.exe', { mimeType: 'application/octet-stream' });
    });
    for (const [name, bytes] of [
      ['js.pdf', js],
      ['launch.pdf', launch],
      ['attached.pdf', attached],
    ] as const) {
      const res = await upload(name, bytes);
      expect(res.statusCode, name).toBe(417);
      expect(res.json().code, name).toBe('FILE_ACTIVE_CONTENT');
    }
    expect(await inspectUpload('pdf', await pdfBytes())).toEqual({ ok: true });
  });

  it('verification moves a clean file out of pending within the call', async () => {
    const file = (await upload('bill.pdf', await pdfBytes('Bill'))).json().file;
    const started = Date.now();
    const run = await t.call({ method: 'POST', url: `/api/boarding/files/${file.id}/verify`, token: bc });
    expect(run.json().file.status).toBe('pendingVerification');
    const statusOf = async () =>
      (await t.call({ method: 'POST', url: '/api/boarding/files/list/1/50', token: bc, payload: {} }))
        .json()
        .files.find((f: { id: string }) => f.id === file.id)?.status;
    let status = await statusOf();
    while (status === 'pendingVerification' && Date.now() - started < 10_000) {
      await new Promise((r) => setTimeout(r, 20));
      status = await statusOf();
    }
    expect(status).toBe('verified');
    expect(Date.now() - started).toBeLessThan(10_000); // PDF_PARSE_TIMEOUT_MS
  });
});

describe('CSV formula cells', () => {
  it('refuses an upload with the row and column of the first formula cell', async () => {
    const csv = Buffer.from(
      'date,amount,payee\n2026-01-02,-12.50,Shop\n2026-01-03,10.00,"=HYPERLINK(""x"")"\n',
    );
    const res = await upload('history.csv', csv, 'transactionHistory');
    expect(res.statusCode).toBe(417);
    expect(res.json()).toMatchObject({ code: 'FILE_CSV_FORMULA', params: { row: 3, column: 3 } });
    // Negative amounts are numbers, not formulas.
    expect(csvFormulaCell(Buffer.from('a,b\n-12.50,+3\n'))).toBeUndefined();
  });

  it('neutralises formula cells in a download', () => {
    const out = neutraliseCsv(Buffer.from('a;b\n=1+2;@SUM(A1)\n-5;ok\n')).toString();
    expect(out).toBe("a;b\n'=1+2;'@SUM(A1)\n-5;ok\n");
  });
});
