import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  CURRENCIES,
  isCurrencyCode,
  splitByCalendarMonth,
  type StatementFormat,
  validateFeeStatementPeriod,
} from '@portal/domain';
import { type AppDeps, service } from '../../deps.ts';
import type { RequestContext } from '../../http/context.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { companyOf } from '../wallets/wallets.service.ts';
import type { LineSource, StatementModel, StatementSection } from './statement-model.ts';
import * as repo from './statements.repo.ts';
import { writeCamt053 } from './writers/camt053.ts';
import { writeCsv } from './writers/csv.ts';
import { writeMt940 } from './writers/mt940.ts';
import { writePdf } from './writers/pdf.ts';

const DAY_MS = 86_400_000;
const CONTENT_TYPES = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  camt053: 'application/xml; charset=utf-8',
  mt940: 'text/plain; charset=utf-8',
} as const satisfies Record<StatementFormat, string>;
const EXTENSIONS = { pdf: 'pdf', csv: 'csv', camt053: 'xml', mt940: 'sta' } as const satisfies Record<
  StatementFormat,
  string
>;

/** Formats whose currency field is ISO 4217 (camt.053 Ccy [A-Z]{3}, at most 5 decimals; MT940 3!a). */
const BANK_FORMATS: ReadonlySet<StatementFormat> = new Set(['camt053', 'mt940']);

/**
 * The sections a bank format can carry: ISO currencies only. A crypto account of the wallet is left
 * out (PDF and CSV show it); asking for only crypto in such a format is a field message.
 */
function isoSections(sections: StatementSection[], requested?: string) {
  const iso = sections.filter((s) => isCurrencyCode(s.currency) && CURRENCIES[s.currency].kind === 'fiat');
  if (iso.length === 0 && sections.length > 0) {
    const currency = requested ?? sections[0]?.currency ?? '';
    throw new DomainError(
      'STATEMENT_FORMAT_CURRENCY',
      { currency },
      {
        fields: {
          currency: `Bank statement formats carry ISO currencies only: choose PDF or CSV for ${currency}.`,
        },
      },
    );
  }
  return iso;
}

export interface StatementFile {
  filename: string;
  contentType: string;
  /** Lines the file will hold, for the browser's progress (X-Statement-Lines). */
  lines: number;
  stream: Readable;
}

export type StatementsService = ReturnType<typeof createStatementsService>;

