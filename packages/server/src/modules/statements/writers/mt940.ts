import { money } from '../../wallets/money.ts';
import { describe, type LineSource, type StatementModel } from '../statement-model.ts';

/** SWIFT amounts: no sign, comma decimal mark ('1234,56'). */
const amount = (v: bigint, currency: string) => money(v < 0n ? -v : v, currency).replace('.', ',');
const yymmdd = (d: Date) => d.toISOString().slice(2, 10).replace(/-/g, '');
const mmdd = (d: Date) => d.toISOString().slice(5, 10).replace('-', '');
/** SWIFT X character set: letters, digits and / - ? : ( ) . , ' + space; anything else becomes a space. */
export const swiftText = (text: string, max: number) =>
  text.replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ').slice(0, max);

function balance(tag: '60F' | '62F', v: bigint, date: Date, currency: string): string {
  return `:${tag}:${v < 0n ? 'D' : 'C'}${yymmdd(date)}${currency}${amount(v, currency)}\r\n`;
}

/**
 * SWIFT MT940 customer statement: one message per month and currency (:20: reference, :25: IBAN,
 * :28C: sequence, :60F: opening, :61:/:86: per posting, :62F: closing), messages separated by '-'.
 */
export async function* writeMt940(model: StatementModel, lines: LineSource): AsyncGenerator<string> {
  for (const [i, s] of model.sections.entries()) {
    let out = `:20:${swiftText(`${model.reference}${i + 1}`, 16)}\r\n:25:${model.iban ?? model.wallet.uuid.replace(/-/g, '').slice(0, 35)}\r\n:28C:${i + 1}/1\r\n`;
    out += balance('60F', s.opening, s.from, s.currency);
    yield out;
    let chunk = '';
    for await (const l of lines(s)) {
      const mark = l.amount < 0n ? 'D' : 'C';
      const ref = swiftText(l.reference ?? 'NONREF', 16) || 'NONREF';
      chunk += `:61:${yymmdd(l.valueDate)}${mmdd(l.bookedAt)}${mark}${amount(l.amount, s.currency)}NTRF${ref}//${l.entryId}\r\n`;
      const party = l.details.counterparty ? ` ${l.details.counterparty}` : '';
      chunk += `:86:${swiftText(`${describe(l)}${party}`, 390)}\r\n`;
      if (chunk.length > 64_000) {
        yield chunk;
        chunk = '';
      }
    }
    yield `${chunk}${balance('62F', s.closing, new Date(s.to.getTime() - 1), s.currency)}-\r\n`;
  }
}
