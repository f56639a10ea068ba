import { deflateSync } from 'node:zlib';

/**
 * A PDF written front to back while it is produced: each finished page (content stream and page
 * object) goes out at once and only the cross-reference offsets stay behind, so memory does not
 * grow with the page count. What is known only at the end — the page tree, the shared resources,
 * the embedded font subsets, the total page count — are objects written last, referred to by
 * numbers reserved up front (PDF allows objects in any order).
 *
 * The fonts, Helvetica and an embedded TrueType subset for what WinAnsi cannot show, are in
 * pdf-fonts.ts.
 */

export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;

/** A PDF text string in UTF-16 (any character, no escaping). */
export function textString(text: string): string {
  let hex = '<FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return `${hex}>`;
}

/** A number for a content stream: at most two decimals. */
export function num(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** Objects written in order with their byte offsets; output is collected until taken. */
export class PdfOut {
  private readonly offsets: number[] = [0];
  private size = 0;
  private pending: Buffer[] = [];

  constructor() {
    // The binary comment tells transfer programs the file is not text.
    this.write(Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'));
  }

  private write(b: Buffer): void {
    this.pending.push(b);
    this.size += b.length;
  }

  /** A number for an object written later. */
  reserve(): number {
    this.offsets.push(-1);
    return this.offsets.length - 1;
  }

  object(body: string, id = this.reserve()): number {
    this.offsets[id] = this.size;
    this.write(Buffer.from(`${id} 0 obj\n${body}\nendobj\n`, 'latin1'));
    return id;
  }

  /** A deflated stream object; `dict` holds the entries besides /Length and /Filter. */
  stream(dict: string, data: Buffer, id = this.reserve()): number {
    const packed = deflateSync(data, { level: 6 });
    this.offsets[id] = this.size;
    this.write(
      Buffer.from(
        `${id} 0 obj\n<< ${dict} /Length ${packed.length} /Filter /FlateDecode >>\nstream\n`,
        'latin1',
      ),
    );
    this.write(packed);
    this.write(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    return id;
  }

  get hasOutput(): boolean {
    return this.pending.length > 0;
  }

  /** The bytes written since the last call. */
  take(): Buffer {
    const out =
      this.pending.length === 1 ? (this.pending[0] ?? Buffer.alloc(0)) : Buffer.concat(this.pending);
    this.pending = [];
    return out;
  }

  /** Cross-reference table and trailer; every reserved object must have been written. */
  end(root: number, info: number): void {
    const at = this.size;
    let xref = `xref\n0 ${this.offsets.length}\n0000000000 65535 f \n`;
    for (const [id, offset] of this.offsets.entries()) {
      if (id === 0) continue;
      if (offset < 0) throw new Error(`PDF object ${id} was reserved but never written`);
      xref += `${String(offset).padStart(10, '0')} 00000 n \n`;
    }
    this.write(
      Buffer.from(
        `${xref}trailer\n<< /Size ${this.offsets.length} /Root ${root} 0 R /Info ${info} 0 R >>\nstartxref\n${at}\n%%EOF\n`,
        'latin1',
      ),
    );
  }
}
