import { setTimeout as delay } from 'node:timers/promises';
import { formatField, formatMoney, isCurrencyCode, PROVIDER_ENTITIES } from '@portal/domain';
import { createPdf, FONT, FONT_BOLD, PAGE_MARGIN } from '../../../adapters/pdf/pdf.ts';
import { money } from '../../wallets/money.ts';
import {
  describe,
  isoDate,
  lastDay,
  type LineSource,
  type StatementModel,
  type StatementSection,
} from '../statement-model.ts';

/**
 * PDF statement (issue 19: statements that read well). Amounts carry thousands separators and the
 * currency's exponent (the domain's `formatMoney`, as in the browser) and stand right-aligned;
 * description and counterparty are separate columns that wrap; the header names the company,
 * wallet, IBAN, BIC, period and the opening and closing balance of each currency; every page says
 * "Page N of M".
 *
 * Streaming is kept: rows are read a page at a time and the writer pauses while more than 1 MiB
 * waits unread. "of M" needs the page count before the first page is sent, so the rows are read
 * twice — a first pass measures the wrapped row heights and lays out the pages (nothing is kept but
 * the count), the second draws the same layout. Memory stays flat for any period.
 */

const COLUMNS = [
  { title: 'Date', width: 50 },
  { title: 'Reference', width: 62 },
  { title: 'Description', width: 128, wrap: true },
  { title: 'Counterparty', width: 105, wrap: true },
  { title: 'Amount', width: 75, align: 'right' },
  { title: 'Balance', width: 75, align: 'right' },
] as const satisfies readonly { title: string; width: number; align?: 'right'; wrap?: boolean }[];
const FONT_SIZE = 7.5;
const PAD = 3;
/** Produced PDF bytes not yet read by the client; above this the writer waits (backpressure). */
const MAX_BUFFERED = 1 << 20;
/** Room kept at the bottom of each page for the "Page N of M" line. */
const FOOTER = 24;

/** Money as the statement shows it: the locale's grouping and the currency's exponent, exactly. */
export function statementAmount(minor: bigint, currency: string): string {
  return isCurrencyCode(currency)
    ? formatMoney(minor, currency, 'en-GB')
    : `${money(minor, currency)} ${currency}`;
}

type Cells = readonly string[];

/** Lays rows out on pages; draws only when `draw` is set, so both passes break pages alike. */
class Pager {
  page = 1;
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly draw: { total: number } | null,
  ) {}

  get bottom(): number {
    return this.doc.page.height - PAGE_MARGIN - FOOTER;
  }

  rowHeight(cells: Cells, bold = false): number {
    const doc = this.doc;
    doc.font(bold ? FONT_BOLD : FONT).fontSize(FONT_SIZE);
    let h = 0;
    for (const [i, col] of COLUMNS.entries()) {
      const text = cells[i] ?? '';
      const height =
        'wrap' in col && col.wrap
          ? doc.heightOfString(text || ' ', { width: col.width - PAD * 2 })
          : doc.currentLineHeight(true);
      h = Math.max(h, height);
    }
    return h + PAD;
  }

  /** Starts a new page when `height` does not fit; the column titles repeat on it. */
  ensure(height: number, withHeader: boolean): void {
    if (this.doc.y + height <= this.bottom) return;
    this.newPage();
    if (withHeader)
      this.row(
        COLUMNS.map((c) => c.title),
        true,
      );
  }

  newPage(): void {
    this.footer();
    this.doc.addPage();
    this.page += 1;
    this.doc.x = PAGE_MARGIN;
  }

  row(cells: Cells, bold = false): void {
    const doc = this.doc;
    const height = this.rowHeight(cells, bold);
    this.ensure(height, !bold);
    const y = doc.y;
    if (this.draw) {
      let x = PAGE_MARGIN;
      doc.font(bold ? FONT_BOLD : FONT).fontSize(FONT_SIZE);
      for (const [i, col] of COLUMNS.entries()) {
        const wraps = 'wrap' in col && col.wrap;
        doc.text(cells[i] ?? '', x + PAD, y, {
          width: col.width - PAD * 2,
          align: 'align' in col ? col.align : 'left',
          lineBreak: wraps,
          ...(wraps ? {} : { ellipsis: true }),
        });
        x += col.width;
      }
      if (bold) {
        doc
          .moveTo(PAGE_MARGIN, y + height - 1)
          .lineTo(PAGE_MARGIN + COLUMNS.reduce((w, c) => w + c.width, 0), y + height - 1)
          .lineWidth(0.5)
          .strokeColor('#999999')
          .stroke()
          .strokeColor('#000000');
      }
    }
    doc.x = PAGE_MARGIN;
    doc.y = y + height;
  }

  /** A line of text across the page (section titles, totals). */
  line(text: string, { bold = false, size = FONT_SIZE + 1 }: { bold?: boolean; size?: number } = {}): void {
    const doc = this.doc;
    doc.font(bold ? FONT_BOLD : FONT).fontSize(size);
    const height = doc.heightOfString(text, { width: doc.page.width - PAGE_MARGIN * 2 }) + 2;
    this.ensure(height, false);
    const y = doc.y;
    if (this.draw) doc.text(text, PAGE_MARGIN, y, { width: doc.page.width - PAGE_MARGIN * 2 });
    doc.x = PAGE_MARGIN;
    doc.y = y + height;
  }

  gap(points: number): void {
    this.doc.y += points;
  }

  /** "Page N of M" at the foot of the current page (margins lifted so no page is added). */
  footer(): void {
    if (!this.draw) return;
    const doc = this.doc;
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(FONT)
      .fontSize(7.5)
      .fillColor('#555555')
      .text(`Page ${this.page} of ${this.draw.total}`, PAGE_MARGIN, doc.page.height - PAGE_MARGIN + 8, {
        width: doc.page.width - PAGE_MARGIN * 2,
        align: 'right',
        lineBreak: false,
      })
      .fillColor('#000000');
    doc.page.margins.bottom = bottom;
  }
}

