import { PAYMENT_METHOD_CODES, PAYMENT_METHODS, type PaymentMethod } from '../enums/payments.ts';
import { DIRECTION_METHODS, METHOD_REQUISITES, type RequisiteField } from '../payments/methods.ts';
import {
  FIELD_MESSAGES,
  type FieldErrorCode,
  type Requisites,
  type ValidPayout,
  validatePayout,
} from '../payments/requisites.ts';
import { firstLine, readCsv } from './csv-reader.ts';

/** Most payments one batch may hold; a larger file is refused whole (split it). */
export const BULK_MAX_ROWS = 10_000;
/** Largest file accepted: 10,000 rows of the template stay well under it. */
export const BULK_MAX_BYTES = 5 * 1024 * 1024;
/** Longest reference (the comments of a single pay-out; ISO 20022 unstructured remittance). */
export const BULK_REFERENCE_MAX = 140;

/** Columns of the CSV template, in template order; names are matched case-insensitively. */
export const BULK_CSV_COLUMNS = [
  'payment_method',
  'currency',
  'amount',
  'payee',
  'payee_type',
  'iban',
  'bic',
  'sort_code',
  'account_number',
  'bank_code',
  'bsb',
  'inn',
  'tax_number',
  'registration_number',
  'intermediary_bic',
  'reference',
] as const;
export type BulkColumn = (typeof BULK_CSV_COLUMNS)[number];
export const BULK_REQUIRED_COLUMNS: readonly BulkColumn[] = ['payment_method', 'currency', 'amount', 'payee'];

/**
 * The downloadable template: the header and one example row per common rail. Amounts use a point
 * for decimals; a comma is accepted only as a thousands separator before a decimal point (1,250.00).
 */
export const BULK_CSV_TEMPLATE = [
  BULK_CSV_COLUMNS.join(','),
  'SEPA,EUR,1250.00,Bäckerei Müller GmbH,corporate,DE89370400440532013000,COBADEFFXXX,,,,,,,,,Invoice 2024-118',
  'FPS,GBP,99.90,Jane Smith,individual,,,20-00-00,55779911,,,,,,,Refund order 5531',
  'ACH,USD,"1,500.00",Acme Supplies Inc,corporate,,,,123456789,021000021,,,,,,PO 7781',
]
  .map((l) => `${l}\r\n`)
  .join('');

export type BulkFormat = 'csv' | 'pain.001.001.03' | 'pain.001.001.09';
export const BULK_FORMATS = ['csv', 'pain.001.001.03', 'pain.001.001.09'] as const;

/** One payment of the file as read, before any rule: cells by template column. */
export interface BulkRowInput {
  /** Line of the CSV file where the row starts, or the transaction's position in a pain.001 file. */
  row: number;
  cells: Partial<Record<BulkColumn, string>>;
  /** Problems found while reading (formula cells, wrong cell count), reported with the rules' ones. */
  readIssues?: BulkIssue[];
  /** What a pain.001 transaction says beyond the cells: the account it debits and the client's ids. */
  pain?: PainTransaction;
}

/** The client's own identification of one pain.001 credit transfer, kept on the payment it becomes. */
export interface PainTransaction {
  /** `PmtInf/PmtInfId` of the block the transaction is in. */
  paymentInfoId: string;
  /** `PmtInf/DbtrAcct/Id/IBAN`, compact and upper case: the account of the company that pays. */
  debtorIban: string;
  /** `PmtId/EndToEndId` (`NOTPROVIDED` counts as none). */
  endToEndId: string;
  /** `PmtId/InstrId`. */
  instructionId: string;
  /** `RmtInf/Ustrd`. */
  remittance: string;
}

export type BulkFileErrorCode =
  | 'BULK_FILE_TYPE'
  | 'BULK_FILE_EMPTY'
  | 'BULK_FILE_TOO_LARGE'
  | 'BULK_NOT_UTF8'
  | 'BULK_TOO_MANY_ROWS'
  | 'BULK_NO_ROWS'
  | 'BULK_CSV_DELIMITER'
  | 'BULK_CSV_HEADER'
  | 'BULK_CSV_UNTERMINATED_QUOTE'
  | 'PAIN_MALFORMED'
  | 'PAIN_NAMESPACE'
  | 'PAIN_CONTROL_SUM'
  | 'PAIN_TX_COUNT';

export type BulkFileResult =
  | {
      ok: true;
      format: BulkFormat;
      rows: BulkRowInput[];
      /** `GrpHdr/MsgId` of a pain.001 file: a company uploads each message once. */
      messageId?: string;
    }
  | { ok: false; code: BulkFileErrorCode; params: Record<string, string> };

