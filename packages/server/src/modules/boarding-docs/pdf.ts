import { createHash } from 'node:crypto';
import * as upngModule from '@cantoo/pdf-lib/upng';
import { fieldError, PROVIDER_ENTITIES, type PlatformLabel } from '@portal/domain';
import { PDFDocument, rgb, StandardFonts } from '@cantoo/pdf-lib';
import PDFKit from 'pdfkit';
import { DomainError } from '../../http/errors.ts';

type Upng = Pick<typeof upngModule, 'decode' | 'toRGBA8'>;
/** The CommonJS module arrives wrapped once or twice depending on the loader (tsx, vitest, node). */
function resolveUpng(mod: unknown): Upng {
  let cur = mod;
  for (let i = 0; i < 3 && cur; i++) {
    if (typeof (cur as Partial<Upng>).decode === 'function') return cur as Upng;
    cur = (cur as { default?: unknown }).default;
  }
  throw new Error('@cantoo/pdf-lib/upng not loadable');
}
const UPNG = resolveUpng(upngModule);

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface DocSection {
  heading: string;
  lines: string[];
}

/** A plain A4 document with the provider entity's header (forms, questionnaire, contract, NDA). */
export function renderDocument(
  title: string,
  platform: PlatformLabel,
  sections: DocSection[],
): Promise<Buffer> {
  const entity = PROVIDER_ENTITIES[platform];
  return new Promise((resolve, reject) => {
    // Fixed dates keep the bytes of one content identical, so a document's hash is reproducible.
    const doc = new PDFKit({
      size: 'A4',
      margin: 50,
      info: { Title: title, CreationDate: new Date(0), ModDate: new Date(0) },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(10).text(entity.legalName);
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(`${entity.address} · ${entity.registrationNumber}`)
      .text(entity.regulator);
    doc.moveDown(1.5).font('Helvetica-Bold').fontSize(16).text(title);
    for (const s of sections) {
      doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).text(s.heading);
      doc.font('Helvetica').fontSize(9);
      for (const line of s.lines) doc.text(line);
    }
    doc.end();
  });
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const SIGNATURE_MAX_BYTES = 500 * 1024;
/** A drawn signature covers at least this many ink pixels; fewer is a blank or a dot. */
const MIN_INK_PIXELS = 30;

/** Decodes and checks a drawn signature (PNG data URL): magic bytes, size, not blank. */
export function parseSignature(dataUrl: string): Buffer {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (
    bytes.length > SIGNATURE_MAX_BYTES ||
    bytes.length < PNG_MAGIC.length ||
    !bytes.subarray(0, 8).equals(PNG_MAGIC)
  )
    throw new DomainError(
      'SIGNATURE_INVALID',
      {},
      { fields: { signature: fieldError('SIGNATURE_REQUIRED') } },
    );
  let ink = 0;
  try {
    const img = UPNG.decode(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const [frame] = UPNG.toRGBA8(img);
    const px = new Uint8Array(frame ?? new ArrayBuffer(0));
    for (let i = 0; i + 3 < px.length && ink < MIN_INK_PIXELS; i += 4) {
      const [r = 255, g = 255, b = 255, a = 0] = [px[i], px[i + 1], px[i + 2], px[i + 3]];
      if (a > 32 && (r < 200 || g < 200 || b < 200)) ink++;
    }
  } catch {
    ink = 0;
  }
  if (ink < MIN_INK_PIXELS)
    throw new DomainError(
      'SIGNATURE_INVALID',
      {},
      { fields: { signature: fieldError('SIGNATURE_REQUIRED') } },
    );
  return bytes;
}

export interface Certificate {
  title: string;
  signer: string;
  role: string;
  signedAt: Date;
  ip: string;
  userAgent: string;
  verificationReference: string | null;
  documentSha256: string;
}

/**
 * Seals a signed document: the signature image on the last page and a certificate page with
 * who signed, when, from where, the verification reference and the SHA-256 of the document
 * before sealing (design §7). The caller stores the SHA-256 of the result as well.
 */
export async function sealPdf(
  document: Uint8Array,
  signaturePng: Uint8Array,
  cert: Certificate,
): Promise<Buffer> {
  const pdf = await PDFDocument.load(document);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const image = await pdf.embedPng(signaturePng);
  const pages = pdf.getPages();
  const last = pages[pages.length - 1] ?? pdf.addPage();
  const scaled = image.scaleToFit(180, 70);
  last.drawText(`Signed by ${cert.signer}`, { x: 50, y: 130, size: 9, font });
  last.drawImage(image, { x: 50, y: 50, width: scaled.width, height: scaled.height });

  const page = pdf.addPage([595.28, 841.89]);
  page.drawText('Signature certificate', { x: 50, y: 780, size: 16, font: bold, color: rgb(0, 0, 0) });
  const rows: [string, string][] = [
    ['Document', cert.title],
    ['Signer', cert.signer],
    ['Role', cert.role],
    ['Signed at (UTC)', cert.signedAt.toISOString()],
    ['IP address', cert.ip],
    ['User agent', cert.userAgent.slice(0, 90) || '-'],
    ['Verification reference', cert.verificationReference ?? '-'],
    ['Document SHA-256', cert.documentSha256],
  ];
  rows.forEach(([label, value], i) => {
    const y = 740 - i * 24;
    page.drawText(label, { x: 50, y, size: 9, font: bold });
    page.drawText(value.replace(/[^\x20-\x7E]/g, '?'), { x: 180, y, size: 9, font });
  });
  pdf.setTitle(cert.title);
  pdf.setCreationDate(cert.signedAt);
  pdf.setModificationDate(cert.signedAt);
  return Buffer.from(await pdf.save());
}
