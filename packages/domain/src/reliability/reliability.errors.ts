import { defineErrors } from '../errors/define.ts';

/** Reliability and security (issue 17): hostile uploads. */
export const reliabilityErrors = defineErrors({
  FILE_ACTIVE_CONTENT: {
    status: 417,
    message: 'The file carries active content ({what}) and cannot be accepted.',
  },
  FILE_CSV_FORMULA: {
    status: 417,
    message: 'Row {row}, column {column} starts a spreadsheet formula; remove it and upload the file again.',
  },
});