/** Row-level codes of the terminal beside the pay-out field codes of `FIELD_MESSAGES`. */
export const BULK_ROW_MESSAGES = {
  METHOD_UNKNOWN: 'Unknown payment method {value}.',
  METHOD_NOT_AVAILABLE: 'The payment method {method} is not available for your company.',
  FORMULA_REFUSED: 'The cell starts like a spreadsheet formula ({start}); formulas are not accepted.',
  AMOUNT_DECIMAL_COMMA: 'Write the amount with a decimal point (1250.50), not a comma: {value}.',
  PAYEE_TYPE_INVALID: 'Payee type must be individual or corporate.',
  REFERENCE_TOO_LONG: 'Reference may have at most {max} characters.',
  CSV_COLUMN_COUNT: 'The row has {found} cells; the header has {expected}.',
  DUPLICATE_ROW: 'Same payment as row {first}: check it is not paid twice.',
  WALLET_CURRENCY_MISSING: 'Your company has no wallet in {currency} to pay from.',
  DEBTOR_CURRENCY_MISSING: 'The debtor account {iban} holds no {currency} to pay from.',
} as const;
export type BulkRowCode = keyof typeof BULK_ROW_MESSAGES;
export type BulkIssueCode = FieldErrorCode | BulkRowCode;

/** One problem of one row: the column it concerns, a code the browser translates and its params. */
export interface BulkIssue {
  row: number;
  field: string;
  code: BulkIssueCode;
  params: Record<string, string>;
  message: string;
  severity: 'error' | 'warning';
}

export function bulkIssue(
  row: number,
  field: string,
  code: BulkIssueCode,
  params: Record<string, string> = {},
  severity: 'error' | 'warning' = 'error',
): BulkIssue {
  const template: string =
    (BULK_ROW_MESSAGES as Record<string, string>)[code] ??
    (FIELD_MESSAGES as Record<string, string>)[code] ??
    code;
  const message = template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
  return { row, field, code, params, message, severity };
}

// ---------------------------------------------------------------------------------------------
// File reading
// ---------------------------------------------------------------------------------------------

const fail = (
  code: BulkFileErrorCode,
  params: Record<string, string> = {},
): { ok: false; code: BulkFileErrorCode; params: Record<string, string> } => ({
  ok: false,
  code,
  params,
});

/** An uploaded file's text, once it is known to be UTF-8 text of an accepted type and size. */
export type BulkFileText =
  | { ok: true; text: string; isXml: boolean }
  | { ok: false; code: BulkFileErrorCode; params: Record<string, string> };

/**
 * The text of an uploaded file, told apart by its content: XML (pain.001) or CSV. The name must
 * end in .csv or .xml; binary content (a spreadsheet or PDF renamed) and non-UTF-8 text are refused.
 */
export function readBulkFile(fileName: string, bytes: Uint8Array): BulkFileText {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  if (ext !== 'csv' && ext !== 'xml' && ext !== 'txt') return fail('BULK_FILE_TYPE');
  if (bytes.length === 0) return fail('BULK_FILE_EMPTY');
  if (bytes.length > BULK_MAX_BYTES)
    return fail('BULK_FILE_TOO_LARGE', { max: String(BULK_MAX_BYTES / 1048576) });
  // UTF-16 byte-order marks and NUL bytes: not a UTF-8 text file (Excel "Unicode text", xlsx, pdf).
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    return fail('BULK_NOT_UTF8');
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return fail('BULK_FILE_TYPE'); // zip: xlsx/ods
  if (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46)
    return fail('BULK_FILE_TYPE'); // %PDF
  if (bytes.includes(0)) return fail('BULK_FILE_TYPE');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return fail('BULK_NOT_UTF8');
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') return fail('BULK_FILE_EMPTY');
  if (text.trimStart().startsWith('<')) return { ok: true, text, isXml: true };
  if (ext === 'xml') return fail('PAIN_MALFORMED', { reason: 'no XML content' });
  return { ok: true, text, isXml: false };
}

/** Reads an uploaded file (see `readBulkFile`) and parses it as pain.001 or CSV. */
export function parseBulkFile(
  fileName: string,
  bytes: Uint8Array,
  parsePain: (text: string) => BulkFileResult,
): BulkFileResult {
  const read = readBulkFile(fileName, bytes);
  if (!read.ok) return read;
  return read.isXml ? parsePain(read.text) : parseBulkCsv(read.text);
}