export function createStatementsService(deps: AppDeps) {
  const ledger = () => service(deps, 'ledger');
  const wallets = () => service(deps, 'wallets');

  /** Sections (currency × calendar month) with balances that agree with the ledger, before any line is read. */
  async function model(
    ctx: RequestContext<UserPrincipal>,
    walletUuid: string,
    from: Date,
    to: Date,
    opts: { currency?: string | undefined; title: string; prefix: string; kinds?: readonly string[] },
  ): Promise<StatementModel> {
    const merchantId = companyOf(ctx.principal);
    const wallet = await wallets().getWalletForMerchant(deps.db, merchantId, walletUuid);
    const accounts = (await ledger().walletTotals(deps.db, [wallet.id])).filter(
      (a) => !opts.currency || a.currency === opts.currency,
    );
    if (opts.currency && accounts.length === 0)
      throw new DomainError('STATEMENT_CURRENCY_UNKNOWN', { currency: opts.currency });
    const since = await ledger().history.netSince(
      deps.db,
      accounts.map((a) => a.accountId),
      from,
    );
    const sections: StatementSection[] = [];
    for (const a of accounts) {
      let running = a.balance - (since.get(a.accountId) ?? 0n);
      const flows = opts.kinds ? [] : await ledger().history.monthlyFlows(deps.db, a.accountId, from, to);
      for (const chunk of splitByCalendarMonth(from, to)) {
        const month = chunk.from.toISOString().slice(0, 7);
        const f = flows.find((x) => x.month === month) ?? {
          credits: 0n,
          debits: 0n,
          count: 0,
          creditCount: 0,
          debitCount: 0,
        };
        const opening = running;
        running += f.credits - f.debits;
        sections.push({
          currency: a.currency,
          accountId: a.accountId,
          month,
          from: chunk.from,
          to: chunk.to,
          opening,
          closing: running,
          credits: f.credits,
          debits: f.debits,
          count: f.count,
          creditCount: f.creditCount,
          debitCount: f.debitCount,
        });
      }
    }
    const [iban] = await service(deps, 'wallets').ibansOf(wallet.id);
    const stamp = deps.clock.now();
    return {
      title: opts.title,
      reference: `${opts.prefix}${stamp.toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(3).toString('hex').toUpperCase()}`,
      platform: ctx.platform,
      generatedAt: stamp,
      companyName: await repo.companyName(deps.db, merchantId),
      wallet: { id: wallet.id, uuid: wallet.uuid, uiName: wallet.uiName },
      iban: iban ?? null,
      period: { from, to },
      sections,
    };
  }

  async function render(format: StatementFormat, m: StatementModel, lines: LineSource): Promise<Readable> {
    switch (format) {
      case 'pdf':
        return Readable.from(writePdf(m, lines));
      case 'csv':
        return Readable.from(writeCsv(m, lines));
      case 'camt053':
        return Readable.from(writeCamt053(m, lines));
      case 'mt940':
        return Readable.from(writeMt940(m, lines));
    }
  }

  return {
    /** Account statement for inclusive UTC dates, split by calendar month, streamed in `format`. */
    async statement(
      ctx: RequestContext<UserPrincipal>,
      b: {
        wallet_uuid: string;
        date_from: string;
        date_to: string;
        format: StatementFormat;
        currency?: string | undefined;
      },
    ): Promise<StatementFile> {
      const from = new Date(`${b.date_from}T00:00:00.000Z`);
      const to = new Date(new Date(`${b.date_to}T00:00:00.000Z`).getTime() + DAY_MS);
      if (to.getTime() <= from.getTime()) {
        throw new DomainError(
          'STATEMENT_PERIOD_INVALID',
          {},
          { fields: { date_to: 'The end of the period is before its start.' } },
        );
      }
      const m = await model(ctx, b.wallet_uuid, from, to, {
        currency: b.currency,
        title: 'Account statement',
        prefix: 'ST',
      });
      if (BANK_FORMATS.has(b.format)) m.sections = isoSections(m.sections, b.currency);
      const lines: LineSource = (s) => ledger().history.streamLines(deps.db, s.accountId, s.from, s.to);
      return {
        filename: `statement-${b.date_from}-${b.date_to}.${EXTENSIONS[b.format]}`,
        contentType: CONTENT_TYPES[b.format],
        lines: m.sections.reduce((n, s) => n + s.count, 0),
        stream: await render(b.format, m, lines),
      };
    },

    /**
     * Fee statement of one month MM/YYYY (spec §5 window): fee entries, and the fee each pay-out
     * paid inside its entry (issue 36: a CHAPS fee is a fee the company paid).
     */
    async feeStatement(
      ctx: RequestContext<UserPrincipal>,
      b: { wallet_uuid: string; period: string; format: 'pdf' | 'csv' },
    ): Promise<StatementFile> {
      const period = validateFeeStatementPeriod(b.period, deps.clock.now());
      if (!period.ok) throw new DomainError(period.error, {}, { fields: { period: period.error } });
      const from = new Date(Date.UTC(period.year, period.month - 1, 1));
      const to = new Date(Date.UTC(period.year, period.month, 1));
      const m = await model(ctx, b.wallet_uuid, from, to, {
        title: `Fee statement ${b.period}`,
        prefix: 'FS',
        kinds: ['fee'],
      });
      const fees = new Map<number, { total: bigint; count: number }>();
      // Fee sections show the fees charged, not the account's balance: totals are summed here.
      for (const s of m.sections) {
        let total = 0n;
        let count = 0;
        for await (const l of ledger().history.streamLines(deps.db, s.accountId, s.from, s.to, {
          fees: true,
        })) {
          total += l.amount;
          count++;
        }
        fees.set(s.accountId, { total, count });
        s.opening = 0n;
        s.closing = total;
        s.debits = -total;
        s.credits = 0n;
        s.count = count;
        s.creditCount = 0;
        s.debitCount = count;
      }
      const lines: LineSource = (s) =>
        ledger().history.streamLines(deps.db, s.accountId, s.from, s.to, { fees: true });
      return {
        filename: `fee-statement-${period.year}-${String(period.month).padStart(2, '0')}.${b.format}`,
        contentType: CONTENT_TYPES[b.format],
        lines: [...fees.values()].reduce((n, f) => n + f.count, 0),
        stream: await render(b.format, m, lines),
      };
    },
  };
}
