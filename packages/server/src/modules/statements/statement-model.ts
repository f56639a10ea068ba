import type { PlatformLabel } from '@portal/domain';
import type { StatementLine } from '../ledger/ledger.read.ts';

/** One currency of the wallet over one calendar month of the period (spec §5: split by month). */
export interface StatementSection {
  currency: string;
  accountId: number;
  /** 'YYYY-MM' */
  month: string;
  from: Date;
  /** Exclusive. */
  to: Date;
  opening: bigint;
  closing: bigint;
  credits: bigint;
  debits: bigint;
  count: number;
  creditCount: number;
  debitCount: number;
}

export interface StatementModel {
  title: string;
  reference: string;
  platform: PlatformLabel;
  generatedAt: Date;
  companyName: string;
  wallet: { id: number; uuid: string; uiName: string };
  iban: string | null;
  period: { from: Date; to: Date };
  sections: StatementSection[];
}

/** Reads the lines of one section, a page at a time. */
export type LineSource = (section: StatementSection) => AsyncIterable<StatementLine>;

export const isoDate = (d: Date) => d.toISOString().slice(0, 10);
/** The inclusive last day of an exclusive end. */
export const lastDay = (to: Date) => isoDate(new Date(to.getTime() - 1));

export function describe(line: StatementLine): string {
  return line.details.description ?? line.kind;
}