const normalizeHeader = (cell: string) =>
  cell
    .trim()
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * CSV of the template. The delimiter is the comma or the semicolon (Excel in many European
 * locales) or a tab, found from the header: the one that splits it into the template's columns.
 */
export function parseBulkCsv(source: string): BulkFileResult {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const header = firstLine(text);
  const known = new Set<string>(BULK_CSV_COLUMNS);
  let delimiter: string | null = null;
  let best = 0;
  for (const d of [',', ';', '\t']) {
    const names = header.split(d).map((c) => normalizeHeader(c.replace(/^"|"$/g, '')));
    const hits = names.filter((c) => known.has(c)).length;
    if (hits > best) {
      best = hits;
      delimiter = d;
    }
  }
  if (delimiter === null || best === 0) {
    // Columns named but glued by another separator ('|', spaces): the delimiter is the problem.
    const glued = BULK_CSV_COLUMNS.some((c) => header.toLowerCase().includes(c));
    return glued
      ? fail('BULK_CSV_DELIMITER')
      : fail('BULK_CSV_HEADER', { columns: BULK_REQUIRED_COLUMNS.join(', ') });
  }
  const read = readCsv(text, delimiter, BULK_MAX_ROWS + 1);
  if (!read.ok) {
    if (read.code === 'BULK_TOO_MANY_ROWS')
      return fail('BULK_TOO_MANY_ROWS', { count: `${BULK_MAX_ROWS}+`, max: String(BULK_MAX_ROWS) });
    return fail(read.code, { line: String(read.line) });
  }
  const [head, ...data] = read.records;
  if (!head) return fail('BULK_FILE_EMPTY');
  const columns = head.cells.map(normalizeHeader);
  const missing = BULK_REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    // A one-cell header holding another separator: say so rather than list every column.
    if (columns.length === 1 && /[,;|\t]/.test(head.cells[0] ?? '')) return fail('BULK_CSV_DELIMITER');
    return fail('BULK_CSV_HEADER', { columns: missing.join(', ') });
  }
  if (data.length === 0) return fail('BULK_NO_ROWS');
  if (data.length > BULK_MAX_ROWS)
    return fail('BULK_TOO_MANY_ROWS', { count: String(data.length), max: String(BULK_MAX_ROWS) });

  const rows: BulkRowInput[] = data.map((record) => {
    const cells: Partial<Record<BulkColumn, string>> = {};
    const readIssues: BulkIssue[] = [];
    columns.forEach((name, index) => {
      if (known.has(name)) cells[name as BulkColumn] = record.cells[index] ?? '';
    });
    // Trailing empty cells (a spreadsheet's unused columns) are fine; extra filled ones are not.
    const extra = record.cells.slice(columns.length).some((c) => c.trim() !== '');
    if (record.cells.length < columns.length || extra) {
      readIssues.push(
        bulkIssue(record.line, 'row', 'CSV_COLUMN_COUNT', {
          found: String(record.cells.length),
          expected: String(columns.length),
        }),
      );
    }
    return { row: record.line, cells, readIssues };
  });
  return { ok: true, format: 'csv', rows };
}

// ---------------------------------------------------------------------------------------------
// Row rules
// ---------------------------------------------------------------------------------------------

/** Which requisite each column fills (the account number goes where the method wants it). */
const COLUMN_FIELD: Partial<Record<BulkColumn, RequisiteField>> = {
  payee: 'payee',
  iban: 'iban',
  bic: 'bic',
  sort_code: 'sortCode',
  bank_code: 'bankCode',
  bsb: 'bsb',
  inn: 'inn',
  tax_number: 'taxNumber',
  registration_number: 'registrationNumber',
  intermediary_bic: 'bankSwiftCode',
};
const FIELD_COLUMN: Record<RequisiteField, BulkColumn> = {
  iban: 'iban',
  bankSwiftCode: 'intermediary_bic',
  payee: 'payee',
  payeeRequisite: 'account_number',
  sortCode: 'sort_code',
  accountNumber: 'account_number',
  bankCode: 'bank_code',
  bankAccountNumber: 'account_number',
  bsb: 'bsb',
  bic: 'bic',
  accountUuid: 'account_number',
  cardNumber: 'account_number',
  inn: 'inn',
  registrationNumber: 'registration_number',
  taxNumber: 'tax_number',
};

const METHOD_BY_NAME = new Map<string, PaymentMethod>();
for (const code of PAYMENT_METHOD_CODES) {
  METHOD_BY_NAME.set(code.toLowerCase(), code);
  METHOD_BY_NAME.set(PAYMENT_METHODS[code].label.toLowerCase(), code);
  METHOD_BY_NAME.set(code.toLowerCase().replace(/_/g, ' '), code);
}

