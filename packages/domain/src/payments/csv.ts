/**
 * CSV export cells (design §7: exports neutralise spreadsheet formulas). A cell starting with
 * = + - @ tab or CR would run as a formula in Excel/LibreOffice; it gets a leading apostrophe.
 * Plain numbers ('-12.50') are left as they are so amounts stay numeric.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number | null | undefined)[]): string =>
  `${cells.map(csvCell).join(',')}\r\n`;
