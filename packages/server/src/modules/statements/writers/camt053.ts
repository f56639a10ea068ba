import { money } from '../../wallets/money.ts';
import { describe, isoDate, lastDay, type LineSource, type StatementModel } from '../statement-model.ts';

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
export const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

const abs = (v: bigint) => (v < 0n ? -v : v);
const side = (v: bigint) => (v < 0n ? 'DBIT' : 'CRDT');

function balance(code: 'OPBD' | 'CLBD', amount: bigint, currency: string, date: string): string {
  return `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="${currency}">${money(abs(amount), currency)}</Amt><CdtDbtInd>${side(amount)}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>\n`;
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
    const id = model.iban ? `<IBAN>${model.iban}</IBAN>` : `<Othr><Id>${model.wallet.uuid}</Id></Othr>`;
    yield `<Acct><Id>${id}</Id><Ccy>${s.currency}</Ccy><Nm>${xml(model.wallet.uiName)}</Nm><Ownr><Nm>${xml(model.companyName)}</Nm></Ownr></Acct>\n`;
    yield balance('OPBD', s.opening, s.currency, isoDate(s.from));
    yield balance('CLBD', s.closing, s.currency, lastDay(s.to));
    yield `<TxsSummry><TtlCdtNtries><NbOfNtries>${s.count}</NbOfNtries><Sum>${money(s.credits, s.currency)}</Sum></TtlCdtNtries><TtlDbtNtries><Sum>${money(s.debits, s.currency)}</Sum></TtlDbtNtries></TxsSummry>\n`;
    let chunk = '';
    for await (const l of lines(s)) {
      const party = l.details.counterparty
        ? `<RltdPties><${l.amount < 0n ? 'Cdtr' : 'Dbtr'}><Pty><Nm>${xml(l.details.counterparty)}</Nm></Pty></${l.amount < 0n ? 'Cdtr' : 'Dbtr'}></RltdPties>`
        : '';
      chunk += `<Ntry><NtryRef>${l.postingId}</NtryRef><Amt Ccy="${s.currency}">${money(abs(l.amount), s.currency)}</Amt><CdtDbtInd>${side(l.amount)}</CdtDbtInd>`;
      chunk += `<Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${isoDate(l.bookedAt)}</Dt></BookgDt><ValDt><Dt>${isoDate(l.valueDate)}</Dt></ValDt>`;
      chunk += `<AcctSvcrRef>${l.entryId}</AcctSvcrRef><BkTxCd><Prtry><Cd>${xml(l.kind.toUpperCase())}</Cd></Prtry></BkTxCd>`;
      chunk += `<NtryDtls><TxDtls><Refs><EndToEndId>${xml(l.reference ?? 'NOTPROVIDED')}</EndToEndId></Refs>${party}<AddtlTxInf>${xml(describe(l))}</AddtlTxInf></TxDtls></NtryDtls></Ntry>\n`;
      if (chunk.length > 64_000) {
        yield chunk;
        chunk = '';
      }
    }
    yield `${chunk}</Stmt>\n`;
  }
  yield '</BkToCstmrStmt>\n</Document>\n';
}
