import { bicOfWalletIban, formatDateTime, formatField, PROVIDER_ENTITIES } from '@portal/domain';
import bwipjs from 'bwip-js/node';
import type { StatementLine } from '../../ledger/ledger.read.ts';
import { describe, isoDate, lastDay, type LineSource, type StatementModel } from '../statement-model.ts';
import { statementAmount } from './amounts.ts';
import { num, PAGE_HEIGHT, PAGE_WIDTH, PdfOut, textString } from './pdf-document.ts';
import { type Face, Fonts } from './pdf-fonts.ts';

/**
 * PDF statement (issue 19: statements that read well). Amounts carry thousands separators and the
 * currency's exponent (the domain's `formatMoney` text, as in the browser) and stand right-aligned;
 * description and counterparty are separate columns that wrap; the header names the company,
 * wallet, IBAN, BIC, period and the opening and closing balance of each currency; every page says
 * "Page N of M".
 *
 * Issue 15 (100,000 lines in < 5 s, < 50 MB): the file is written here object by object
 * (pdf-document.ts) in one pass over the lines. A finished page is compressed and sent at once;
 * nothing of it stays but its offset. "of M" is a form XObject that every footer draws and that
 * is written after the last page, when M is known — so the lines are read once, not twice.
 * Measuring is a lookup in the Helvetica width table per character; each row is one text object.
 */

const MARGIN = 50;
const COLUMNS = [
  { title: 'Date', width: 50 },
  { title: 'Reference', width: 62 },
  { title: 'Description', width: 128, wrap: true },
  { title: 'Counterparty', width: 105, wrap: true },
  { title: 'Amount', width: 75, align: 'right' },
  { title: 'Balance', width: 75, align: 'right' },
] as const satisfies readonly { title: string; width: number; align?: 'right'; wrap?: boolean }[];
const TABLE_WIDTH = COLUMNS.reduce((w, c) => w + c.width, 0);
const TITLES = COLUMNS.map((c) => c.title);
const FONT_SIZE = 7.5;
const PAD = 3;
/** Room kept at the bottom of each page for the "Page N of M" line. */
const FOOTER = 24;
const BOTTOM = PAGE_HEIGHT - MARGIN - FOOTER;
/** Line height (with Helvetica's line gap) and where the baseline sits, in ems. */
const LEADING = { regular: 1.156, bold: 1.19 };
const ASCENT = 0.718;
const DESCENT = 0.207;
/** A cell longer than this many lines is cut (a row must fit on a page). */
const MAX_LINES = 40;
const GREY_TEXT = '0.267 g';
const FOOTER_GREY = '0.333 g';

const baseline = (leading: number, size: number) => (ASCENT + (leading - ASCENT - DESCENT) / 2) * size;

/** Cuts `text` to `max` (thousandths of the size) with an ellipsis, in one pass. */
function ellipsize(face: Face, text: string, max: number): string {
  if (face.width(text) <= max) return text;
  const room = max - face.width('…');
  let width = 0;
  let end = 0;
  for (const ch of text) {
    width += face.width(ch);
    if (width > room) break;
    end += ch.length;
  }
  return `${text.slice(0, end)}…`;
}

