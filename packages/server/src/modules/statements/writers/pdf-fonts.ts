import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PdfOut } from './pdf-document.ts';
import { TrueTypeFont } from './pdf-truetype.ts';

/**
 * The statement PDF's fonts: Helvetica / Helvetica-Bold (standard fonts, WinAnsiEncoding, widths
 * below: nothing to embed), and for a text run WinAnsi cannot show a TrueType font found on the
 * machine, embedded as a subset with a ToUnicode map (pdf-document.ts writes the objects).
 */

/** Helvetica advance widths (thousandths of the size) for WinAnsi codes 32…255 (Adobe AFM). */
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
  500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
  556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 0, 556, 0, 222, 556, 333, 1000, 556, 556, 333, 1000,
  667, 333, 1000, 0, 611, 0, 0, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 0, 500, 500,
  278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333, 333, 333,
  556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611, 667, 667, 667, 667, 667, 667, 1000, 722, 667, 667,
  667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667,
  611, 556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278, 556, 556, 556, 556,
  556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,
];
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278,
  556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584,
  556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556,
  333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 0, 556, 0, 278, 556, 500, 1000, 556, 556, 333, 1000,
  667, 333, 1000, 0, 611, 0, 0, 278, 278, 500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 0, 500, 556,
  278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333, 333, 333,
  611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611, 722, 722, 722, 722, 722, 722, 1000, 722, 667, 667,
  667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667,
  611, 556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278, 611, 611, 611, 611,
  611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556,
];
/** WinAnsi codes 0x80…0x9F and the characters they stand for. */
const WIN_ANSI_EXTRA: readonly [number, number][] = [
  [0x80, 0x20ac],
  [0x82, 0x201a],
  [0x83, 0x0192],
  [0x84, 0x201e],
  [0x85, 0x2026],
  [0x86, 0x2020],
  [0x87, 0x2021],
  [0x88, 0x02c6],
  [0x89, 0x2030],
  [0x8a, 0x0160],
  [0x8b, 0x2039],
  [0x8c, 0x0152],
  [0x8e, 0x017d],
  [0x91, 0x2018],
  [0x92, 0x2019],
  [0x93, 0x201c],
  [0x94, 0x201d],
  [0x95, 0x2022],
  [0x96, 0x2013],
  [0x97, 0x2014],
  [0x98, 0x02dc],
  [0x99, 0x2122],
  [0x9a, 0x0161],
  [0x9b, 0x203a],
  [0x9c, 0x0153],
  [0x9e, 0x017e],
  [0x9f, 0x0178],
];
const WIN_ANSI = new Map(WIN_ANSI_EXTRA.map(([code, char]) => [char, code]));
/** Printable ASCII and Latin-1: the same code in WinAnsi. */
const LATIN = /^[\x20-\x7e\xa0-\xff]*$/;
/** Printable ASCII that needs no escape inside ( ). */
const PLAIN = /^[\x20-\x27\x2a-\x5b\x5d-\x7e]*$/;
const QUESTION = 0x3f;

/** WinAnsi code of a UTF-16 unit, or -1. */
function winAnsi(c: number): number {
  if ((c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff)) return c;
  return WIN_ANSI.get(c) ?? -1;
}

export function winAnsiOnly(text: string): boolean {
  if (LATIN.test(text)) return true;
  for (let i = 0; i < text.length; i++) if (winAnsi(text.charCodeAt(i)) < 0) return false;
  return true;
}

/** A font as the layout uses it: widths to measure and the operand that shows a string. */
export interface Face {
  /** Resource name, e.g. 'F1'. */
  readonly name: string;
  /** Width of `text` in thousandths of the font size. */
  width(text: string): number;
  /** The string operand for Tj: `(…)` or `<…>`. */
  show(text: string): string;
}

class StandardFace implements Face {
  private readonly widths = new Uint16Array(256);
  constructor(
    readonly name: string,
    readonly baseFont: string,
    table: readonly number[],
  ) {
    for (let c = 0; c < 256; c++) {
      const code = winAnsi(c);
      this.widths[c] = table[(code < 0 ? QUESTION : code) - 32] ?? 0;
    }
  }

