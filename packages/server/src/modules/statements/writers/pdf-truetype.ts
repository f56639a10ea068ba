/**
 * The little of TrueType the statement PDF needs to show text that WinAnsi (Helvetica's encoding)
 * cannot — Cyrillic above all: character → glyph (cmap formats 4 and 12), advance widths (hmtx),
 * and a subset for embedding that keeps the glyph ids (the glyphs not used are emptied, composite
 * glyphs keep their parts), so the PDF can address glyphs with CIDToGIDMap /Identity.
 */

interface Table {
  offset: number;
  length: number;
}

/** Tables a CIDFontType2 program needs (as fontkit's subsetter writes: no cmap, no names). */
const KEPT = ['head', 'hhea', 'maxp', 'hmtx', 'cvt ', 'fpgm', 'prep'] as const;

export class TrueTypeFont {
  readonly unitsPerEm: number;
  readonly ascender: number;
  readonly descender: number;
  readonly capHeight: number;
  readonly bbox: readonly [number, number, number, number];
  readonly glyphCount: number;
  private readonly tables = new Map<string, Table>();
  private readonly advances: Uint16Array;
  private readonly lookup: (codePoint: number) => number;

  constructor(private readonly data: Buffer) {
    const count = data.readUInt16BE(4);
    for (let i = 0; i < count; i++) {
      const at = 12 + i * 16;
      this.tables.set(data.toString('latin1', at, at + 4), {
        offset: data.readUInt32BE(at + 8),
        length: data.readUInt32BE(at + 12),
      });
    }
    const head = this.table('head').offset;
    this.unitsPerEm = data.readUInt16BE(head + 18);
    this.bbox = [
      data.readInt16BE(head + 36),
      data.readInt16BE(head + 38),
      data.readInt16BE(head + 40),
      data.readInt16BE(head + 42),
    ];
    const hhea = this.table('hhea').offset;
    this.ascender = data.readInt16BE(hhea + 4);
    this.descender = data.readInt16BE(hhea + 6);
    const os2 = this.tables.get('OS/2');
    this.capHeight =
      os2 && data.readUInt16BE(os2.offset) >= 2 ? data.readInt16BE(os2.offset + 88) : this.ascender;
    this.glyphCount = data.readUInt16BE(this.table('maxp').offset + 4);
    const metrics = data.readUInt16BE(hhea + 34);
    const hmtx = this.table('hmtx').offset;
    this.advances = new Uint16Array(this.glyphCount);
    for (let g = 0; g < this.glyphCount; g++)
      this.advances[g] = data.readUInt16BE(hmtx + 4 * Math.min(g, metrics - 1));
    this.lookup = this.cmap();
  }

  private table(tag: string): Table {
    const t = this.tables.get(tag);
    if (!t) throw new Error(`TrueType font without a ${tag} table`);
    return t;
  }

  /** Glyph id of a character; 0 (.notdef) when the font has none. */
  glyph(codePoint: number): number {
    return this.lookup(codePoint);
  }

  /** Advance width in thousandths of the font size, as PDF widths are given. */
  width(glyph: number): number {
    return ((this.advances[glyph] ?? 0) * 1000) / this.unitsPerEm;
  }

