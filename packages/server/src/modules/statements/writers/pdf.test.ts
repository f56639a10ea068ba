import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pdfParse from 'pdf-parse/lib/pdf-parse.js';
import { describe, expect, it } from 'vitest';
import type { StatementLine } from '../../ledger/ledger.read.ts';
import type { StatementModel, StatementSection } from '../statement-model.ts';
import { writePdf } from './pdf.ts';
import { TrueTypeFont } from './pdf-truetype.ts';

// The PDF writer on its own (no database): lines are made up here. statements.test.ts reads the
// statement of a real ledger back through the HTTP route.

function model(lines: number, names: { company?: string; wallet?: string } = {}): StatementModel {
  const sections: StatementSection[] = [0, 1].map((m) => ({
    currency: 'EUR',
    accountId: 1,
    month: `2025-0${m + 1}`,
    from: new Date(Date.UTC(2025, m, 1)),
    to: new Date(Date.UTC(2025, m + 1, 1)),
    opening: 0n,
    closing: 0n,
    credits: 0n,
    debits: 0n,
    count: lines / 2,
    creditCount: lines / 2,
    debitCount: 0,
  }));
  return {
    title: 'Account statement',
    reference: 'ST20250301ABCDEF',
    platform: 'UK',
    generatedAt: new Date('2025-03-01T10:00:00Z'),
    companyName: names.company ?? 'Northwind Ltd',
    wallet: { id: 1, uuid: '00000000-0000-0000-0000-000000000001', uiName: names.wallet ?? 'Main' },
    iban: 'GB29NWBK60161331926819',
    period: { from: new Date(Date.UTC(2025, 0, 1)), to: new Date(Date.UTC(2025, 2, 1)) },
    sections,
  };
}

const line = (s: StatementSection, i: number, details: StatementLine['details']): StatementLine => ({
  postingId: i,
  entryId: i,
  kind: 'payin',
  reference: `REF-${i}`,
  valueDate: new Date(s.from.getTime() + i * 60_000),
  bookedAt: new Date(s.from.getTime() + i * 60_000),
  amount: BigInt(100_000 + i),
  details,
});

async function render(m: StatementModel, details: (i: number) => StatementLine['details']): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const source = async function* (s: StatementSection) {
    for (let i = 0; i < s.count; i++) yield line(s, i, details(i));
  };
  for await (const chunk of Readable.from(writePdf(m, source))) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const LONG = 'Invoice 7 for consulting services rendered in the period, with a reference long enough to wrap';

describe('PDF statement writer', () => {
  it('pages: every one says "Page k of M" with M the page count; the cross-reference points at every object', async () => {
    const pdf = await render(model(400), (i) => ({
      description: i === 7 ? LONG : i === 8 ? 'Line\nbreak\tand tab' : `Invoice ${i}`,
      counterparty: `Customer ${i}`,
    }));
    const { text, numpages } = await pdfParse(pdf);
    expect(numpages).toBeGreaterThan(5);
    const pages = [...text.matchAll(/Page (\d+) of (\d+)/g)];
    expect(pages.map((p) => Number(p[1]))).toEqual(Array.from({ length: numpages }, (_, i) => i + 1));
    expect(pages.every((p) => p[2] === String(numpages))).toBe(true);
    // Amounts with separators; the long description wraps in its own column, the counterparty beside it.
    expect(text).toContain('€1,000.07');
    expect(text).toContain('Invoice 7 for consulting');
    expect(text).not.toContain(LONG);
    expect(text).toContain('Customer 7');
    expect(text).toContain('Line break and tab');

    const raw = pdf.toString('latin1');
    const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(raw)?.[1]);
    expect(raw.slice(xrefAt, xrefAt + 5)).toBe('xref\n');
    const entries = [...raw.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(entries.length).toBeGreaterThan(numpages * 2);
    for (const [i, offset] of entries.entries())
      expect(raw.slice(offset, offset + 12)).toMatch(new RegExp(`^${i + 1} 0 obj\n`));
  });

  it('hostile cell sizes: a 20,000-character description and reference are cut to fit a page', async () => {
    const pdf = await render(model(4), (i) => ({
      description: i === 1 ? 'x'.repeat(20_000) : `${'word '.repeat(4_000)}end`,
      counterparty: 'y'.repeat(20_000),
    }));
    const { text, numpages } = await pdfParse(pdf);
    expect(numpages).toBeLessThanOrEqual(4);
    // The ellipsis (pdf.js reads it back as three dots).
    expect(text).toMatch(/…|\.\.\./);
    expect(text).not.toContain('end');
  });

  it('Cyrillic: set in an embedded TrueType subset and read back as text (a font ships with the server)', async () => {
    const pdf = await render(model(20, { company: 'ООО «Ромашка»', wallet: 'Основной счёт' }), (i) => ({
      description: i % 2 ? `Оплата по счёту ${i}` : `Invoice ${i}`,
      counterparty: 'Покупатель «Север»',
    }));
    const { text } = await pdfParse(pdf);
    expect(text).toContain('Account holder: ООО «Ромашка»');
    expect(text).toContain('Account: Основной счёт');
    expect(text).toContain('Оплата по счёту 1');
    expect(text).toContain('Покупатель «Север»');
    const raw = pdf.toString('latin1');
    expect(raw).toContain('/FontFile2');
    expect(raw).toContain('/ToUnicode');
  });
});

/** The font the server ships (the subset must work on it whatever the machine has installed). */
const FONT = fileURLToPath(new URL('../../../../assets/fonts/DejaVuSans.ttf', import.meta.url));

describe('TrueType subset', () => {
  it('keeps the glyphs used at their ids with their widths, and little else', () => {
    const data = readFileSync(FONT);
    const font = new TrueTypeFont(data);
    const used = [...'ЖжAz€'].map((c) => font.glyph(c.codePointAt(0) ?? 0));
    expect(used.every((g) => g > 0)).toBe(true);
    const subset = font.subset(used);
    expect(subset.length).toBeLessThan(data.length / 2);
    const back = new TrueTypeFont(subset);
    expect(back.glyphCount).toBe(font.glyphCount);
    expect(back.unitsPerEm).toBe(font.unitsPerEm);
    for (const g of used) expect(back.width(g)).toBe(font.width(g));
  });
});