  width(text: string): number {
    let w = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      w += c < 256 ? (this.widths[c] ?? 0) : (this.widths[WIN_ANSI.get(c) ?? QUESTION] ?? 0);
    }
    return w;
  }

  show(text: string): string {
    if (PLAIN.test(text)) return `(${text})`;
    let out = '(';
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      const code = winAnsi(c);
      if (code === 0x28 || code === 0x29 || code === 0x5c) out += `\\${text[i]}`;
      // Content streams are written as latin1: one char here is one byte there.
      else out += String.fromCharCode(code < 0 ? QUESTION : code);
    }
    return `${out})`;
  }
}

/** A TrueType font shown by glyph id (Identity-H); records the glyphs used for the subset. */
class UnicodeFace implements Face {
  private readonly glyphs = new Map<number, number>();
  /** Glyph id → the character it was used for (ToUnicode). */
  readonly used = new Map<number, number>();

  constructor(
    readonly name: string,
    readonly font: TrueTypeFont,
    readonly baseFont: string,
  ) {}

  private glyph(cp: number): number {
    let g = this.glyphs.get(cp);
    if (g === undefined) {
      g = this.font.glyph(cp);
      this.glyphs.set(cp, g);
    }
    return g;
  }

  width(text: string): number {
    let w = 0;
    for (const ch of text) w += this.font.width(this.glyph(ch.codePointAt(0) ?? 0));
    return w;
  }

  show(text: string): string {
    let out = '<';
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0;
      const g = this.glyph(cp);
      if (!this.used.has(g)) this.used.set(g, cp);
      out += g.toString(16).padStart(4, '0');
    }
    return `${out}>`;
  }
}

const SHIPPED_FONTS = join(dirname(fileURLToPath(import.meta.url)), '../../../../assets/fonts');

/** Where Debian, Fedora, Arch and Alpine put the fonts tried, regular and bold; last, our own copy. */
const UNICODE_FONTS: readonly { name: string; files: readonly [string, string][] }[] = [
  {
    name: 'LiberationSans',
    files: [
      [
        '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
        '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
      ],
      [
        '/usr/share/fonts/liberation-sans/LiberationSans-Regular.ttf',
        '/usr/share/fonts/liberation-sans/LiberationSans-Bold.ttf',
      ],
      [
        '/usr/share/fonts/liberation/LiberationSans-Regular.ttf',
        '/usr/share/fonts/liberation/LiberationSans-Bold.ttf',
      ],
      ['/usr/share/fonts/TTF/LiberationSans-Regular.ttf', '/usr/share/fonts/TTF/LiberationSans-Bold.ttf'],
    ],
  },
  {
    name: 'DejaVuSans',
    files: [
      [
        '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
        '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
      ],
      ['/usr/share/fonts/dejavu/DejaVuSans.ttf', '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf'],
      ['/usr/share/fonts/TTF/DejaVuSans.ttf', '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf'],
      // Shipped with the server (packages/server/assets/fonts, DejaVu licence beside them), so a
      // machine without font packages still prints Cyrillic names instead of '?'.
      [join(SHIPPED_FONTS, 'DejaVuSans.ttf'), join(SHIPPED_FONTS, 'DejaVuSans-Bold.ttf')],
    ],
  },
];

interface LoadedFont {
  name: string;
  font: TrueTypeFont;
}
let unicodeFonts: [LoadedFont | null, LoadedFont | null] | undefined;

function read(path: string): TrueTypeFont | null {
  try {
    return new TrueTypeFont(readFileSync(path));
  } catch {
    return null;
  }
}

/** The first family found (read once per process); its bold falls back to the regular. */
function loadUnicodeFonts(): [LoadedFont | null, LoadedFont | null] {
  if (unicodeFonts) return unicodeFonts;
  unicodeFonts = [null, null];
  for (const family of UNICODE_FONTS) {
    for (const [regularFile, boldFile] of family.files) {
      const regular = read(regularFile);
      if (!regular) continue;
      const bold = read(boldFile);
      unicodeFonts = [
        { name: family.name, font: regular },
        bold ? { name: `${family.name}-Bold`, font: bold } : { name: family.name, font: regular },
      ];
      return unicodeFonts;
    }
  }
  return unicodeFonts;
}