/** Lines of at most `max` (thousandths of the size), broken at spaces, inside a word when it must. */
function wrap(face: Face, text: string, max: number): string[] {
  if (face.width(text) <= max) return [text];
  const lines: string[] = [];
  const space = face.width(' ');
  let line = '';
  let width = 0;
  for (const word of text.split(/ +/)) {
    const w = face.width(word);
    if (line !== '' && width + space + w <= max) {
      line += ` ${word}`;
      width += space + w;
      continue;
    }
    if (line !== '') lines.push(line);
    line = '';
    width = 0;
    if (lines.length > MAX_LINES) break;
    if (w <= max) {
      line = word;
      width = w;
      continue;
    }
    // A word wider than the column is broken where it must.
    for (const ch of word) {
      if (lines.length > MAX_LINES) break;
      const cw = face.width(ch);
      if (line !== '' && width + cw > max) {
        lines.push(line);
        line = '';
        width = 0;
      }
      line += ch;
      width += cw;
    }
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  if (lines.length > MAX_LINES) {
    lines.length = MAX_LINES;
    lines[MAX_LINES - 1] = ellipsize(face, `${lines[MAX_LINES - 1]}…`, max);
  }
  return lines;
}

const isControl = (c: number) => c < 0x20 || (c >= 0x7f && c < 0xa0);

/** Control characters (line breaks, tabs) become spaces: cells are laid out by the wrapping here. */
function clean(text: string): string {
  let i = 0;
  while (i < text.length && !isControl(text.charCodeAt(i))) i++;
  if (i === text.length) return text;
  let out = text.slice(0, i);
  for (; i < text.length; i++) out += isControl(text.charCodeAt(i)) ? ' ' : text[i];
  return out;
}

/** Text objects of one page, positioned from the top-left as the layout thinks. */
class TextRun {
  private out = 'BT\n';
  private face: Face | null = null;
  private size = 0;
  private x = 0;
  private y = 0;

  show(face: Face, size: number, x: number, top: number, text: string): void {
    if (face !== this.face || size !== this.size) {
      this.out += `/${face.name} ${size} Tf\n`;
      this.face = face;
      this.size = size;
    }
    const px = Math.round(x * 100) / 100;
    const py = Math.round((PAGE_HEIGHT - top) * 100) / 100;
    this.out += `${num(px - this.x)} ${num(py - this.y)} Td ${face.show(text)} Tj\n`;
    this.x = px;
    this.y = py;
  }

  end(): string {
    return `${this.out}ET\n`;
  }
}

class StatementPdf {
  readonly out = new PdfOut();
  readonly fonts = new Fonts();
  private readonly catalog = this.out.reserve();
  private readonly pages = this.out.reserve();
  private readonly resources = this.out.reserve();
  /** Form XObject holding the page count, written at the end. */
  private readonly total = this.out.reserve();
  private readonly kids: number[] = [];
  private content = '';
  page = 1;
  y = MARGIN;

  /** Starts a new page when `height` does not fit; the column titles repeat on it. */
  ensure(height: number, withTitles: boolean): void {
    if (this.y + height <= BOTTOM) return;
    this.newPage();
    if (withTitles) this.row(TITLES, true);
  }

  newPage(): void {
    this.finishPage();
    this.page += 1;
    this.y = MARGIN;
  }

  /** "Page N of " and the page count's XObject after it, then the page goes out. */
  private finishPage(): void {
    const label = `Page ${this.page} of `;
    const y = num(PAGE_HEIGHT - (PAGE_HEIGHT - MARGIN + 8 + baseline(LEADING.regular, FONT_SIZE)));
    const after = num(MARGIN + (this.fonts.regular.width(label) * FONT_SIZE) / 1000);
    this.content += `${FOOTER_GREY}\nBT /F1 ${FONT_SIZE} Tf ${MARGIN} ${y} Td ${this.fonts.regular.show(label)} Tj ET\nq 1 0 0 1 ${after} ${y} cm /TP Do Q\n0 g\n`;
    const contents = this.out.stream('', Buffer.from(this.content, 'latin1'));
    this.content = '';
    this.kids.push(
      this.out.object(
        `<< /Type /Page /Parent ${this.pages} 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources ${this.resources} 0 R /Contents ${contents} 0 R >>`,
      ),
    );
  }

  /** One table row; cells that wrap make it taller. */
  row(cells: readonly string[], bold = false): void {
    const leading = (bold ? LEADING.bold : LEADING.regular) * FONT_SIZE;
    const faces: Face[] = [];
    const lines: string[][] = [];
    let count = 1;
    for (const [i, col] of COLUMNS.entries()) {
      const text = clean(cells[i] ?? '');
      const face = this.fonts.face(text, bold);
      const max = ((col.width - PAD * 2) * 1000) / FONT_SIZE;
      const cell = 'wrap' in col ? wrap(face, text, max) : [ellipsize(face, text, max)];
      faces.push(face);
      lines.push(cell);
      if (cell.length > count) count = cell.length;
    }
    const height = count * leading + PAD;
    this.ensure(height, !bold);
    const top = this.y;
    const base = baseline(bold ? LEADING.bold : LEADING.regular, FONT_SIZE);
    const run = new TextRun();
    let x = MARGIN;
    for (const [i, col] of COLUMNS.entries()) {
      const face = faces[i] as Face;
      for (const [j, text] of (lines[i] ?? []).entries()) {
        if (text === '') continue;
        const at = 'align' in col ? x + col.width - PAD - (face.width(text) * FONT_SIZE) / 1000 : x + PAD;
        run.show(face, FONT_SIZE, at, top + j * leading + base, text);
      }
      x += col.width;
    }
    this.content += run.end();
    if (bold) {
      const y = num(PAGE_HEIGHT - (top + height - 1));
      this.content += `q 0.5 w 0.6 G ${MARGIN} ${y} m ${MARGIN + TABLE_WIDTH} ${y} l S Q\n`;
    }
    this.y = top + height;
  }

  /** Text across the page (section titles, totals), wrapped; `gap` below it. */
  line(
    text: string,
    o: { bold?: boolean; size?: number; x?: number; width?: number; colour?: string; gap?: number } = {},
  ): void {
    const { bold = false, size = FONT_SIZE + 1, x = MARGIN, width = PAGE_WIDTH - MARGIN * 2, gap = 2 } = o;
    const clear = clean(text);
    const face = this.fonts.face(clear, bold);
    const leading = (bold ? LEADING.bold : LEADING.regular) * size;
    const lines = wrap(face, clear, (width * 1000) / size);
    this.ensure(lines.length * leading + gap, false);
    const run = new TextRun();
    const base = baseline(bold ? LEADING.bold : LEADING.regular, size);
    for (const [j, l] of lines.entries()) run.show(face, size, x, this.y + j * leading + base, l);
    this.content += o.colour ? `${o.colour}\n${run.end()}0 g\n` : run.end();
    this.y += lines.length * leading + gap;
  }

  gap(points: number): void {
    this.y += points;
  }

  /** Code 128 of `text` as bars (crisp at any zoom), right-aligned in a box, the text under it. */
  barcode(text: string, x: number, top: number, width: number): void {
    const [symbol] = bwipjs.raw({ bcid: 'code128', text });
    const sbs = symbol && 'sbs' in symbol ? symbol.sbs : [];
    const modules = sbs.reduce((n, v) => n + v, 0);
    if (modules === 0) return;
    const unit = Math.min(1, width / modules);
    const height = 34;
    let at = x + width - modules * unit;
    const y = num(PAGE_HEIGHT - top - height);
    let bars = '';
    for (const [i, w] of sbs.entries()) {
      if (i % 2 === 0) bars += `${num(at)} ${y} ${num(w * unit)} ${height} re\n`;
      at += w * unit;
    }
    this.content += `${bars}f\n`;
    const face = this.fonts.regular;
    const run = new TextRun();
    const centre = x + width - (modules * unit) / 2;
    run.show(face, 8, centre - (face.width(text) * 8) / 2000, top + height + 2 + ASCENT * 8, text);
    this.content += run.end();
  }

  /** Provider entity block and barcode (as every document of the platform starts), title, reference. */
  documentHeader(model: StatementModel): void {
    const entity = PROVIDER_ENTITIES[model.platform];
    const top = this.y;
    this.line(entity.legalName, { bold: true, size: 13, width: 300, gap: 0 });
    const small = { size: 7.5, width: 300, colour: GREY_TEXT, gap: 0 };
    this.line(entity.address, small);
    this.line(`${entity.registrationNumber}. ${entity.regulator}`, small);
    this.line(`Bank: ${entity.bank.name}, BIC ${entity.bank.bic}, ${entity.bank.address}`, small);
    this.line(`Support: ${entity.support.email}, ${entity.support.phone}, ${entity.support.hours}`, small);
    const afterText = this.y;
    this.barcode(model.reference, 370, top, 175);
    this.y = Math.max(afterText, top + 62) + 14;
    this.line(model.title, { bold: true, size: 15, gap: 0 });
    this.line(`Document reference: ${model.reference}`, { size: 9, gap: 0 });
    this.gap(0.8 * LEADING.regular * 9);
  }

  /** The last page, then the objects that needed it: page count, fonts, resources, page tree. */
  end(model: StatementModel): void {
    this.finishPage();
    const count = String(this.page);
    const form = `${FOOTER_GREY} BT /F1 ${FONT_SIZE} Tf 0 0 Td ${this.fonts.regular.show(count)} Tj ET`;
    this.out.stream(
      `/Type /XObject /Subtype /Form /BBox [0 -5 ${num((this.fonts.regular.width(count) * FONT_SIZE) / 1000 + 1)} 10] /Resources ${this.resources} 0 R`,
      Buffer.from(form, 'latin1'),
      this.total,
    );
    this.out.object(
      `<< /Font ${this.fonts.finish(this.out)} /XObject << /TP ${this.total} 0 R >> /ProcSet [/PDF /Text] >>`,
      this.resources,
    );
    this.out.object(
      `<< /Type /Pages /Kids [${this.kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${this.kids.length} >>`,
      this.pages,
    );
    this.out.object(`<< /Type /Catalog /Pages ${this.pages} 0 R >>`, this.catalog);
    const entity = PROVIDER_ENTITIES[model.platform];
    const created = model.generatedAt.toISOString().replace(/[-:T]/g, '').slice(0, 14);
    const info = this.out.object(
      `<< /Title ${textString(model.title)} /Author ${textString(entity.legalName)} /Subject ${textString(model.reference)} /Producer (portal statements) /CreationDate (D:${created}Z) >>`,
    );
    this.out.end(this.catalog, info);
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

function statementHeader(pdf: StatementPdf, model: StatementModel): void {
  const bic = (model.iban && bicOfWalletIban(model.iban)) || '—';
  pdf.line(`Account holder: ${model.companyName}`, { bold: true, size: 9.5 });
  pdf.line(`Account: ${model.wallet.uiName}`, { size: 9 });
  pdf.line(`IBAN: ${model.iban ? formatField('iban', model.iban) : '—'}    BIC: ${bic}`, { size: 9 });
  pdf.line(`Period (UTC): ${isoDate(model.period.from)} to ${lastDay(model.period.to)}`, { size: 9 });
  for (const [currency, t] of currencyTotals(model))
    pdf.line(
      `${currency}: opening balance ${statementAmount(t.opening, currency)}, closing balance ${statementAmount(t.closing, currency)}`,
      { size: 9 },
    );
  // A reader's date and time, not an ISO timestamp (issue 36); statements are in UTC throughout.
  pdf.line(`Generated: ${formatDateTime(model.generatedAt, 'en-GB', 'UTC')} UTC`, { size: 8 });
  pdf.gap(8);
}

function rowCells(l: StatementLine, running: bigint, currency: string): string[] {
  return [
    isoDate(l.valueDate),
    l.reference ?? String(l.entryId),
    describe(l),
    l.details.counterparty ?? '',
    statementAmount(l.amount, currency),
    statementAmount(running, currency),
  ];
}

/**
 * PDF statement written while the client reads it (see the note at the top of this file): each
 * yielded chunk is one or more finished pages, so a slow reader holds back the reading of lines.
 */
export async function* writePdf(model: StatementModel, lines: LineSource): AsyncGenerator<Buffer> {
  const pdf = new StatementPdf();
  pdf.documentHeader(model);
  statementHeader(pdf, model);
  for (const s of model.sections) {
    const a = (v: bigint) => statementAmount(v, s.currency);
    // A section title never sits alone at the foot of a page.
    pdf.ensure(60, false);
    pdf.line(`${s.currency} ${s.month}`, { bold: true, size: 11 });
    pdf.line(`Opening balance ${isoDate(s.from)}: ${a(s.opening)}`);
    pdf.line(`Credits: ${a(s.credits)}   Debits: ${a(s.debits)}   Entries: ${s.count}`);
    pdf.gap(3);
    pdf.row(TITLES, true);
    let running = s.opening;
    for await (const l of lines(s)) {
      running += l.amount;
      pdf.row(rowCells(l, running, s.currency));
      if (pdf.out.hasOutput) yield pdf.out.take();
    }
    pdf.gap(3);
    pdf.line(`Closing balance ${lastDay(s.to)}: ${a(s.closing)}`, { bold: true });
    pdf.gap(8);
  }
  pdf.end(model);
  yield pdf.out.take();
}