/** Opening balance of the first month and closing balance of the last, per currency. */
function currencyTotals(model: StatementModel) {
  const out = new Map<string, { opening: bigint; closing: bigint }>();
  for (const s of model.sections) {
    const seen = out.get(s.currency);
    out.set(s.currency, { opening: seen ? seen.opening : s.opening, closing: s.closing });
  }
  return out;
}

function headerBlock(pager: Pager, model: StatementModel): void {
  const bic = PROVIDER_ENTITIES[model.platform].bank.bic;
  pager.line(`Account holder: ${model.companyName}`, { bold: true, size: 9.5 });
  pager.line(`Account: ${model.wallet.uiName}`, { size: 9 });
  pager.line(`IBAN: ${model.iban ? formatField('iban', model.iban) : '—'}    BIC: ${bic}`, { size: 9 });
  pager.line(`Period (UTC): ${isoDate(model.period.from)} to ${lastDay(model.period.to)}`, { size: 9 });
  for (const [currency, t] of currencyTotals(model))
    pager.line(
      `${currency}: opening balance ${statementAmount(t.opening, currency)}, closing balance ${statementAmount(t.closing, currency)}`,
      { size: 9 },
    );
  pager.line(`Generated: ${model.generatedAt.toISOString()}`, { size: 8 });
  pager.gap(8);
}

function rowCells(
  l: { valueDate: Date; reference: string | null; entryId: number; details: { counterparty?: string } },
  description: string,
  amount: bigint,
  running: bigint,
  currency: string,
): Cells {
  return [
    isoDate(l.valueDate),
    l.reference ?? String(l.entryId),
    description,
    l.details.counterparty ?? '',
    statementAmount(amount, currency),
    statementAmount(running, currency),
  ];
}

/** One pass over every section: measures only (draw = null) or draws with the known page count. */
async function layout(
  doc: PDFKit.PDFDocument,
  model: StatementModel,
  lines: LineSource,
  draw: { total: number } | null,
): Promise<number> {
  const pager = new Pager(doc, draw);
  headerBlock(pager, model);
  for (const s of model.sections) await section(doc, pager, s, lines, draw !== null);
  pager.footer();
  return pager.page;
}

async function section(
  doc: PDFKit.PDFDocument,
  pager: Pager,
  s: StatementSection,
  lines: LineSource,
  isDrawing: boolean,
): Promise<void> {
  const a = (v: bigint) => statementAmount(v, s.currency);
  // A section title never sits alone at the foot of a page.
  pager.ensure(60, false);
  pager.line(`${s.currency} ${s.month}`, { bold: true, size: 11 });
  pager.line(`Opening balance ${isoDate(s.from)}: ${a(s.opening)}`);
  pager.line(`Credits: ${a(s.credits)}   Debits: ${a(s.debits)}   Entries: ${s.count}`);
  pager.gap(3);
  pager.row(
    COLUMNS.map((c) => c.title),
    true,
  );
  let running = s.opening;
  let n = 0;
  for await (const l of lines(s)) {
    running += l.amount;
    pager.row(rowCells(l, describe(l), l.amount, running, s.currency));
    if (isDrawing && ++n % 200 === 0) {
      // The client went away: stop reading the database.
      if (doc.destroyed) return;
      while (doc.readableLength > MAX_BUFFERED && !doc.destroyed) await delay(5);
    }
  }
  pager.gap(3);
  pager.line(`Closing balance ${lastDay(s.to)}: ${a(s.closing)}`, { bold: true });
  pager.gap(8);
}

/**
 * PDF statement written while the client reads it (see the note at the top of this file).
 */
export async function writePdf(model: StatementModel, lines: LineSource): Promise<PDFKit.PDFDocument> {
  const meta = { title: model.title, platform: model.platform, reference: model.reference };
  const doc = await createPdf(meta);
  void (async () => {
    // Pass 1 on a scratch document: the same fonts and page size give the same page breaks.
    const scratch = await createPdf(meta);
    scratch.on('data', () => {});
    const total = await layout(scratch, model, lines, null);
    scratch.end();
    await layout(doc, model, lines, { total });
    doc.end();
  })().catch((err: unknown) => doc.destroy(err instanceof Error ? err : new Error(String(err))));
  return doc;
}
