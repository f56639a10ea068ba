import { defineErrors } from '../errors/define.ts';

/** Refusals of the pay-out terminal (issue 14): whole-file problems and batch actions. */
export const bulkPayoutErrors = defineErrors({
  BULK_FILE_TYPE: {
    status: 417,
    message: 'Upload a CSV file (.csv) or an ISO 20022 pain.001 file (.xml).',
  },
  BULK_FILE_EMPTY: { status: 417, message: 'The file is empty.' },
  BULK_FILE_TOO_LARGE: { status: 413, message: 'The file is larger than {max} MB.' },
  BULK_NOT_UTF8: {
    status: 417,
    message: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.',
  },
  BULK_TOO_MANY_ROWS: {
    status: 417,
    message: 'The file has {count} payments; a batch may have at most {max}. Split it into several files.',
  },
  BULK_NO_ROWS: { status: 417, message: 'The file has no payments.' },
  BULK_CSV_DELIMITER: {
    status: 417,
    message:
      'The columns of the file are not separated by commas or semicolons. Use the template and save it as CSV.',
  },
  BULK_CSV_HEADER: {
    status: 417,
    message: 'The first line must name the columns of the template. Missing: {columns}.',
  },
  BULK_CSV_UNTERMINATED_QUOTE: {
    status: 417,
    message: 'A quoted cell that starts on line {line} is never closed.',
  },
  PAIN_MALFORMED: { status: 417, message: 'The XML file cannot be read: {reason}.' },
  PAIN_NAMESPACE: {
    status: 417,
    message: 'The XML file is not a pain.001.001.03 or pain.001.001.09 payment file (namespace {ns}).',
  },
  PAIN_CONTROL_SUM: {
    status: 417,
    message: 'The control sum {declared} of the file differs from the sum of its payments {actual}.',
  },
  PAIN_TX_COUNT: {
    status: 417,
    message: 'The file declares {declared} payments but holds {found}.',
  },
  BULK_NOT_MERCHANT_SERVICE: {
    status: 403,
    message: 'The pay-out terminal is available to MerchantService companies only.',
  },
  BULK_BATCH_NOT_FOUND: { status: 404, message: 'The batch was not found.' },
  BULK_BATCH_HAS_ERRORS: {
    status: 417,
    message: 'The batch has {count} rows with errors. Fix them and upload the file again.',
  },
  BULK_BATCH_STATE: {
    status: 417,
    message: 'Action failed: a batch in status {status} cannot be {action}.',
  },
});
