import type { AppFileExtension } from '@portal/domain';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream } from '@cantoo/pdf-lib';
import { DomainError } from '../../http/errors.ts';

const PDF_MAGIC = Buffer.from('%PDF-');
const SAMPLE_LINES = 200;
const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * Uploads are judged by content, not by name (design §7): a .pdf must start with the PDF
 * header; a .csv must be UTF-8 text without NUL or control bytes, not markup, with one
 * delimiter used the same number of times on every sampled row.
 */
export function contentMatches(ext: AppFileExtension, bytes: Buffer): boolean {
  return ext === 'pdf' ? isPdf(bytes) : isCsv(bytes);
}

function isPdf(bytes: Buffer): boolean {
  return (
    bytes.length > PDF_MAGIC.length &&
    bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC) &&
    bytes.includes('%%EOF') &&
    // A real PDF has objects and a cross-reference (table or stream), not just the two markers.
    /\d+\s+\d+\s+obj\b/.test(bytes.toString('latin1')) &&
    (bytes.includes('xref') || bytes.includes('/XRef')) &&
    !pdfActiveContentRaw(bytes)
  );
}

// ---- issue 17: hostile files ----------------------------------------------------------------------

/** Names that make a PDF do something when opened: scripts, actions, launches, attachments, forms. */
const ACTIVE_PDF_NAMES = [
  'JavaScript',
  'JS',
  'OpenAction',
  'AA',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'XFA',
  'SubmitForm',
  'ImportData',
  'GoToR',
  'GoToE',
] as const;

/**
 * A byte scan for active names, hex escapes (`/J#61vaScript`) decoded first; catches what sits in
 * plain objects even when the structure does not parse. Returns the name found.
 */
export function pdfActiveContentRaw(bytes: Buffer): string | undefined {
  const text = bytes
    .toString('latin1')
    .replace(/#([0-9a-fA-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  for (const name of ACTIVE_PDF_NAMES) {
    if (new RegExp(`/${name}(?![A-Za-z0-9])`).test(text)) return name;
  }
  return undefined;
}

export type UploadVerdict =
  | { ok: true }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'active'; what: string }
  | { ok: false; reason: 'formula'; row: number; column: number };

/** A PDF takes at most this long to parse before it is refused (a bound for the verification run). */
export const PDF_PARSE_TIMEOUT_MS = 10_000;

/**
 * The full check of an upload (every upload area: boarding files, message attachments, bulk
 * payment files): the quick content test above, then a PDF is parsed by a real parser (pdf-lib),
 * must have a page, and is refused when any object — compressed object streams included — carries
 * JavaScript, an /OpenAction or /AA action, /Launch, embedded files, rich media or XFA; a CSV is
 * refused at the first cell that starts a spreadsheet formula, with its row and column (1-based).
 */
export async function inspectUpload(ext: AppFileExtension, bytes: Buffer): Promise<UploadVerdict> {
  if (ext === 'pdf') {
    if (!bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return { ok: false, reason: 'invalid' };
    const raw = pdfActiveContentRaw(bytes);
    if (raw) return { ok: false, reason: 'active', what: raw };
    return parsePdf(bytes);
  }
  if (!contentMatches(ext, bytes)) return { ok: false, reason: 'invalid' };
  const cell = csvFormulaCell(bytes);
  return cell ? { ok: false, reason: 'formula', ...cell } : { ok: true };
}

/**
 * Every upload area refuses the same way: active content and formula cells with their own §8-style
 * messages, anything else (empty, wrong content) with the area's "not a valid file" error.
 */
export async function refuseHostileUpload(
  ext: AppFileExtension,
  bytes: Buffer,
  invalid: () => DomainError,
): Promise<void> {
  const verdict =
    bytes.length === 0 ? ({ ok: false, reason: 'invalid' } as const) : await inspectUpload(ext, bytes);
  if (verdict.ok) return;
  if (verdict.reason === 'active') throw new DomainError('FILE_ACTIVE_CONTENT', { what: verdict.what });
  if (verdict.reason === 'formula')
    throw new DomainError('FILE_CSV_FORMULA', { row: verdict.row, column: verdict.column });
  throw invalid();
}

async function parsePdf(bytes: Buffer): Promise<UploadVerdict> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('pdf parse timeout')), PDF_PARSE_TIMEOUT_MS);
  });
  try {
    const doc = await Promise.race([
      PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true }),
      timeout,
    ]);
    if (doc.getPageCount() < 1) return { ok: false, reason: 'invalid' };
    for (const [, obj] of doc.context.enumerateIndirectObjects()) {
      const found = activeIn(obj);
      if (found) return { ok: false, reason: 'active', what: found };
    }
    return { ok: true };
  } catch {
    return { ok: false, reason: 'invalid' };
  } finally {
    clearTimeout(timer);
  }
}