  private cmap(): (codePoint: number) => number {
    const d = this.data;
    // A subset (below) has no cmap: it is addressed by glyph id.
    const table = this.tables.get('cmap');
    if (!table) return () => 0;
    const base = table.offset;
    const subtables: { platform: number; encoding: number; offset: number }[] = [];
    for (let i = 0; i < d.readUInt16BE(base + 2); i++) {
      const at = base + 4 + i * 8;
      subtables.push({
        platform: d.readUInt16BE(at),
        encoding: d.readUInt16BE(at + 2),
        offset: base + d.readUInt32BE(at + 4),
      });
    }
    const full = subtables.find(
      (s) => s.platform === 3 && s.encoding === 10 && d.readUInt16BE(s.offset) === 12,
    );
    if (full) {
      const groups = d.readUInt32BE(full.offset + 12);
      return (cp) => {
        let lo = 0;
        let hi = groups - 1;
        while (lo <= hi) {
          const mid = (lo + hi) >> 1;
          const at = full.offset + 16 + mid * 12;
          if (cp < d.readUInt32BE(at)) hi = mid - 1;
          else if (cp > d.readUInt32BE(at + 4)) lo = mid + 1;
          else return d.readUInt32BE(at + 8) + cp - d.readUInt32BE(at);
        }
        return 0;
      };
    }
    const bmp = subtables.find(
      (s) => (s.platform === 3 && s.encoding === 1) || (s.platform === 0 && d.readUInt16BE(s.offset) === 4),
    );
    if (!bmp || d.readUInt16BE(bmp.offset) !== 4) return () => 0;
    const at = bmp.offset;
    const segments = d.readUInt16BE(at + 6) / 2;
    const ends = at + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const ranges = deltas + segments * 2;
    return (cp) => {
      if (cp > 0xffff) return 0;
      let lo = 0;
      let hi = segments - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (d.readUInt16BE(ends + mid * 2) < cp) lo = mid + 1;
        else hi = mid;
      }
      const start = d.readUInt16BE(starts + lo * 2);
      if (cp < start || cp > d.readUInt16BE(ends + lo * 2)) return 0;
      const delta = d.readUInt16BE(deltas + lo * 2);
      const range = d.readUInt16BE(ranges + lo * 2);
      if (range === 0) return (cp + delta) & 0xffff;
      const g = d.readUInt16BE(ranges + lo * 2 + range + (cp - start) * 2);
      return g === 0 ? 0 : (g + delta) & 0xffff;
    };
  }

  private glyphData(loca: Table, long: boolean, glyf: Table, g: number): Buffer {
    const d = this.data;
    const at = (i: number) =>
      long ? d.readUInt32BE(loca.offset + i * 4) : d.readUInt16BE(loca.offset + i * 2) * 2;
    return d.subarray(glyf.offset + at(g), glyf.offset + at(g + 1));
  }

  /**
   * A font program holding only `glyphs` (and .notdef and the parts of composite glyphs) at their
   * own ids: every other glyph is empty, so the file shrinks to the glyphs used plus two small
   * tables per glyph (loca, hmtx).
   */
  subset(glyphs: Iterable<number>): Buffer {
    const d = this.data;
    const long = d.readInt16BE(this.table('head').offset + 50) === 1;
    const loca = this.table('loca');
    const glyf = this.table('glyf');
    const keep = new Set<number>();
    const queue = [0, ...glyphs];
    for (let g = queue.pop(); g !== undefined; g = queue.pop()) {
      if (g >= this.glyphCount || keep.has(g)) continue;
      keep.add(g);
      const data = this.glyphData(loca, long, glyf, g);
      if (data.length < 10 || data.readInt16BE(0) >= 0) continue;
      // Composite glyph: flags, glyph index, then arguments and a transform whose size the flags tell.
      let at = 10;
      for (;;) {
        const flags = data.readUInt16BE(at);
        const part = data.readUInt16BE(at + 2);
        if (!keep.has(part)) queue.push(part);
        at +=
          4 + (flags & 0x0001 ? 4 : 2) + (flags & 0x0008 ? 2 : flags & 0x0040 ? 4 : flags & 0x0080 ? 8 : 0);
        if (!(flags & 0x0020)) break;
      }
    }
    const parts: Buffer[] = [];
    const offsets = Buffer.alloc((this.glyphCount + 1) * 4);
    let size = 0;
    for (let g = 0; g < this.glyphCount; g++) {
      offsets.writeUInt32BE(size, g * 4);
      if (!keep.has(g)) continue;
      const data = this.glyphData(loca, long, glyf, g);
      const padded = (data.length + 3) & ~3;
      parts.push(data, Buffer.alloc(padded - data.length));
      size += padded;
    }
    offsets.writeUInt32BE(size, this.glyphCount * 4);
    const tables = new Map<string, Buffer>();
    for (const tag of KEPT) {
      const t = this.tables.get(tag);
      if (t) tables.set(tag, Buffer.from(d.subarray(t.offset, t.offset + t.length)));
    }
    const head = tables.get('head');
    if (!head) throw new Error('TrueType font without a head table');
    head.writeUInt32BE(0, 8);
    head.writeInt16BE(1, 50);
    tables.set('loca', offsets);
    tables.set('glyf', Buffer.concat(parts, size));
    return assemble(tables);
  }
}

function checksum(b: Buffer): number {
  let sum = 0;
  const padded = b.length % 4 ? Buffer.concat([b, Buffer.alloc(4 - (b.length % 4))]) : b;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

/** An sfnt file of `tables` (sorted directory, 4-byte aligned, checksums and head's adjustment). */
function assemble(tables: Map<string, Buffer>): Buffer {
  const tags = [...tables.keys()].sort();
  const n = tags.length;
  const log2 = Math.floor(Math.log2(n));
  const header = Buffer.alloc(12 + n * 16);
  header.writeUInt32BE(0x00010000, 0);
  header.writeUInt16BE(n, 4);
  header.writeUInt16BE(16 * 2 ** log2, 6);
  header.writeUInt16BE(log2, 8);
  header.writeUInt16BE(n * 16 - 16 * 2 ** log2, 10);
  const body: Buffer[] = [];
  let offset = header.length;
  for (const [i, tag] of tags.entries()) {
    const data = tables.get(tag) ?? Buffer.alloc(0);
    const at = 12 + i * 16;
    header.write(tag, at, 'latin1');
    header.writeUInt32BE(checksum(data), at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(data.length, at + 12);
    const padded = (data.length + 3) & ~3;
    body.push(data, Buffer.alloc(padded - data.length));
    offset += padded;
  }
  const file = Buffer.concat([header, ...body]);
  const headAt = file.readUInt32BE(12 + tags.indexOf('head') * 16 + 8);
  file.writeUInt32BE((0xb1b0afba - checksum(file)) >>> 0, headAt + 8);
  return file;
}
