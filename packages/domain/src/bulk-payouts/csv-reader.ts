/** One record of a CSV file: the line it starts on (1-based) and its cells. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export type CsvRead =
  | { ok: true; records: CsvRecord[] }
  | { ok: false; code: 'BULK_CSV_UNTERMINATED_QUOTE'; line: number }
  | { ok: false; code: 'BULK_TOO_MANY_ROWS'; count: number };

/**
 * RFC 4180 reader: quoted cells may hold the delimiter, doubled quotes and line breaks (a payee's
 * address pasted from a spreadsheet); CRLF, LF and lone CR end records; blank lines are skipped.
 * Stops counting once `maxRecords` is passed, so a huge file is refused without reading it all.
 */
export function readCsv(text: string, delimiter: string, maxRecords = Number.POSITIVE_INFINITY): CsvRead {
  const records: CsvRecord[] = [];
  const n = text.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const startLine = line;
    const cells: string[] = [];
    let cell = '';
    let endOfRecord = false;
    while (!endOfRecord) {
      if (i >= n) {
        cells.push(cell);
        break;
      }
      const ch = text.charAt(i);
      if (ch === '"' && cell.trim() === '') {
        // A quoted cell (whitespace before the opening quote is dropped).
        i++;
        let value = '';
        for (;;) {
          const q = text.indexOf('"', i);
          if (q === -1) return { ok: false, code: 'BULK_CSV_UNTERMINATED_QUOTE', line: startLine };
          const part = text.slice(i, q);
          for (const c of part) if (c === '\n') line++;
          line -= countCrlfOnly(part);
          value += part;
          if (text.charAt(q + 1) === '"') {
            value += '"';
            i = q + 2;
            continue;
          }
          i = q + 1;
          break;
        }
        cell = value;
        // Anything between the closing quote and the delimiter is kept (lenient, as spreadsheets are).
        while (i < n) {
          const c = text.charAt(i);
          if (c === delimiter || c === '\n' || c === '\r') break;
          cell += c;
          i++;
        }
        continue;
      }
      if (ch === delimiter) {
        cells.push(cell);
        cell = '';
        i++;
        continue;
      }
      if (ch === '\n' || ch === '\r') {
        cells.push(cell);
        i += ch === '\r' && text.charAt(i + 1) === '\n' ? 2 : 1;
        line++;
        endOfRecord = true;
        continue;
      }
      cell += ch;
      i++;
    }
    const blank = cells.length === 1 && (cells[0] ?? '').trim() === '';
    if (!blank) {
      records.push({ line: startLine, cells });
      if (records.length > maxRecords)
        return { ok: false, code: 'BULK_TOO_MANY_ROWS', count: records.length };
    }
  }
  return { ok: true, records };
}

/** Line breaks inside a quoted cell: `\r\n` counts once, lone `\r` counts too. */
function countCrlfOnly(part: string): number {
  // `\n` were counted by the caller; a lone `\r` adds a line, `\r\n` was already counted via `\n`.
  let loneCr = 0;
  for (let k = 0; k < part.length; k++) {
    if (part.charAt(k) === '\r' && part.charAt(k + 1) !== '\n') loneCr++;
  }
  return -loneCr;
}

/** The header line (up to the first line break). */
export function firstLine(text: string): string {
  const end = text.search(/\r|\n/);
  return end === -1 ? text : text.slice(0, end);
}
