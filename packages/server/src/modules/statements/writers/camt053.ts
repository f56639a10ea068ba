import { money } from '../../wallets/money.ts';
import {
  describe,
  isoDate,
  lastDay,
  type LineSource,
  type StatementModel,
  type StatementSection,
} from '../statement-model.ts';
import { clientReference, clip, lineReference } from './references.ts';

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
/** XML text; control characters XML 1.0 cannot carry are dropped so the document stays well formed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 cannot carry.
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
export const xml = (text: string) =>
  text.replace(NOT_XML_CHAR, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
/** A MaxNText element: cut to the schema's length before escaping (the limit counts characters), omitted when empty. */
const textEl = (tag: string, value: string | null | undefined, max: number) => {
  const v = value?.trim() ? xml(clip(value.trim(), max)) : '';
  return v ? `<${tag}>${v}</${tag}>` : '';
};

const abs = (v: bigint) => (v < 0n ? -v : v);
const side = (v: bigint) => (v < 0n ? 'DBIT' : 'CRDT');

function balance(code: 'OPBD' | 'CLBD', amount: bigint, currency: string, date: string): string {
  return `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="${currency}">${money(abs(amount), currency)}</Amt><CdtDbtInd>${side(amount)}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>\n`;
}

/** The client's reference where it fits Max35Text, else the line's own compact reference, else NOTPROVIDED. */
function endToEndId(l: Parameters<typeof lineReference>[0]): string {
  const own = clientReference(l);
  if (own && Array.from(own).length <= 35) return own;
  return lineReference(l, 35) ?? 'NOTPROVIDED';
}

/** Number and sum of entries in all and per side (each <NbOfNtries> + <Sum>), and the net movement. */
function summary(s: StatementSection): string {
  const m = (v: bigint) => money(v, s.currency);
  const net = s.credits - s.debits;
  const total = `<NbOfNtries>${s.creditCount + s.debitCount}</NbOfNtries><Sum>${m(s.credits + s.debits)}</Sum><TtlNetNtry><Amt>${m(abs(net))}</Amt><CdtDbtInd>${side(net)}</CdtDbtInd></TtlNetNtry>`;
  const credits = `<NbOfNtries>${s.creditCount}</NbOfNtries><Sum>${m(s.credits)}</Sum>`;
  const debits = `<NbOfNtries>${s.debitCount}</NbOfNtries><Sum>${m(s.debits)}</Sum>`;
  return `<TxsSummry><TtlNtries>${total}</TtlNtries><TtlCdtNtries>${credits}</TtlCdtNtries><TtlDbtNtries>${debits}</TtlDbtNtries></TxsSummry>\n`;
}

/**
 * ISO 20022 camt.053.001.08 (bank-to-customer statement): one <Stmt> per month and currency with
 * opening (OPBD) and closing (CLBD) booked balances, then one <Ntry> per posting. Written as a
 * stream: the balances are known before the entries because the month totals are summed first.
 */
export async function* writeCamt053(model: StatementModel, lines: LineSource): AsyncGenerator<string> {
  const created = model.generatedAt.toISOString().slice(0, 19);
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">\n<BkToCstmrStmt>\n';
  yield `<GrpHdr><MsgId>${xml(model.reference)}</MsgId><CreDtTm>${created}</CreDtTm></GrpHdr>\n`;
  for (const [i, s] of model.sections.entries()) {
    yield `<Stmt><Id>${xml(`${model.reference}-${i + 1}`)}</Id><ElctrncSeqNb>${i + 1}</ElctrncSeqNb><CreDtTm>${created}</CreDtTm>`;
    yield `<FrToDt><FrDtTm>${s.from.toISOString().slice(0, 19)}</FrDtTm><ToDtTm>${new Date(s.to.getTime() - 1000).toISOString().slice(0, 19)}</ToDtTm></FrToDt>\n`;
    // Othr/Id is Max34Text: the wallet UUID without dashes (32).
    const id = model.iban
      ? `<IBAN>${model.iban}</IBAN>`
      : `<Othr><Id>${model.wallet.uuid.replace(/-/g, '')}</Id></Othr>`;
    const owner = textEl('Nm', model.companyName, 140);
    yield `<Acct><Id>${id}</Id><Ccy>${s.currency}</Ccy>${textEl('Nm', model.wallet.uiName, 70)}${owner ? `<Ownr>${owner}</Ownr>` : ''}</Acct>\n`;
    yield balance('OPBD', s.opening, s.currency, isoDate(s.from));
    yield balance('CLBD', s.closing, s.currency, lastDay(s.to));
    yield summary(s);
    let chunk = '';
    for await (const l of lines(s)) {
      const role = l.amount < 0n ? 'Cdtr' : 'Dbtr';
      const name = textEl('Nm', l.details.counterparty, 140);
      const party = name ? `<RltdPties><${role}><Pty>${name}</Pty></${role}></RltdPties>` : '';
      const remittance = textEl('Ustrd', clientReference(l), 140);
      chunk += `<Ntry><NtryRef>${l.postingId}</NtryRef><Amt Ccy="${s.currency}">${money(abs(l.amount), s.currency)}</Amt><CdtDbtInd>${side(l.amount)}</CdtDbtInd>`;
      chunk += `<Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${isoDate(l.bookedAt)}</Dt></BookgDt><ValDt><Dt>${isoDate(l.valueDate)}</Dt></ValDt>`;
      chunk += `<AcctSvcrRef>${l.entryId}</AcctSvcrRef><BkTxCd><Prtry>${textEl('Cd', l.kind.toUpperCase(), 35)}</Prtry></BkTxCd>`;
      chunk += `<NtryDtls><TxDtls><Refs>${textEl('AcctSvcrRef', lineReference(l, 35), 35)}<EndToEndId>${xml(endToEndId(l))}</EndToEndId></Refs>`;
      chunk += `${party}${remittance ? `<RmtInf>${remittance}</RmtInf>` : ''}${textEl('AddtlTxInf', describe(l), 500)}</TxDtls></NtryDtls></Ntry>\n`;
      if (chunk.length > 64_000) {
        yield chunk;
        chunk = '';
      }
    }
    yield `${chunk}</Stmt>\n`;
  }
  yield '</BkToCstmrStmt>\n</Document>\n';
}
