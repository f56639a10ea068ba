import { normalizeIban } from '../formats/iban.ts';

/**
 * The BIC directory shipped with the product: banks the intermediary-bank check and the BIC/IBAN
 * match know. `ibanBankCode` is the bank identifier inside the IBAN (the characters after the
 * check digits, as long as the country's bank code); when it is set, an IBAN of that bank must go
 * with this BIC. `sepa` / `sepaInstant`: reachability in the SEPA schemes (simulated, spec §5).
 */
export interface DirectoryBank {
  bic: string;
  name: string;
  country: string;
  ibanBankCode?: string;
  sepa: boolean;
  sepaInstant: boolean;
}

const bank = (
  bic: string,
  name: string,
  country: string,
  ibanBankCode: string | undefined,
  sepa: boolean,
  sepaInstant: boolean,
): DirectoryBank => ({ bic, name, country, sepa, sepaInstant, ...(ibanBankCode ? { ibanBankCode } : {}) });

export const BIC_DIRECTORY: readonly DirectoryBank[] = [
  bank('DEUTDEFF', 'Deutsche Bank AG', 'DE', '50070010', true, true),
  bank('COBADEFF', 'Commerzbank AG', 'DE', '37040044', true, true),
  bank('BNPAFRPP', 'BNP Paribas', 'FR', '30004', true, true),
  bank('SOGEFRPP', 'Societe Generale', 'FR', '30003', true, true),
  bank('PSSTFRPP', 'La Banque Postale', 'FR', '20041', true, false),
  bank('ABNANL2A', 'ABN AMRO Bank N.V.', 'NL', 'ABNA', true, true),
  bank('INGBNL2A', 'ING Bank N.V.', 'NL', 'INGB', true, true),
  bank('RABONL2U', 'Cooperatieve Rabobank U.A.', 'NL', 'RABO', true, true),
  bank('BSCHESMM', 'Banco Santander S.A.', 'ES', '0049', true, true),
  bank('BBVAESMM', 'Banco Bilbao Vizcaya Argentaria', 'ES', '0182', true, true),
  bank('CAIXESBB', 'CaixaBank S.A.', 'ES', '2100', true, false),
  bank('UNCRITMM', 'UniCredit S.p.A.', 'IT', undefined, true, true),
  bank('BCITITMM', 'Intesa Sanpaolo S.p.A.', 'IT', undefined, true, true),
  bank('RZBAATWW', 'Raiffeisen Bank International AG', 'AT', '31000', true, true),
  bank('GIBAATWW', 'Erste Group Bank AG', 'AT', '20111', true, true),
  bank('GEBABEBB', 'BNP Paribas Fortis', 'BE', '001', true, true),
  bank('REVOLT21', 'Revolut Bank UAB', 'LT', '32500', true, true),
  bank('HABALT22', 'Swedbank AB', 'LT', '73000', true, true),
  bank('CBVILT2X', 'AB SEB bankas', 'LT', '70440', true, false),
  bank('NDEAFIHH', 'Nordea Bank Abp', 'FI', undefined, true, true),
  bank('DABADKKK', 'Danske Bank A/S', 'DK', '3000', true, false),
  bank('ESSESESS', 'Skandinaviska Enskilda Banken', 'SE', '5000', true, true),
  bank('UBSWCHZH', 'UBS Switzerland AG', 'CH', '00230', true, false),
  bank('BPKOPLPW', 'PKO Bank Polski S.A.', 'PL', undefined, true, false),
  bank('BUKBGB22', 'Barclays Bank UK PLC', 'GB', 'BUKB', true, false),
  bank('NWBKGB2L', 'National Westminster Bank PLC', 'GB', 'NWBK', true, false),
  bank('HBUKGB4B', 'HSBC UK Bank PLC', 'GB', 'HBUK', true, false),
  bank('MIDLGB22', 'HSBC Bank PLC', 'GB', 'MIDL', true, false),
  bank('LOYDGB2L', 'Lloyds Bank PLC', 'GB', 'LOYD', true, false),
  bank('CLRBGB22', 'ClearBank Ltd', 'GB', 'CLRB', true, false),
  bank('MODRGB2L', 'Modulr FS Ltd', 'GB', 'MODR', true, false),
  bank('CHASUS33', 'JPMorgan Chase Bank N.A.', 'US', undefined, false, false),
  bank('BOFAUS3N', 'Bank of America N.A.', 'US', undefined, false, false),
  bank('CITIUS33', 'Citibank N.A.', 'US', undefined, false, false),
  bank('IRVTUS3N', 'The Bank of New York Mellon', 'US', undefined, false, false),
  bank('ROYCCAT2', 'Royal Bank of Canada', 'CA', undefined, false, false),
  bank('CTBAAU2S', 'Commonwealth Bank of Australia', 'AU', undefined, false, false),
  bank('HSBCHKHH', 'The Hongkong and Shanghai Banking Corporation', 'HK', undefined, false, false),
  bank('AGRIMD2X', 'Moldova Agroindbank', 'MD', 'AG', false, false),
  bank('PBANUA2X', 'JSC CB PrivatBank', 'UA', '305299', false, false),
];

/** Looks a BIC up by its 8-character institution code (a branch suffix is ignored; XXX = head office). */
export function findBank(bic: string): DirectoryBank | undefined {
  const head = bic.trim().toUpperCase().slice(0, 8);
  return BIC_DIRECTORY.find((b) => b.bic === head);
}

/** The directory bank an IBAN belongs to, when the directory knows the IBAN's bank code. */
export function bankForIban(text: string): DirectoryBank | undefined {
  const iban = normalizeIban(text);
  const country = iban.slice(0, 2);
  const bban = iban.slice(4);
  return BIC_DIRECTORY.find(
    (b) => b.country === country && b.ibanBankCode !== undefined && bban.startsWith(b.ibanBankCode),
  );
}

/**
 * Spec §5 "SWIFT/BIC mismatch shows the expected value": the BIC the IBAN's bank has, when it
 * differs from the one typed; null when they match or the directory cannot tell.
 */
export function expectedBicFor(iban: string, bic: string): string | null {
  const known = bankForIban(iban);
  if (known === undefined) return null;
  return known.bic === bic.trim().toUpperCase().slice(0, 8) ? null : known.bic;
}

/**
 * Test IBANs (spec §5 "Wrong-IBAN list of five test IBANs flagged wrong"): valid by checksum, but the
 * processing simulator declines payouts to them and checkRequisite flags them.
 */
export const WRONG_TEST_IBANS = [
  'DE41370400440000000001',
  'DE26500700100000000002',
  'FR4530004000010000000000306',
  'NL74ABNA0000000004',
  'ES4800490001512345678901',
] as const;

/** Test IBANs the simulator settles and then returns (payee bank sends the money back). */
export const RETURNED_TEST_IBANS = ['DE19370400440000000009', 'GB31NWBK60161300000009'] as const;

export const isWrongTestIban = (iban: string): boolean =>
  (WRONG_TEST_IBANS as readonly string[]).includes(normalizeIban(iban));
