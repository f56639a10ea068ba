import { money } from '../../wallets/money.ts';
import { describe, isoDate, lastDay, type LineSource, type StatementModel } from '../statement-model.ts';

export const CSV_HEADER = [
  'section',
  'row_type',
  'booking_date',
  'value_date',
  'entry_id',
  'kind',
  'reference',
  'description',
  'counterparty',
  'currency',
  'amount',
  'balance',
  // Every row names the account it belongs to (issue 19), so a row copied elsewhere still says so.
  'account',
  'iban',
  'period',
] as const;

/**
 * Text cell for a spreadsheet: quoted, and a leading = + - @ (or tab/CR) is neutralised with an
 * apostrophe so a counterparty name cannot become a formula (design §7).
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** CSV statement, one line per posting between an opening and a closing row per month and currency. */
export async function* writeCsv(model: StatementModel, lines: LineSource): AsyncGenerator<string> {
  yield `${CSV_HEADER.join(',')}\r\n`;
  const account = [
    csvText(model.wallet.uiName),
    csvText(model.iban ?? ''),
    csvText(`${isoDate(model.period.from)}..${lastDay(model.period.to)}`),
  ].join(',');
  for (const s of model.sections) {
    const m = (v: bigint) => money(v, s.currency);
    yield `${s.month},opening,${isoDate(s.from)},${isoDate(s.from)},,,,${csvText('Opening balance')},,${s.currency},,${m(s.opening)},${account}\r\n`;
    let running = s.opening;
    let chunk = '';
    for await (const l of lines(s)) {
      running += l.amount;
      chunk += [
        s.month,
        'entry',
        isoDate(l.bookedAt),
        isoDate(l.valueDate),
        l.entryId,
        l.kind,
        csvText(l.reference ?? ''),
        csvText(describe(l)),
        csvText(l.details.counterparty ?? ''),
        s.currency,
        m(l.amount),
        m(running),
        account,
      ].join(',');
      chunk += '\r\n';
      if (chunk.length > 64_000) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
    yield `${s.month},closing,${isoDate(new Date(s.to.getTime() - 1))},${isoDate(new Date(s.to.getTime() - 1))},,,,${csvText('Closing balance')},,${s.currency},,${m(s.closing)},${account}\r\n`;
  }
}
