import { describe, expect, it } from 'vitest';
import { BULK_CSV_TEMPLATE, BULK_MAX_ROWS, parseBulkCsv, validateBulkRows } from './bulk.ts';
import { parseBulkUpload } from './index.ts';

const enc = (text: string) => new TextEncoder().encode(text);
const HEADER = 'payment_method,currency,amount,payee,iban,bic,sort_code,account_number,reference';
const sepa = (amount: string, payee = 'Anna Schmidt', iban = 'DE89370400440532013000', ref = 'Salary') =>
  `SEPA,EUR,${amount},${payee},${iban},,,,${ref}`;

function parsed(text: string) {
  const r = parseBulkCsv(text);
  if (!r.ok) throw new Error(`refused: ${r.code}`);
  return r;
}

describe('CSV of the pay-out terminal', () => {
  it('the downloadable template is valid as it is', () => {
    const r = parsed(BULK_CSV_TEMPLATE);
    const v = validateBulkRows(r.rows);
    expect(v.issues).toEqual([]);
    expect(v.rows.every((row) => row.valid !== null)).toBe(true);
    expect(v.totals.map((t) => [t.currency, t.amountMinor, t.count])).toEqual([
      ['EUR', 125000n, 1],
      ['GBP', 9990n, 1],
      ['USD', 150000n, 1],
    ]);
  });

  it('strips a UTF-8 byte-order mark (Excel "CSV UTF-8")', () => {
    const r = parseBulkUpload('pay.csv', enc(`\uFEFF${HEADER}\r\n${sepa('10.00')}\r\n`));
    expect(r.ok).toBe(true);
    if (r.ok) expect(validateBulkRows(r.rows).issues).toEqual([]);
  });

  it('detects the semicolon of European Excel and keeps quoted commas', () => {
    const text = `${HEADER.replace(/,/g, ';')}\nSEPA;EUR;10.00;"Müller, Hans";DE89370400440532013000;;;;Rent\n`;
    const v = validateBulkRows(parsed(text).rows);
    expect(v.issues).toEqual([]);
    expect(v.rows[0]?.valid?.requisites.payee).toBe('Müller, Hans');
  });

  it('refuses a file whose columns are glued by another separator', () => {
    const r = parseBulkCsv(`${HEADER.replace(/,/g, '|')}\nSEPA|EUR|10|x|y\n`);
    expect(r).toMatchObject({ ok: false, code: 'BULK_CSV_DELIMITER' });
  });

  it('names missing columns', () => {
    const r = parseBulkCsv('payment_method,currency,payee\nSEPA,EUR,x\n');
    expect(r).toMatchObject({ ok: false, code: 'BULK_CSV_HEADER', params: { columns: 'amount' } });
  });

  it('reads quoted newlines and doubled quotes, and numbers rows by their line in the file', () => {
    const text = `${HEADER}\r\n${sepa('1.00', '"Line one\r\nline ""two"""')}\r\n${sepa('2.00', 'Bob')}\r\n`;
    const r = parsed(text);
    expect(r.rows.map((x) => x.row)).toEqual([2, 4]);
    expect(r.rows[0]?.cells.payee).toBe('Line one\r\nline "two"');
    // A line break inside a payee name cannot travel in a scheme's name field.
    const v = validateBulkRows(r.rows);
    expect(v.issues.map((i) => [i.row, i.field, i.code])).toEqual([[2, 'payee', 'PAYEE_INVALID']]);
  });

  it('refuses an unterminated quote with its line', () => {
    const r = parseBulkCsv(`${HEADER}\n${sepa('1.00')}\nSEPA,EUR,1.00,"Open quote,DE89\n`);
    expect(r).toMatchObject({ ok: false, code: 'BULK_CSV_UNTERMINATED_QUOTE', params: { line: '3' } });
  });

  it('refuses formula-looking cells but keeps negative numbers as amounts', () => {
    const text = [
      HEADER,
      sepa('10.00', '"=HYPERLINK(""http://x"",""click"")"'),
      sepa('10.00', '@SUM(A1)'),
      sepa('-5.00'),
      sepa('+10.00'),
    ].join('\n');
    const v = validateBulkRows(parsed(text).rows);
    expect(v.issues.map((i) => [i.row, i.field, i.code])).toEqual([
      [2, 'payee', 'FORMULA_REFUSED'],
      [3, 'payee', 'FORMULA_REFUSED'],
      [4, 'amount', 'AMOUNT_NEGATIVE'],
    ]);
    expect(v.rows[3]?.valid?.amountMinor).toBe(1000n);
  });

  it('refuses a decimal comma and accepts a thousands comma before a decimal point', () => {
    const text = [HEADER, sepa('"12,50"'), sepa('"1,250"'), sepa('"1,250.75"'), sepa('1 250.00')].join('\n');
    const v = validateBulkRows(parsed(text).rows);
    expect(v.issues.map((i) => [i.row, i.code, i.params.value])).toEqual([
      [2, 'AMOUNT_DECIMAL_COMMA', '12,50'],
      [3, 'AMOUNT_DECIMAL_COMMA', '1,250'],
    ]);
    expect(v.rows.map((r) => r.valid?.amountMinor ?? null)).toEqual([null, null, 125075n, 125000n]);
  });

  it('checks requisites per method like a single pay-out', () => {
    const text = [
      HEADER,
      sepa('10.00', 'A', 'DE89370400440532013001'), // wrong check digits
      'FPS,GBP,10.00,B,,,12-34,12345678,x', // short sort code
      'FPS,EUR,10.00,C,,,20-00-00,55779911,x', // FPS carries GBP only
      'SWIFT,USD,10.00,D,DE89370400440532013000,,,,x', // SWIFT needs a BIC
      'TELEPORT,EUR,10.00,E,,,,,x',
      'FPS,GBP,2000000.00,F,,,20-00-00,55779911,x', // above the FPS limit
    ].join('\n');
    const v = validateBulkRows(parsed(text).rows);
    expect(v.issues.map((i) => [i.row, i.field, i.code])).toEqual([
      [2, 'iban', 'IBAN_BAD_CHECKSUM'],
      [3, 'sort_code', 'SORT_CODE_INVALID'],
      [4, 'currency', 'CURRENCY_NOT_SUPPORTED'],
      [5, 'bic', 'FIELD_REQUIRED'],
      [6, 'payment_method', 'METHOD_UNKNOWN'],
      [7, 'amount', 'AMOUNT_ABOVE_MAX'],
    ]);
    expect(v.errorRows).toBe(6);
  });

  it('checks ABA routing numbers and refuses methods the company switched off', () => {
    const text = [
      'payment_method,currency,amount,payee,bank_code,account_number',
      'ACH,USD,10.00,Acme,021000022,123456789',
      'ACH,USD,10.00,Acme,021000021,123456789',
    ].join('\n');
    const v = validateBulkRows(parsed(text).rows);
    expect(v.issues.map((i) => [i.row, i.field, i.code])).toEqual([[2, 'bank_code', 'ABA_BAD_CHECKSUM']]);
    const off = validateBulkRows(parsed(text).rows, { availableMethods: ['SEPA'] });
    expect(off.issues.filter((i) => i.code === 'METHOD_NOT_AVAILABLE')).toHaveLength(2);
  });

  it('warns about duplicate rows without refusing them', () => {
    const v = validateBulkRows(parsed([HEADER, sepa('10.00'), sepa('10.00'), sepa('11.00')].join('\n')).rows);
    expect(v.issues.map((i) => [i.row, i.code, i.severity, i.params.first])).toEqual([
      [3, 'DUPLICATE_ROW', 'warning', '2'],
    ]);
    expect(v.errorRows).toBe(0);
    expect(v.warningRows).toBe(1);
    expect(v.totals[0]?.count).toBe(3);
  });

  it('reports a row with a wrong number of cells and ignores blank lines and trailing empty cells', () => {
    const text = `${HEADER}\n\n${sepa('1.00')},,\nSEPA,EUR,1.00\n`;
    const v = validateBulkRows(parsed(text).rows);
    expect(v.issues.filter((i) => i.code === 'CSV_COLUMN_COUNT').map((i) => i.row)).toEqual([4]);
  });

  it(`accepts ${BULK_MAX_ROWS} rows and refuses one more`, () => {
    const line = sepa('1.00');
    const ok = parseBulkCsv([HEADER, ...Array(BULK_MAX_ROWS).fill(line)].join('\n'));
    expect(ok.ok && ok.rows.length).toBe(BULK_MAX_ROWS);
    const tooMany = parseBulkCsv([HEADER, ...Array(BULK_MAX_ROWS + 1).fill(line)].join('\n'));
    expect(tooMany).toMatchObject({ ok: false, code: 'BULK_TOO_MANY_ROWS', params: { max: '10000' } });
  });

  it('refuses other file types, binary content and non-UTF-8 text', () => {
    expect(parseBulkUpload('pay.xlsx', enc(HEADER))).toMatchObject({ code: 'BULK_FILE_TYPE' });
    expect(parseBulkUpload('pay.csv', new Uint8Array([0x50, 0x4b, 3, 4]))).toMatchObject({
      code: 'BULK_FILE_TYPE',
    });
    expect(parseBulkUpload('pay.csv', new Uint8Array([0x61, 0xe9, 0x0a]))).toMatchObject({
      code: 'BULK_NOT_UTF8',
    });
    expect(parseBulkUpload('pay.csv', new Uint8Array())).toMatchObject({ code: 'BULK_FILE_EMPTY' });
    expect(parseBulkUpload('pay.csv', enc(`${HEADER}\n`))).toMatchObject({ code: 'BULK_NO_ROWS' });
  });
});