/** The fonts of one document: Helvetica for what WinAnsi can show, a TrueType subset for the rest. */
export class Fonts {
  readonly regular = new StandardFace('F1', 'Helvetica', HELVETICA);
  readonly bold = new StandardFace('F2', 'Helvetica-Bold', HELVETICA_BOLD);
  private readonly unicode: [UnicodeFace | null | undefined, UnicodeFace | null | undefined] = [
    undefined,
    undefined,
  ];

  face(text: string, bold = false): Face {
    const standard = bold ? this.bold : this.regular;
    if (winAnsiOnly(text)) return standard;
    return this.unicodeFace(bold ? 1 : 0) ?? standard;
  }

  private unicodeFace(i: 0 | 1): UnicodeFace | null {
    let face = this.unicode[i];
    if (face === undefined) {
      const loaded = loadUnicodeFonts()[i];
      face = loaded ? new UnicodeFace(i ? 'F4' : 'F3', loaded.font, loaded.name) : null;
      this.unicode[i] = face;
    }
    return face;
  }

  /** Font dictionaries by resource name, with the objects of the embedded subsets written to `out`. */
  finish(out: PdfOut): string {
    const entries = [
      `/F1 ${out.object(`<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>`)} 0 R`,
      `/F2 ${out.object(`<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>`)} 0 R`,
    ];
    for (const [i, face] of this.unicode.entries()) {
      if (!face || face.used.size === 0) continue;
      entries.push(`/${face.name} ${embed(out, face, `AAAAA${'AB'[i]}`)} 0 R`);
    }
    return `<< ${entries.join(' ')} >>`;
  }
}

function embed(out: PdfOut, face: UnicodeFace, tag: string): number {
  const f = face.font;
  const scale = (v: number) => Math.round((v * 1000) / f.unitsPerEm);
  const name = `/${tag}+${face.baseFont}`;
  const program = f.subset(face.used.keys());
  const file = out.stream(`/Length1 ${program.length}`, program);
  const descriptor = out.object(
    `<< /Type /FontDescriptor /FontName ${name} /Flags 4 /FontBBox [${f.bbox.map(scale).join(' ')}] /ItalicAngle 0 /Ascent ${scale(f.ascender)} /Descent ${scale(f.descender)} /CapHeight ${scale(f.capHeight)} /StemV 80 /FontFile2 ${file} 0 R >>`,
  );
  const glyphs = [...face.used.keys()].sort((a, b) => a - b);
  const widths = glyphs.map((g) => `${g} [${Math.round(f.width(g))}]`).join(' ');
  const cid = out.object(
    `<< /Type /Font /Subtype /CIDFontType2 /BaseFont ${name} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${descriptor} 0 R /W [${widths}] /CIDToGIDMap /Identity >>`,
  );
  const hex4 = (n: number) => n.toString(16).padStart(4, '0');
  const utf16 = (cp: number) =>
    cp > 0xffff ? hex4(0xd800 + ((cp - 0x10000) >> 10)) + hex4(0xdc00 + ((cp - 0x10000) & 0x3ff)) : hex4(cp);
  const blocks: string[] = [];
  for (let i = 0; i < glyphs.length; i += 100) {
    const chunk = glyphs.slice(i, i + 100);
    blocks.push(
      `${chunk.length} beginbfchar\n${chunk.map((g) => `<${hex4(g)}> <${utf16(face.used.get(g) ?? 0)}>`).join('\n')}\nendbfchar`,
    );
  }
  const cmap = Buffer.from(
    `/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<0000> <ffff>\nendcodespacerange\n${blocks.join('\n')}\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n`,
    'latin1',
  );
  const toUnicode = out.stream('', cmap);
  return out.object(
    `<< /Type /Font /Subtype /Type0 /BaseFont ${name} /Encoding /Identity-H /DescendantFonts [${cid} 0 R] /ToUnicode ${toUnicode} 0 R >>`,
  );
}
