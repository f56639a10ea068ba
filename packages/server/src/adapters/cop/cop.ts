import type { CopResultCode } from '@portal/domain';

export interface CopRequest {
  payee: string;
  sortCode: string;
  accountNumber: string;
  payeeType: 'individual' | 'corporate';
}

export interface CopAnswer {
  matched: boolean;
  result: CopResultCode | null;
  accountName: string | null;
}

/** Confirmation of Payee (design §8): the payee bank's answer whether the name fits the account. */
export interface CopService {
  check(req: CopRequest): Promise<CopAnswer>;
}

interface KnownAccount {
  name: string;
  type: 'individual' | 'corporate';
}

/** Accounts the simulated payee banks know (sort code + account number). */
const KNOWN_ACCOUNTS: Record<string, KnownAccount> = {
  '20000031926819': { name: 'Acme Trading Ltd', type: 'corporate' },
  '40478412345678': { name: 'Jane Smith', type: 'individual' },
  '60161331926819': { name: 'Northwind Supplies Limited', type: 'corporate' },
  '30963487654321': { name: 'John Andrew Brown', type: 'individual' },
};

/** Test accounts that answer a fixed code whatever the name (spec §8 codes). */
const FIXED_ANSWERS: Record<string, CopResultCode> = {
  '00000000': 'AC01',
  '11111111': 'IVCR',
  '22222222': 'ACNS',
  '33333333': 'OPTO',
  '44444444': 'CASS',
  '88888888': 'UNKNOWN',
  '99999999': 'TECH_ERROR',
};
const UNSUPPORTED_SORT_CODES = new Set(['089999', '070116']);
const UNKNOWN_SORT_CODES = new Set(['000000', '999999', '123456']);

const normalizeName = (s: string) =>
  s
    .toLowerCase()
    .replace(/\b(limited)\b/g, 'ltd')
    .replace(/[^a-z0-9 ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const here = row[j] ?? 0;
      row[j] = Math.min(here + 1, (row[j - 1] ?? 0) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = here;
    }
  }
  return row[b.length] ?? 0;
}

/**
 * The simulator: fixed test accounts answer their code; known accounts compare the name (exact →
 * match, close → MBAM/BAMM/PAMM, other → ANNM) and the account type (BANM/PANM); any other account
 * of a known sort code belongs to whoever is named, so ordinary demo payments match.
 */
export function createCopSimulator(): CopService {
  return {
    async check(req) {
      const fixed = FIXED_ANSWERS[req.accountNumber];
      if (fixed) return { matched: false, result: fixed, accountName: null };
      if (UNKNOWN_SORT_CODES.has(req.sortCode)) return { matched: false, result: 'SCNF', accountName: null };
      if (UNSUPPORTED_SORT_CODES.has(req.sortCode))
        return { matched: false, result: 'SCNS', accountName: null };
      const known = KNOWN_ACCOUNTS[req.sortCode + req.accountNumber];
      if (!known) return { matched: true, result: null, accountName: req.payee };
      const given = normalizeName(req.payee);
      const actual = normalizeName(known.name);
      const typeDiffers = known.type !== req.payeeType;
      if (given === actual) {
        if (!typeDiffers) return { matched: true, result: null, accountName: known.name };
        return {
          matched: false,
          result: known.type === 'individual' ? 'BANM' : 'PANM',
          accountName: known.name,
        };
      }
      const close = distance(given, actual) <= Math.max(2, Math.floor(actual.length / 8));
      if (!close) return { matched: false, result: 'ANNM', accountName: null };
      if (!typeDiffers) return { matched: false, result: 'MBAM', accountName: known.name };
      return {
        matched: false,
        result: known.type === 'corporate' ? 'BAMM' : 'PAMM',
        accountName: known.name,
      };
    },
  };
}
