import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createRecord, loginAs, makeAdmin, multipart, pdfBytes } from '../boarding/boarding.fixtures.ts';

let t: TestApp;
let bc: string;
let uuid: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t);
  const rec = await createRecord(t, admin);
  uuid = rec.uuid;
  bc = await loginAs(t, uuid, 'bc', rec.email);
});
afterAll(() => t.close());

const upload = (fileType: string | undefined, name: string, bytes: Buffer, token = bc) =>
  t.call({ method: 'POST', url: '/api/boarding/files', token, ...multipart(fileType, name, bytes) });
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('application files: checked by content', () => {
  it('accepts a real PDF and a CSV; refuses a renamed PNG, HTML or binary, bad names, no type', async () => {
    expect(
      (await upload('incorporationCertificate', 'Certificate (2024).pdf', await pdfBytes())).statusCode,
    ).toBe(200);
    expect(
      (
        await upload(
          'transactionHistory',
          'history.csv',
          Buffer.from('date;amount;currency\n2025-01-02;100.00;EUR\n2025-01-03;"1;5";EUR\n'),
        )
      ).statusCode,
    ).toBe(200);
    const refusals: [string | undefined, string, Buffer, string][] = [
      ['proofOfAddress', 'scan.pdf', PNG, 'FILE_CONTENT_INVALID'],
      [
        'proofOfAddress',
        'page.pdf',
        Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
        'FILE_CONTENT_INVALID',
      ],
      [
        'transactionHistory',
        'page.csv',
        Buffer.from('<html><body>a,b</body></html>\n'),
        'FILE_CONTENT_INVALID',
      ],
      ['transactionHistory', 'bin.csv', Buffer.from([0x61, 0x2c, 0x62, 0x00, 0x0a]), 'FILE_CONTENT_INVALID'],
      ['transactionHistory', 'ragged.csv', Buffer.from('a,b,c\n1,2\n'), 'FILE_CONTENT_INVALID'],
      ['proofOfAddress', 'photo.png', PNG, 'FILE_EXTENSION_INVALID'],
      ['proofOfAddress', 'bill<1>.pdf', await pdfBytes(), 'FILE_NAME_INVALID'],
      ['proofOfAddress', 'invoice#1;rm.pdf', await pdfBytes(), 'FILE_NAME_INVALID'],
      [undefined, 'bill.pdf', await pdfBytes(), 'FILE_TYPE_REQUIRED'],
      ['noSuchType', 'bill.pdf', await pdfBytes(), 'FILE_TYPE_REQUIRED'],
    ];
    for (const [type, name, bytes, code] of refusals) {
      const res = await upload(type, name, bytes);
      expect(res.statusCode, name).toBe(417);
      expect(res.json().code, name).toBe(code);
    }
    const big = Buffer.concat([await pdfBytes(), Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload('proofOfAddress', 'big.pdf', big)).json().code).toBe('FILE_TOO_LARGE');
    const list = (
      await t.call({ method: 'POST', url: '/api/boarding/files/list/1/10', token: bc, payload: {} })
    ).json();
    expect(list.total).toBe(2);
    expect(list.missing_types).toEqual([
      'articlesOfAssociation',
      'shareholderRegister',
      'proofOfAddress',
      'authorityBasis',
    ]);
  });

  it('downloads as an attachment with nosniff; another record cannot reach the file', async () => {
    const file = (await upload('articlesOfAssociation', 'articles.pdf', await pdfBytes('Articles'))).json()
      .file;
    const res = await t.call({ method: 'GET', url: `/api/boarding/files/${file.id}/download`, token: bc });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="articles.pdf"; filename*=UTF-8''articles.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const other = await createRecord(t, admin);
    const stranger = await loginAs(t, other.uuid, 'bc', other.email);
    expect(
      (await t.call({ method: 'GET', url: `/api/boarding/files/${file.id}/download`, token: stranger }))
        .statusCode,
    ).toBe(404);
  });

  it('walks the status machine with numeric codes and expires after three months', async () => {
    const file = (await upload('shareholderRegister', 'register.pdf', await pdfBytes('Register'))).json()
      .file;
    expect(file).toMatchObject({ status: 'active', status_code: 1 });
    const review = (body: object) =>
      t.call({
        method: 'POST',
        url: `/api/operator/boarding/${uuid}/files/${file.id}/review`,
        token: admin,
        payload: body,
      });
    expect(
      (await t.call({ method: 'POST', url: `/api/boarding/files/${file.id}/verify`, token: bc })).json().file
        .status_code,
    ).toBe(2);
    expect(
      (await review({ action: 'comment', comment: 'Please add page 2.', ask: true })).json().file,
    ).toMatchObject({ status: 'pendingComment', status_code: 3 });
    const answered = await t.call({
      method: 'POST',
      url: `/api/boarding/files/${file.id}/comments`,
      token: bc,
      payload: { text: 'Page 2 is on the back.' },
    });
    expect(answered.json().file.status_code).toBe(2);
    expect(answered.json().file.comments.map((c: { text: string }) => c.text)).toEqual([
      'Please add page 2.',
      'Page 2 is on the back.',
    ]);
    expect((await review({ action: 'decline', comment: 'Unreadable' })).json().file).toMatchObject({
      status: 'declined',
      status_code: 6,
    });
    const again = await t.call({ method: 'POST', url: `/api/boarding/files/${file.id}/verify`, token: bc });
    expect(again.statusCode).toBe(409);
    expect((await review({ action: 'verify' })).json().file).toMatchObject({
      status: 'manuallyVerified',
      status_code: 9,
    });

    t.clock.advance(93 * 24 * 3600_000);
    admin = await makeAdmin(t);
    const expired = await t.call({ method: 'GET', url: `/api/operator/boarding/${uuid}`, token: admin });
    const row = expired.json().files.find((f: { id: string }) => f.id === file.id);
    expect(row).toMatchObject({ status: 'expired', status_code: 7 });
    expect((await review({ action: 'verify' })).json().code).toBe('FILE_EXPIRED');
  });
});
