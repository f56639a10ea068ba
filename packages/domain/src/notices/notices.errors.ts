import { defineErrors, errorDef } from '../errors/define.ts';

/** Refusals of system notices. */
export const noticeErrors = defineErrors({
  NOTICE_NOT_FOUND: errorDef(404, 'The notice was not found.'),
  NOTICE_DATES_INVALID: errorDef(417, 'The end date of the notice is before its start date.'),
  NOTICE_AUDIENCE_INVALID: errorDef(417, 'Choose the platform label or the company of the notice.'),
});
