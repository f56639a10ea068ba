import { PROVIDER_ENTITIES, type PlatformLabel } from '@portal/domain';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';

// Shared PDF pieces: statements, account letters, boarding forms and invoices all carry the
// provider entity of the platform and a Code 128 barcode of the document reference (spec §9).

export const PAGE_MARGIN = 50;
export const FONT = 'Helvetica';
export const FONT_BOLD = 'Helvetica-Bold';

export interface PdfMeta {
  title: string;
  platform: PlatformLabel;
  /** Document reference printed as text and as a Code 128 barcode. */
  reference: string;
}

/** A new A4 document (a Readable stream of PDF bytes) with the provider header on its first page. */
export async function createPdf(meta: PdfMeta): Promise<PDFKit.PDFDocument> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    bufferPages: false,
    info: { Title: meta.title, Author: PROVIDER_ENTITIES[meta.platform].legalName, Subject: meta.reference },
  });
  await drawHeader(doc, meta);
  return doc;
}

/** Provider entity block (legal name, registration, regulator, address, bank) and the barcode. */
export async function drawHeader(doc: PDFKit.PDFDocument, meta: PdfMeta): Promise<void> {
  const entity = PROVIDER_ENTITIES[meta.platform];
  const top = doc.y;
  doc.font(FONT_BOLD).fontSize(13).text(entity.legalName, PAGE_MARGIN, top, { width: 300 });
  doc.font(FONT).fontSize(7.5).fillColor('#444444');
  doc.text(entity.address, { width: 300 });
  doc.text(`${entity.registrationNumber}. ${entity.regulator}`, { width: 300 });
  doc.text(`Bank: ${entity.bank.name}, BIC ${entity.bank.bic}, ${entity.bank.address}`, { width: 300 });
  doc.text(`Support: ${entity.support.email}, ${entity.support.phone}, ${entity.support.hours}`, {
    width: 300,
  });
  const afterText = doc.y;
  await drawBarcode(doc, meta.reference, 370, top, 175);
  doc.fillColor('#000000');
  doc.y = Math.max(afterText, top + 62) + 14;
  doc.x = PAGE_MARGIN;
  doc.font(FONT_BOLD).fontSize(15).text(meta.title);
  doc.font(FONT).fontSize(9).text(`Document reference: ${meta.reference}`);
  doc.moveDown(0.8);
}

/** Code 128 barcode of `text` with the text under it, `width` points wide. */
export async function drawBarcode(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
): Promise<void> {
  const png = await bwipjs.toBuffer({
    bcid: 'code128',
    text,
    scale: 2,
    height: 10,
    includetext: true,
    textxalign: 'center',
  });
  doc.image(png, x, y, { fit: [width, 50], align: 'right' });
}

/** Writes one table row of fixed columns; adds a page (with the column titles again) when full. */
export function tableRow(
  doc: PDFKit.PDFDocument,
  columns: readonly { width: number; align?: 'left' | 'right' }[],
  cells: readonly string[],
  opts: { bold?: boolean; header?: readonly string[] } = {},
): void {
  const bottom = doc.page.height - PAGE_MARGIN - 20;
  if (doc.y + 12 > bottom) {
    doc.addPage();
    if (opts.header) tableRow(doc, columns, opts.header, { bold: true });
  }
  const y = doc.y;
  let x = PAGE_MARGIN;
  doc.font(opts.bold ? FONT_BOLD : FONT).fontSize(7.5);
  for (const [i, col] of columns.entries()) {
    doc.text(cells[i] ?? '', x, y, {
      width: col.width - 4,
      align: col.align ?? 'left',
      lineBreak: false,
      ellipsis: true,
    });
    x += col.width;
  }
  doc.x = PAGE_MARGIN;
  doc.y = y + 11;
}
