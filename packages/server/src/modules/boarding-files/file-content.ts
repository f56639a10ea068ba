import type { AppFileExtension } from '@portal/domain';

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
    bytes.includes('%%EOF')
  );
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
