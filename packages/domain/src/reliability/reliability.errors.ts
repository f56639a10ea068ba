import { defineErrors, errorDef } from '../errors/define.ts';

/** Reliability and security (issue 17): hostile uploads. */
export const reliabilityErrors = defineErrors({
  FILE_ACTIVE_CONTENT: errorDef(417, 'The file carries active content ({what}) and cannot be accepted.'),
  FILE_CSV_FORMULA: errorDef(
    417,
    'Row {row}, column {column} starts a spreadsheet formula; remove it and upload the file again.',
  ),
});