function activeIn(obj: unknown, depth = 0): string | undefined {
  if (depth > 16) return undefined;
  const dict = obj instanceof PDFDict ? obj : obj instanceof PDFStream ? obj.dict : undefined;
  if (dict) {
    for (const [key, value] of dict.entries()) {
      const k = key.decodeText();
      if ((ACTIVE_PDF_NAMES as readonly string[]).includes(k)) return k;
      if (k === 'S' && value instanceof PDFName) {
        const action = value.decodeText();
        if ((ACTIVE_PDF_NAMES as readonly string[]).includes(action)) return action;
      }
      const inner = activeIn(value, depth + 1);
      if (inner) return inner;
    }
    if (obj instanceof PDFRawStream) {
      const type = dict.get(PDFName.of('Type'));
      if (type instanceof PDFName && type.decodeText() === 'EmbeddedFile') return 'EmbeddedFile';
    }
  }
  if (obj instanceof PDFArray) {
    for (const v of obj.asArray()) {
      const inner = activeIn(v, depth + 1);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** A cell a spreadsheet would run: starts with = + - @ (or tab/CR before one), unless it is a plain number. */
export function isFormulaCell(cell: string): boolean {
  const v = cell.replace(/^"|"$/g, '');
  if (!/^[=+\-@\t\r]/.test(v)) return false;
  return !/^[+-]?\d[\d\s.,]*$/.test(v.trim());
}

/** The first formula cell of a CSV upload, 1-based, or undefined. */
export function csvFormulaCell(bytes: Buffer): { row: number; column: number } | undefined {
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/);
  const sample = lines.filter((l) => l.trim() !== '').slice(0, SAMPLE_LINES);
  const delimiter =
    DELIMITERS.find((d) => {
      const counts = sample.map((l) => countOutsideQuotes(l, d));
      return (counts[0] ?? 0) > 0 && counts.every((c) => c === counts[0]);
    }) ?? ',';
  for (let r = 0; r < lines.length; r++) {
    const cells = splitCsvLine(lines[r] ?? '', delimiter);
    for (let c = 0; c < cells.length; c++) {
      if (isFormulaCell(cells[c] ?? '')) return { row: r + 1, column: c + 1 };
    }
  }
  return undefined;
}

function splitCsvLine(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cur = '';
  let inQuotes = false;
  for (const ch of line) {
    if (ch === '"') inQuotes = !inQuotes;
    if (ch === delimiter && !inQuotes) {
      cells.push(cur);
      cur = '';
    } else cur += ch;
  }
  cells.push(cur);
  return cells;
}

/**
 * Download-side neutralisation for CSV that was stored before the upload rule (or comes from
 * elsewhere): every formula cell gets a leading apostrophe, so a spreadsheet shows it as text.
 */
export function neutraliseCsv(bytes: Buffer): Buffer {
  if (!csvFormulaCell(bytes)) return bytes;
  const text = new TextDecoder('utf-8').decode(bytes);
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const body = bom ? text.slice(1) : text;
  const lines = body.split(/(\r?\n)/);
  const sample = body
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, SAMPLE_LINES);
  const delimiter =
    DELIMITERS.find((d) => {
      const counts = sample.map((l) => countOutsideQuotes(l, d));
      return (counts[0] ?? 0) > 0 && counts.every((c) => c === counts[0]);
    }) ?? ',';
  const out = lines.map((part) => {
    if (/^\r?\n$/.test(part)) return part;
    return splitCsvLine(part, delimiter)
      .map((cell) => {
        if (!isFormulaCell(cell)) return cell;
        return cell.startsWith('"') ? `"'${cell.slice(1)}` : `'${cell}`;
      })
      .join(delimiter);
  });
  return Buffer.from(bom + out.join(''), 'utf8');
}

function isCsv(bytes: Buffer): boolean {
  if (bytes.length === 0) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // Control characters other than tab, CR and LF never occur in CSV text (NUL marks binaries).
  if (hasControlChars(text)) return false;
  const body = text.replace(/^\uFEFF/, '');
  if (/^\s*<(!doctype|html|head|body|script|svg|\?xml)/i.test(body)) return false;
  const lines = body
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, SAMPLE_LINES);
  if (lines.length === 0) return false;
  return DELIMITERS.some((d) => {
    const counts = lines.map((l) => countOutsideQuotes(l, d));
    const first = counts[0] ?? 0;
    return first > 0 && counts.every((c) => c === first);
  });
}

function countOutsideQuotes(line: string, delimiter: string): number {
  let inQuotes = false;
  let n = 0;
  for (const ch of line) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (ch === delimiter && !inQuotes) n++;
  }
  return n;
}

/** Control characters other than tab, LF and CR. */
function hasControlChars(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 9 && c !== 10 && c !== 13) || c === 0x7f) return true;
  }
  return false;
}
