import { setTimeout as delay } from 'node:timers/promises';
import { createPdf, FONT, FONT_BOLD, PAGE_MARGIN, tableRow } from '../../../adapters/pdf/pdf.ts';
import { money } from '../../wallets/money.ts';
import { describe, isoDate, lastDay, type LineSource, type StatementModel } from '../statement-model.ts';

const COLUMNS = [
  { width: 52 },
  { width: 70 },
  { width: 150 },
  { width: 95 },
  { width: 64, align: 'right' },
  { width: 64, align: 'right' },
] as const;
const HEADER = ['Value date', 'Reference', 'Description', 'Counterparty', 'Amount', 'Balance'] as const;
/** Produced PDF bytes not yet read by the client; above this the writer waits (backpressure). */
const MAX_BUFFERED = 1 << 20;

/**
 * PDF statement written while the client reads it: rows are fetched a page at a time and the
 * writer pauses while more than 1 MiB waits unread, so memory stays flat for any period.
 */
export async function writePdf(model: StatementModel, lines: LineSource): Promise<PDFKit.PDFDocument> {
  const doc = await createPdf({ title: model.title, platform: model.platform, reference: model.reference });
  doc.font(FONT).fontSize(9);
  doc.text(`Account holder: ${model.companyName}`);
  doc.text(`Account: ${model.wallet.uiName}${model.iban ? `, IBAN ${model.iban}` : ''}`);
  doc.text(`Period (UTC): ${isoDate(model.period.from)} to ${lastDay(model.period.to)}`);
  doc.text(`Generated: ${model.generatedAt.toISOString()}`);
  doc.moveDown();
  void fill(doc, model, lines).catch((err: unknown) =>
    doc.destroy(err instanceof Error ? err : new Error(String(err))),
  );
  return doc;
}

async function fill(doc: PDFKit.PDFDocument, model: StatementModel, lines: LineSource): Promise<void> {
  for (const s of model.sections) {
    const m = (v: bigint) => money(v, s.currency);
    if (doc.y > doc.page.height - 160) doc.addPage();
    doc.font(FONT_BOLD).fontSize(11).text(`${s.currency} ${s.month}`, PAGE_MARGIN);
    doc.font(FONT).fontSize(8.5);
    doc.text(`Opening balance ${isoDate(s.from)}: ${m(s.opening)} ${s.currency}`);
    doc.text(`Credits: ${m(s.credits)}   Debits: ${m(s.debits)}   Entries: ${s.count}`);
    doc.moveDown(0.4);
    tableRow(doc, COLUMNS, HEADER, { bold: true });
    let running = s.opening;
    let n = 0;
    for await (const l of lines(s)) {
      running += l.amount;
      tableRow(
        doc,
        COLUMNS,
        [
          isoDate(l.valueDate),
          l.reference ?? String(l.entryId),
          describe(l),
          l.details.counterparty ?? '',
          m(l.amount),
          m(running),
        ],
        { header: HEADER },
      );
      if (++n % 200 === 0) {
        // The client went away: stop reading the database.
        if (doc.destroyed) return;
        while (doc.readableLength > MAX_BUFFERED && !doc.destroyed) await delay(5);
      }
    }
    doc.moveDown(0.3);
    doc
      .font(FONT_BOLD)
      .fontSize(8.5)
      .text(`Closing balance ${lastDay(s.to)}: ${m(s.closing)} ${s.currency}`, PAGE_MARGIN);
    doc.moveDown();
  }
  doc.end();
}
