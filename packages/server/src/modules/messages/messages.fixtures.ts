import { PDFDocument } from '@cantoo/pdf-lib';
import type { TestApp } from '../../test/test-app.ts';

export interface UploadFile {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart body with text fields and `files` parts. */
export function messageForm(fields: Record<string, string>, files: UploadFile[] = []) {
  const boundary = `----m${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function pdf(text = 'Statement question'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]).drawText(text, { x: 20, y: 100, size: 10 });
  return Buffer.from(await doc.save());
}

export async function writeMessage(
  t: TestApp,
  token: string,
  body: Record<string, unknown> = {},
): Promise<{ id: string; root_uuid: string; case_number: string }> {
  const res = await t.call({
    method: 'POST',
    url: '/api/messages/add',
    token,
    payload: { type: 'payments', subject: 'Where is my payout?', text: 'Please check.', ...body },
  });
  if (res.statusCode !== 200) throw new Error(`message not created: ${res.body}`);
  // Messages written one after another get distinct times (the test clock stands still otherwise).
  t.clock.advance(1000);
  return res.json().message;
}
