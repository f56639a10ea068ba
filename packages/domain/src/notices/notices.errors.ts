import { defineErrors } from '../errors/define.ts';

/** Refusals of system notices. */
export const noticeErrors = defineErrors({
  NOTICE_NOT_FOUND: { status: 404, message: 'The notice was not found.' },
  NOTICE_DATES_INVALID: { status: 417, message: 'The end date of the notice is before its start date.' },
  NOTICE_AUDIENCE_INVALID: {
    status: 417,
    message: 'Choose the platform label or the company of the notice.',
  },
});