/** The method a cell names: its code (SEPA_INSTANT) or label (SEPA Instant), any case. */
export function bulkMethodOf(value: string): PaymentMethod | null {
  const method = METHOD_BY_NAME.get(value.trim().toLowerCase().replace(/\s+/g, ' '));
  const payout: readonly string[] = DIRECTION_METHODS.payout;
  return method && payout.includes(method) ? method : null;
}

/** A cell that a spreadsheet would run as a formula (design §7); plain signed numbers are not. */
export function looksLikeFormula(value: string): boolean {
  return /^[=+\-@\t\r]/.test(value) && !/^[+-]?[\d\s.,']+$/.test(value);
}

/**
 * Amount rule of the terminal: the decimal separator is the point. A comma is accepted only as a
 * thousands separator in front of a decimal point ("1,250.00"); any other comma ("12,50",
 * "1,250") is refused rather than guessed, since "1,250" is 1.25 in half of Europe.
 */
export function bulkAmountText(value: string): { ok: true; text: string } | { ok: false } {
  // A leading plus sign (exported by some accounting tools) means nothing.
  const trimmed = value.trim().replace(/^\+(?=\d)/, '');
  if (!trimmed.includes(',')) return { ok: true, text: trimmed };
  if (/^-?\d{1,3}(,\d{3})+\.\d+$/.test(trimmed)) return { ok: true, text: trimmed.replace(/,/g, '') };
  return { ok: false };
}

export type PayeeType = 'individual' | 'corporate';

/** A row that passed every rule: the single pay-out's normalized form plus the batch fields. */
export interface ValidBulkRow extends ValidPayout {
  row: number;
  payeeType: PayeeType;
  reference: string;
}

export interface BulkRowResult {
  row: number;
  cells: Partial<Record<BulkColumn, string>>;
  valid: ValidBulkRow | null;
}

export interface BulkTotal {
  currency: string;
  amountMinor: bigint;
  count: number;
}

export interface BulkValidation {
  rows: BulkRowResult[];
  issues: BulkIssue[];
  errorRows: number;
  warningRows: number;
  totals: BulkTotal[];
}

export interface BulkRules {
  /** Pay-out methods the company may use; every pay-out method when absent. */
  availableMethods?: readonly PaymentMethod[];
  /** Currencies the company holds a wallet in (each row pays from that wallet); any when absent. */
  payableCurrencies?: readonly string[];
  /**
   * Currencies held by each debtor account a pain.001 file names (by compact IBAN): a row naming
   * its debtor account pays from that account only, so its currency must be one the account holds.
   */
  debtorCurrencies?: ReadonlyMap<string, readonly string[]>;
}

/**
 * Every row through the same rules as a single pay-out (`validatePayout`: method, requisites per
 * method, amount limits, currency), plus the terminal's own: formula cells, comma amounts, payee
 * type, reference length; duplicates are a warning on the later row.
 */
export function validateBulkRows(inputs: readonly BulkRowInput[], rules: BulkRules = {}): BulkValidation {
  const issues: BulkIssue[] = [];
  const rows: BulkRowResult[] = [];
  const seen = new Map<string, number>();
  const totals = new Map<string, BulkTotal>();
  let errorRows = 0;
  let warningRows = 0;
  const available = rules.availableMethods ? new Set(rules.availableMethods) : null;
  const payable = rules.payableCurrencies ? new Set(rules.payableCurrencies) : null;

  for (const input of inputs) {
    const rowIssues: BulkIssue[] = [...(input.readIssues ?? [])];
    const cell = (c: BulkColumn) => input.cells[c] ?? '';
    const refused = new Set<string>();
    for (const column of BULK_CSV_COLUMNS) {
      const value = cell(column);
      if (looksLikeFormula(value) && !(column === 'amount' && /^-?[\d.,\s]+$/.test(value.trim()))) {
        rowIssues.push(bulkIssue(input.row, column, 'FORMULA_REFUSED', { start: value.trim().slice(0, 1) }));
        refused.add(column);
      }
    }
    const usable = (c: BulkColumn) => (refused.has(c) ? '' : cell(c));

    const methodText = usable('payment_method').trim();
    const method = methodText === '' ? null : bulkMethodOf(methodText);
    if (!refused.has('payment_method')) {
      if (methodText === '')
        rowIssues.push(bulkIssue(input.row, 'payment_method', 'FIELD_REQUIRED', { field: 'Payment method' }));
      else if (!method)
        rowIssues.push(bulkIssue(input.row, 'payment_method', 'METHOD_UNKNOWN', { value: methodText }));
      else if (available && !available.has(method))
        rowIssues.push(
          bulkIssue(input.row, 'payment_method', 'METHOD_NOT_AVAILABLE', {
            method: PAYMENT_METHODS[method].label,
          }),
        );
    }

    const payeeTypeText = usable('payee_type').trim().toLowerCase();
    const payeeType: PayeeType | null =
      payeeTypeText === '' || payeeTypeText === 'corporate'
        ? 'corporate'
        : payeeTypeText === 'individual'
          ? 'individual'
          : null;
    if (payeeType === null && !refused.has('payee_type'))
      rowIssues.push(bulkIssue(input.row, 'payee_type', 'PAYEE_TYPE_INVALID'));
    const reference = usable('reference').trim().replace(/\s+/g, ' ');
    if (reference.length > BULK_REFERENCE_MAX)
      rowIssues.push(
        bulkIssue(input.row, 'reference', 'REFERENCE_TOO_LONG', { max: String(BULK_REFERENCE_MAX) }),
      );

    let amountText = usable('amount');
    if (!refused.has('amount')) {
      const amount = bulkAmountText(amountText);
      if (amount.ok) amountText = amount.text;
      else {
        rowIssues.push(bulkIssue(input.row, 'amount', 'AMOUNT_DECIMAL_COMMA', { value: amountText.trim() }));
        refused.add('amount');
      }
    }

    let valid: ValidBulkRow | null = null;
    if (method) {
      const requisites: Requisites = {};
      for (const [column, field] of Object.entries(COLUMN_FIELD) as [BulkColumn, RequisiteField][]) {
        const v = usable(column);
        if (v.trim() !== '') requisites[field] = v;
      }
      const account = usable('account_number');
      if (account.trim() !== '') {
        const specs: readonly { field: RequisiteField }[] = METHOD_REQUISITES[method];
        const target = specs.find((s) => s.field === 'accountNumber' || s.field === 'bankAccountNumber');
        requisites[target?.field ?? 'bankAccountNumber'] = account;
      }
      const check = validatePayout({ method, currency: usable('currency'), amount: amountText, requisites });
      if (!check.ok) {
        for (const [key, e] of Object.entries(check.errors)) {
          const column = key.startsWith('requisites.')
            ? FIELD_COLUMN[key.slice('requisites.'.length) as RequisiteField]
            : (key as BulkColumn);
          // A refused cell already has its message; do not add "required" on top of it.
          if (refused.has(column)) continue;
          rowIssues.push(bulkIssue(input.row, column, e.code, e.params));
        }
      } else if (
        input.pain &&
        rules.debtorCurrencies &&
        !rules.debtorCurrencies.get(input.pain.debtorIban)?.includes(check.value.currency)
      ) {
        rowIssues.push(
          bulkIssue(input.row, 'currency', 'DEBTOR_CURRENCY_MISSING', {
            iban: input.pain.debtorIban,
            currency: check.value.currency,
          }),
        );
      } else if (!(input.pain && rules.debtorCurrencies) && payable && !payable.has(check.value.currency)) {
        rowIssues.push(
          bulkIssue(input.row, 'currency', 'WALLET_CURRENCY_MISSING', { currency: check.value.currency }),
        );
      } else if (rowIssues.every((i) => i.severity !== 'error') && payeeType) {
        valid = { ...check.value, row: input.row, payeeType, reference };
      }
    }
    if (valid) {
      const key = [
        valid.method,
        valid.currency,
        valid.amountMinor,
        JSON.stringify(Object.entries(valid.requisites).sort()),
        valid.reference.toLowerCase(),
      ].join('|');
      const first = seen.get(key);
      if (first !== undefined)
        rowIssues.push(bulkIssue(input.row, 'row', 'DUPLICATE_ROW', { first: String(first) }, 'warning'));
      else seen.set(key, input.row);
      const total = totals.get(valid.currency) ?? { currency: valid.currency, amountMinor: 0n, count: 0 };
      total.amountMinor += valid.amountMinor;
      total.count += 1;
      totals.set(valid.currency, total);
    }
    if (rowIssues.some((i) => i.severity === 'error')) errorRows++;
    else if (rowIssues.length > 0) warningRows++;
    issues.push(...rowIssues);
    rows.push({ row: input.row, cells: input.cells, valid });
  }
  return {
    rows,
    issues,
    errorRows,
    warningRows,
    totals: [...totals.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1)),
  };
}
