import { defineErrors, errorDef } from '../errors/define.ts';

/** Refusals of the pay-out terminal (issue 14): whole-file problems and batch actions. */
export const bulkPayoutErrors = defineErrors({
  BULK_FILE_TYPE: errorDef(417, 'Upload a CSV file (.csv) or an ISO 20022 pain.001 file (.xml).'),
  BULK_FILE_EMPTY: errorDef(417, 'The file is empty.'),
  BULK_FILE_TOO_LARGE: errorDef(413, 'The file is larger than {max} MB.'),
  BULK_NOT_UTF8: errorDef(417, 'The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.'),
  BULK_TOO_MANY_ROWS: errorDef(
    417,
    'The file has {count} payments; a batch may have at most {max}. Split it into several files.',
  ),
  BULK_NO_ROWS: errorDef(417, 'The file has no payments.'),
  BULK_CSV_DELIMITER: errorDef(
    417,
    'The columns of the file are not separated by commas or semicolons. Use the template and save it as CSV.',
  ),
  BULK_CSV_HEADER: errorDef(417, 'The first line must name the columns of the template. Missing: {columns}.'),
  BULK_CSV_UNTERMINATED_QUOTE: errorDef(417, 'A quoted cell that starts on line {line} is never closed.'),
  PAIN_MALFORMED: errorDef(417, 'The XML file cannot be read: {reason}.'),
  PAIN_NAMESPACE: errorDef(
    417,
    'The XML file is not a pain.001.001.03 or pain.001.001.09 payment file (namespace {ns}).',
  ),
  PAIN_SCHEMA: errorDef(417, 'The file does not match {version}: line {line}: {error} Nothing was uploaded.'),
  PAIN_CONTROL_SUM: errorDef(
    417,
    'The control sum {declared} of the file differs from the sum of its payments {actual}.',
  ),
  PAIN_TX_COUNT: errorDef(417, 'The file declares {declared} payments but holds {found}.'),
  PAIN_DEBTOR_ACCOUNT: errorDef(
    417,
    'The debtor account {iban} of payment information {block} is not an active account of your company. Nothing was uploaded.',
  ),
  PAIN_DUPLICATE_MESSAGE: errorDef(
    409,
    'A file with message id {msgId} was already uploaded on {date} (batch {status}). Give the file a new MsgId, or discard that batch first. Nothing was uploaded.',
  ),
  BULK_NOT_MERCHANT_SERVICE: errorDef(
    403,
    'The pay-out terminal is available to MerchantService companies only.',
  ),
  BULK_BATCH_NOT_FOUND: errorDef(404, 'The batch was not found.'),
  BULK_BATCH_HAS_ERRORS: errorDef(
    417,
    'The batch has {count} rows with errors. Fix them and upload the file again.',
  ),
  BULK_STATUS_REPORT_UNAVAILABLE: errorDef(
    417,
    'A status report (pain.002) is available for a batch uploaded as pain.001 once it has been approved.',
  ),
  BULK_BATCH_STATE: errorDef(417, 'Action failed: a batch in status {status} cannot be {action}.'),
});
