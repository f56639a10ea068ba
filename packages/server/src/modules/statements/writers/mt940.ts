import { money } from '../../wallets/money.ts';
import type { StatementLine } from '../../ledger/ledger.read.ts';
import { describe, type LineSource, type StatementModel } from '../statement-model.ts';
import { clientReference, lineReference } from './references.ts';
import { swiftText, swiftX } from './swift-charset.ts';

/** SWIFT amounts: no sign, comma decimal mark ('1234,56'). */
const amount = (v: bigint, currency: string) => money(v < 0n ? -v : v, currency).replace('.', ',');
const yymmdd = (d: Date) => d.toISOString().slice(2, 10).replace(/-/g, '');
const mmdd = (d: Date) => d.toISOString().slice(5, 10).replace('-', '');

function balance(tag: '60F' | '62F', v: bigint, date: Date, currency: string): string {
  return `:${tag}:${v < 0n ? 'D' : 'C'}${yymmdd(date)}${currency}${amount(v, currency)}\r\n`;
}

/**
 * A 16x reference of :61: (no leading or trailing '/', no '//', which would end the subfield):
 * the client's own reference where it fits, else the line's compact reference, else NONREF.
 */
function ownerReference(l: StatementLine): string {
  for (const candidate of [clientReference(l), lineReference(l, 16)]) {
    if (!candidate) continue;
    const ref = swiftX(candidate).trim();
    if (ref.length > 0 && ref.length <= 16 && !/^\/|\/$|\/\//.test(ref)) return ref;
  }
  return 'NONREF';
}

/**
 * :86: text in at most 6 lines of 65 characters: the counterparty's name first, then the client's
 * reference and the description, so a long description is what gets cut, never the name. No line
 * starts with ':' or '-', which a reader would take for a new field or the end of the message.
 */
export function details86(l: StatementLine): string {
  const text = [l.details.counterparty, clientReference(l), describe(l)]
    .map((part) => swiftX(part ?? '').trim())
    .filter((part) => part !== '')
    .join(' / ');
  const out: string[] = [];
  let rest = text;
  while (rest !== '' && out.length < 6) {
    if (/^[:-]/.test(rest)) rest = ` ${rest}`;
    out.push(rest.slice(0, 65));
    rest = rest.slice(65);
  }
  return out.join('\r\n');
}

/**
 * SWIFT MT940 customer statement: one message per month and currency (:20: reference, :25: IBAN,
 * :28C: sequence, :60F: opening, :61:/:86: per posting, :62F: closing), messages separated by '-'.
 * All text is in the SWIFT X character set (swift-charset.ts).
 */
export async function* writeMt940(model: StatementModel, lines: LineSource): AsyncGenerator<string> {
  for (const [i, s] of model.sections.entries()) {
    let out = `:20:${swiftText(`${model.reference}${i + 1}`, 16)}\r\n:25:${model.iban ?? model.wallet.uuid.replace(/-/g, '').slice(0, 35)}\r\n:28C:${i + 1}/1\r\n`;
    out += balance('60F', s.opening, s.from, s.currency);
    yield out;
    let chunk = '';
    for await (const l of lines(s)) {
      const mark = l.amount < 0n ? 'D' : 'C';
      // Supplementary details (34x): the payment's full compact reference, which 16x cannot hold.
      const full = lineReference(l, 34);
      chunk += `:61:${yymmdd(l.valueDate)}${mmdd(l.bookedAt)}${mark}${amount(l.amount, s.currency)}NTRF${ownerReference(l)}//${l.entryId}\r\n`;
      if (full) chunk += `${swiftText(full, 34)}\r\n`;
      const text = details86(l);
      if (text) chunk += `:86:${text}\r\n`;
      if (chunk.length > 64_000) {
        yield chunk;
        chunk = '';
      }
    }
    yield `${chunk}${balance('62F', s.closing, new Date(s.to.getTime() - 1), s.currency)}-\r\n`;
  }
}
